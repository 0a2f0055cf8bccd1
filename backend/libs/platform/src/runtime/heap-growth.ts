import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it collects again, in
 * percent. Left to itself V8 grows it up to 4× the live objects when collecting is cheap: under Node 20 the API,
 * whose live heap is ~70 MB, rose by ~40 KB per request (garbage that lived through two young collections, never a
 * leak) to ~300 MB resident under a status poll; at 1.5× it stayed near 200 MB at the same CPU. (Under Node 24 the
 * young generation weighs more: serviceNodeOptions in infra/launcher/paths.mjs; docs/decisions.md, "Import speed and
 * memory".)
 */
export const heapGrowingPercent = 50;

/**
 * Sets the heap's growth for this process (the first thing `main` does). A --heap-growing-percent the process was
 * started with (node's arguments or NODE_OPTIONS) is kept.
 */
export function limitHeapGrowth(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((argument) => /--heap[-_]growing[-_]percent/.test(argument));
  if (!given) setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}

/**
 * Turns off V8's allocation-site pretenuring for this process (the worker's `main`, after limitHeapGrowth), unless
 * the process was started with an --allocation-site-pretenuring of its own. V8 watches how many objects of each
 * allocation site outlive a young collection and, past a threshold, allocates that site's objects in the old
 * generation from then on, never to look again. A file import holds its first thousand records (the sample its
 * number style is read from) and a chunk's records at a time, enough for V8 to pretenure the CSV reader's and the
 * parser's sites: from then on every record of a million-row file went straight to the old generation as garbage,
 * and with the heap growth limited to 1.5× the worker ran a full collection every few megabytes (28 of them in one
 * import's staging; its CPU 5.7 s instead of 2.9 s). Without pretenuring those records die young, as they are.
 * docs/decisions.md, "Import speed (issue 19, point 7: the real path)".
 */
export function keepShortLivedObjectsYoung(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((argument) => /--(no-)?allocation[-_]site[-_]pretenuring/.test(argument));
  if (!given) setFlagsFromString('--no-allocation-site-pretenuring');
}
