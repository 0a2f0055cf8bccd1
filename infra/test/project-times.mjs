// @ts-check
// The time each Jest project took, from `jest --json` results: its test files' durations summed (two files run at
// once, so the sums add up to about twice the Jest wall time), then the wall time of the whole `npm test`.
import { relative } from 'node:path';

/** The Jest project of a test file, by the same paths as jest.config.js's testMatch. */
export function projectOf(/** @type {string} */ path) {
  if (path.startsWith('web/e2e/')) return 'e2e';
  if (/(^|\/)test\/corpus\//.test(path)) return 'corpus';
  if (/\.int\.spec\.[cm]?[jt]s$/.test(path)) return 'integration';
  if (path.startsWith('web/src/')) return 'web';
  return 'unit';
}

const clock = (/** @type {number} */ ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

/**
 * The lines `npm test` prints at the end: per project the summed file durations and the file count, then the wall
 * time (build and Jest).
 * @param {{ startTime: number, testResults: { name: string, startTime: number, endTime: number }[] }} results
 * @param {{ root: string, buildMs: number, wallMs: number }} run
 */
export function projectTimes(results, run) {
  /** @type {Map<string, { ms: number, files: number }>} */
  const projects = new Map();
  for (const file of results.testResults) {
    const project = projectOf(relative(run.root, file.name).split('\\').join('/'));
    const entry = projects.get(project) ?? { ms: 0, files: 0 };
    entry.ms += Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0));
    entry.files += 1;
    projects.set(project, entry);
  }
  const order = ['unit', 'web', 'integration', 'corpus', 'e2e'];
  const lines = ['time per project (test files\' durations summed; two files run at a time):'];
  for (const [name, entry] of [...projects.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))) {
    lines.push(`  ${name.padEnd(12)} ${clock(entry.ms).padStart(8)}  (${entry.files} ${entry.files === 1 ? 'file' : 'files'})`);
  }
  lines.push(`wall time ${clock(run.wallMs)} (build ${clock(run.buildMs)}, jest ${clock(run.wallMs - run.buildMs)})`);
  return lines.join('\n');
}
