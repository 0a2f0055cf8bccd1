// @ts-check
/**
 * Before each bench under `npm run bench -- all`: wait for the machine to be quiet again, so a bench measures itself
 * and not what the bench before it left running — PostgreSQL's checkpoint of the pages it wrote, the autovacuum of the
 * tables it filled, a child process still exiting. On two cores that leftover was measured at 40 % of the Search
 * Console bench's time (docs/benchmarks.md, "sixth session"). The wait is printed, never hidden; it is capped, and a
 * machine still busy at the cap is said to be so and the bench runs anyway.
 */
import { readFileSync } from 'node:fs';

/** Quiet: under this share of every core busy (iowait counts as busy: a checkpoint writing is not quiet)… */
export const quietShare = 0.15;
/** …for this many one-second samples in a row, with no autovacuum worker running. */
export const quietSamples = 3;
/** Waiting longer than this, the bench runs anyway (and the log says the machine was not quiet). */
export const settleCapMs = 240_000;

/**
 * The "cpu" line of /proc/stat as busy and total ticks (every core together).
 * @param {string} procStat the file's text
 * @returns {{ busy: number, total: number }}
 */
export function cpuTicks(procStat) {
  const line = procStat.split('\n').find((text) => text.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle, total };
}

/** The share of the machine busy between two readings (0 when no tick passed). @param {{ busy: number, total: number }} before @param {{ busy: number, total: number }} after */
export function busyShare(before, after) {
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

/**
 * Whether the last samples say quiet: the last `quietSamples` one-second shares all under `quietShare`, and no
 * autovacuum worker at the last.
 * @param {readonly number[]} shares @param {number} autovacuumWorkers
 */
export function isQuiet(shares, autovacuumWorkers) {
  return autovacuumWorkers === 0 && shares.length >= quietSamples && shares.slice(-quietSamples).every((share) => share < quietShare);
}

/**
 * Waits for a quiet machine: a CHECKPOINT first (the pages the last bench dirtied are written now, not in the next
 * bench), then one-second samples of the CPU and of the server's autovacuum workers until `isQuiet`, or the cap.
 * @param {{ query: (sql: string) => Promise<{ rows: any[] }> }} server a connection to the bench's PostgreSQL (superuser for CHECKPOINT)
 * @param {{ readStat?: () => string, sleep?: (ms: number) => Promise<void>, now?: () => number, capMs?: number }} [options]
 * @returns {Promise<{ waitedMs: number, quiet: boolean, lastShare: number, autovacuum: string[] }>}
 */
export async function settle(server, options = {}) {
  const readStat = options.readStat ?? (() => readFileSync('/proc/stat', 'utf8'));
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => performance.now());
  const capMs = options.capMs ?? settleCapMs;
  const started = now();
  // Not every account may checkpoint (pg_checkpoint or superuser): without it, the wait below still covers it.
  await server.query('checkpoint').catch(() => undefined);
  /** @type {number[]} */
  const shares = [];
  let before = cpuTicks(readStat());
  for (;;) {
    await sleep(1_000);
    const after = cpuTicks(readStat());
    shares.push(busyShare(before, after));
    before = after;
    const { rows } = await server.query(`select query from pg_stat_activity where backend_type = 'autovacuum worker'`);
    const autovacuum = rows.map((row) => String(row.query));
    const quiet = isQuiet(shares, autovacuum.length);
    if (quiet || now() - started >= capMs) return { waitedMs: now() - started, quiet, lastShare: shares.at(-1) ?? 0, autovacuum };
  }
}

/** The log line of a settle. @param {Awaited<ReturnType<typeof settle>>} result */
export function settleLine(result) {
  const seconds = (result.waitedMs / 1000).toFixed(1);
  if (result.quiet) return `machine quiet after ${seconds} s (checkpoint, then ${quietSamples} s under ${Math.round(quietShare * 100)} % busy, no autovacuum)`;
  const vacuums = result.autovacuum.length ? `; autovacuum: ${result.autovacuum.join(', ')}` : '';
  return `machine NOT quiet after ${seconds} s (last second ${Math.round(result.lastShare * 100)} % busy${vacuums}): running anyway`;
}

/** The table's short note of a settle. @param {Awaited<ReturnType<typeof settle>>} result */
export function settleNote(result) {
  return `${result.quiet ? 'quiet' : 'still busy'} after ${Math.round(result.waitedMs / 1000)} s`;
}
