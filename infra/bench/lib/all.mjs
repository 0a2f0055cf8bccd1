// @ts-check
/**
 * What `npm run bench -- all` runs, in which order and on which database (issue 27 point 5). Pure, unit-tested in
 * all.spec.mjs; run.mjs does the running.
 */

/**
 * The order of `all`: the market readers first (while the market's pages are still the research ones), then the rest.
 * `exports-beside-research` reads the market too (research beside exports) and makes its own scratch database for the
 * exports, so it is no scratch bench.
 */
export const allOrder = ['research', 'exports-beside-research', 'exports', 'reports', 'imports', 'queues', 'jobs', 'schedules', 'public-api', 'live-data', 'search-console'];

/**
 * Benches that write into the very database they are given (the others read the market, or make a scratch database
 * of their own on its server): under `all` they get one scratch database, made for the run and dropped after it, so
 * the bench market is left as it was.
 */
export const scratchBenches = new Set(['exports', 'queues', 'jobs']);

/**
 * The command line after `npm run bench --`: `all` (every bench, the table written into docs/benchmarks.md),
 * `all <name>…` (those benches' table printed only), or names (each bench's own lines, as before).
 * @param {string[]} args @param {string[]} available the `<name>.bench.mjs` files
 * @returns {{ names: string[], collect: boolean, writeDocs: boolean }}
 */
export function planRun(args, available) {
  const collect = args[0] === 'all';
  const wanted = collect ? args.slice(1) : args;
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}; available: all, ${available.join(', ')}`);
  if (wanted.length) return { names: wanted, collect, writeDocs: false };
  const ordered = [...allOrder.filter((name) => available.includes(name)), ...available.filter((name) => !allOrder.includes(name)).sort()];
  return { names: collect ? ordered : available, collect, writeDocs: collect };
}
