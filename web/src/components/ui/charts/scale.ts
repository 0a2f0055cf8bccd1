/** Small scale helpers for the hand-written SVG charts (no chart library: these charts need a few lines each). */

export const chartColors = ['#1f6feb', '#e8590c', '#2da44e', '#8250df', '#bf8700', '#cf222e'] as const;

export interface Domain {
  min: number;
  max: number;
}

/** A "nice" step (1, 2, 2.5 or 5 × 10^n) for about `count` ticks over a span. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const ratio = raw / magnitude;
  const nice = ratio <= 1 ? 1 : ratio <= 2 ? 2 : ratio <= 2.5 ? 2.5 : ratio <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * Ticks from a rounded-down start to a rounded-up end covering the values; a flat series still gets a span.
 * `zero` starts counts at 0 (bars, clicks); positions start at their best value. `whole` keeps whole-number steps for
 * things counted in units (jobs, milliseconds), so a scale of 0–1 reads "0, 1", not "0, 1, 1" (0.5 shown rounded).
 */
export function niceTicks(values: readonly number[], options: { count?: number; zero?: boolean; whole?: boolean } = {}): number[] {
  const count = options.count ?? 4;
  const finite = values.filter(Number.isFinite);
  let min = finite.length ? Math.min(...finite) : 0;
  let max = finite.length ? Math.max(...finite) : 1;
  if (options.zero) min = Math.min(0, min);
  if (min === max) max = min + (min === 0 ? 1 : Math.abs(min) * 0.5);
  const nice = niceStep(max - min, count);
  const step = options.whole ? Math.max(1, nice === 2.5 ? 2 : nice) : nice;
  const start = Math.floor(min / step) * step;
  const end = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = start; tick <= end + step / 1e6; tick += step) ticks.push(Number(tick.toFixed(10)));
  return ticks;
}

/** Maps a value in a domain to a pixel range; `invert` puts the minimum at the top (ranking positions). */
export function linear(domain: Domain, range: [number, number], invert = false) {
  const span = domain.max - domain.min || 1;
  return (value: number) => {
    const t = (value - domain.min) / span;
    return invert ? range[0] + t * (range[1] - range[0]) : range[1] - t * (range[1] - range[0]);
  };
}

/** "M x y L x y …" through the points, broken where a value is missing (a month without data is a gap, not a zero). */
export function linePath(points: readonly (readonly [number, number] | null)[]): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (!point) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${point[0].toFixed(1)} ${point[1].toFixed(1)}`;
    drawing = true;
  }
  return path;
}

/** Charts whose rows can be selected need a unique id per row (docs/product/account-exports-reports.md §5); a duplicate would select two series at once. */
export function assertUniqueIds(ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`A chart with selection needs a unique id per row; "${id}" appears twice.`);
    seen.add(id);
  }
}
