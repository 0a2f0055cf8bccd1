// @ts-check
/** Percentiles and the printed figures of a benchmark. */

/** @param {number[]} values @param {number} p 0..100 (nearest-rank) */
export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** @param {number[]} values */
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

export const ms = (/** @type {number} */ value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/**
 * One printed line per target: the measured figure, its anchor, the ratio and whether the target holds.
 * @param {{ name: string, measured: number, anchor: number, anchorName: string, limit: number }} figure
 */
export function ratioLine({ name, measured, anchor, anchorName, limit }) {
  const ratio = measured / anchor;
  const verdict = ratio <= limit ? 'meets' : 'MISSES';
  return `${name}: ${ms(measured)} = ${ratio.toFixed(2)}× ${anchorName} (${ms(anchor)}); target ≤ ${limit}× → ${verdict}`;
}
