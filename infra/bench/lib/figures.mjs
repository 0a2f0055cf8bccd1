// @ts-check
/**
 * Machine-readable figures (issue 27 point 5). Every bench prints, beside its own lines, one `FIGURE {json}` line per
 * figure it measures; `npm run bench -- all` collects them (run.mjs) into one table. Pure functions, unit-tested in
 * figures.spec.mjs, except `reportFigure`, which only logs.
 *
 * A figure: { name, value, unit, target, meets }. `target` is { op, limit } (op one of ≤ < ≥ >) or null for a figure
 * printed without a target (then `meets` is null); `value` is null when the bench could not measure it (unknown, not
 * zero: it then misses its target).
 */

/** @typedef {'≤' | '<' | '≥' | '>'} Op */
/** @typedef {{ op: Op, limit: number }} Target */
/** @typedef {{ name: string, value: number | null, unit: string, target: Target | null, meets: boolean | null }} Figure */

export const figurePrefix = 'FIGURE ';

/** Whether a value holds its target; an unknown value (null, NaN) never does. @param {number | null} value @param {Target} target */
export function meetsTarget(value, target) {
  if (value === null || !Number.isFinite(value)) return false;
  switch (target.op) {
    case '≤':
      return value <= target.limit;
    case '<':
      return value < target.limit;
    case '≥':
      return value >= target.limit;
    case '>':
      return value > target.limit;
  }
}

/**
 * A figure, its verdict worked out. @param {string} name @param {number | null | undefined} value
 * @param {string} unit '×' for a ratio to an anchor, or 'ms', 'MB', 'jobs/s', 's', '' (a count) …
 * @param {Target | null} [target]
 * @returns {Figure}
 */
export function figure(name, value, unit, target = null) {
  const known = value === undefined || value === null || !Number.isFinite(value) ? null : value;
  return { name, value: known, unit, target, meets: target ? meetsTarget(known, target) : null };
}

/** The line a bench prints for `all`. @param {Figure} item */
export const figureLine = (item) => `${figurePrefix}${JSON.stringify(item)}`;

/** The figure of a printed line, or null when the line is not one. @param {string} line */
export function parseFigureLine(line) {
  const at = line.indexOf(figurePrefix);
  if (at === -1 || line.slice(0, at).trim().replace(/^\[[^\]]*\]$/, '') !== '') return null;
  try {
    const item = JSON.parse(line.slice(at + figurePrefix.length));
    if (typeof item?.name !== 'string' || typeof item.unit !== 'string') return null;
    return /** @type {Figure} */ (item);
  } catch {
    return null;
  }
}

/**
 * Logs a figure's line; answers whether it meets its target (true when it has none), so a bench can write
 * `if (!reportFigure(...)) misses.push(...)`.
 * @param {(line: string) => void} log @param {string} name @param {number | null | undefined} value @param {string} unit
 * @param {Target | null} [target]
 */
export function reportFigure(log, name, value, unit, target = null) {
  const item = figure(name, value, unit, target);
  log(figureLine(item));
  return item.meets !== false;
}

/** A value as the table shows it: ratios with two decimals, times and sizes rounded to what the noise allows. @param {number | null} value @param {string} unit */
export function formatValue(value, unit) {
  if (value === null) return 'unknown';
  const digits = Number.isInteger(value) && unit !== '×' ? 0 : unit === '×' ? 2 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (!unit) return number;
  return unit === '×' ? `${number}×` : `${number} ${unit}`;
}

/** A target as the issue states it (`≤ 1.5×`, `< 400 MB`, `≥ 100×`). @param {Target | null} target @param {string} unit */
export function formatTarget(target, unit) {
  if (!target) return '—';
  const limit = target.limit.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return `${target.op} ${limit}${unit === '×' ? '×' : unit ? ` ${unit}` : ''}`;
}

/**
 * @typedef {{ bench: string, figures: Figure[], loadBefore: number, loadAfter: number, error?: string | null, settled?: string | null }} BenchResult
 * `settled`: how long the machine took to be quiet before the bench (lib/settle.mjs), e.g. "quiet after 12 s".
 */

const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The one table of `npm run bench -- all`: a row per figure (a bench that ended early gets a row saying so), with the
 * 1-minute load average before and after its bench (and the wait for a quiet machine before it) on the bench's first
 * row, and the run's date and commit above.
 * @param {{ results: BenchResult[], startedAt: Date, finishedAt: Date, commit: string, machine: string }} run
 */
export function renderTable({ results, startedAt, finishedAt, commit, machine }) {
  const time = (/** @type {Date} */ date) => date.toISOString().slice(11, 16);
  const figures = results.flatMap((result) => result.figures);
  const met = figures.filter((item) => item.meets === true).length;
  const missed = figures.filter((item) => item.meets === false).length;
  const unfinished = results.filter((result) => result.error).length;
  const lines = [
    `\`npm run bench -- all\` on ${startedAt.toISOString().slice(0, 10)}, ${time(startedAt)}–${time(finishedAt)} UTC, commit \`${commit}\`, ${machine}.`,
    `${met} ${met === 1 ? 'target' : 'targets'} met, ${missed} missed${unfinished ? `, ${unfinished} ${unfinished === 1 ? 'bench' : 'benches'} did not finish` : ''}; ratios are against an anchor measured in the same run.`,
    '',
    '| bench | figure | value | target | result | load (1 min) before → after |',
    '|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    const load = `${result.loadBefore.toFixed(1)} → ${result.loadAfter.toFixed(1)}${result.settled ? ` (${result.settled})` : ''}`;
    const rows = result.figures.map((item) => [
      cell(item.name),
      formatValue(item.value, item.unit),
      formatTarget(item.target, item.unit),
      item.meets === null ? '—' : item.meets ? 'meets' : '**misses**',
    ]);
    if (result.error) rows.push([cell(`did not finish: ${result.error}`), '—', '—', '**misses**']);
    if (!rows.length) rows.push(['(no figures printed)', '—', '—', '—']);
    rows.forEach((row, index) => lines.push(`| ${index === 0 ? result.bench : ''} | ${row.join(' | ')} | ${index === 0 ? load : ''} |`));
  }
  return lines.join('\n');
}

export const tableStart = '<!-- bench-all:start -->';
export const tableEnd = '<!-- bench-all:end -->';

/**
 * The document with the text between the two markers replaced (the markers kept), so the table is regenerated,
 * never edited by hand. Fails when the markers are missing or out of order (nothing is written then).
 * @param {string} document @param {string} content
 */
export function replaceBetweenMarkers(document, content) {
  const start = document.indexOf(tableStart);
  const end = document.indexOf(tableEnd);
  if (start === -1 || end === -1 || end < start || document.indexOf(tableStart, start + 1) !== -1) {
    throw new Error(`the document needs exactly one ${tableStart} … ${tableEnd} pair`);
  }
  return `${document.slice(0, start + tableStart.length)}\n${content.trim()}\n${document.slice(end)}`;
}
