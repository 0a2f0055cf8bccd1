// @ts-check
/**
 * Where a phase's CPU went, on a machine whose cores the Node processes and PostgreSQL share (issue 26 point 6):
 * utime + stime from /proc/<pid>/stat of each named process, of one database's PostgreSQL backends and of the whole
 * PostgreSQL server, Redis's own count (INFO cpu), this process (the load generator) and the machine (/proc/stat).
 * CPU time per unit of work holds under load where wall time does not. A figure that cannot be read here (PostgreSQL
 * on another host, or /proc closed to us) is null, not zero.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Redis } from 'ioredis';

/** Clock ticks a second (`getconf CLK_TCK`): 100 on every Linux the project runs on. */
const ticksPerSecond = 100;
/** How often the database's backends are read: a backend that exits between two reads loses at most this much CPU. */
const sampleEveryMs = 250;

/** utime, stime, cutime, cstime (ticks), the start time and parent of a process, or null once it is gone. @param {number} pid */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis (field 3 is index 0).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (/** @type {number} */ field) => Number(fields[field - 3]);
    return { own: at(14) + at(15), children: at(16) + at(17), started: fields[22 - 3] ?? '', parent: at(4) };
  } catch {
    return null;
  }
}

/** The postmaster's live children. @param {number} postmaster */
function childrenOf(postmaster) {
  try {
    return readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A backend's database, from the title PostgreSQL gives it: "postgres: [cluster: ]user database host(port) activity". @param {number} pid */
function databaseOf(pid) {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return /^postgres: (?:\S+: )?\S+ (\S+) \S+\(\d+\)/.exec(title)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine. */
function machineTicks() {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/** @param {Redis} redis */
async function redisCpuSeconds(redis) {
  const info = await redis.info('cpu');
  const field = (/** @type {string} */ name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return field('used_cpu_user') + field('used_cpu_sys');
}

/**
 * The postmaster's pid when PostgreSQL runs on this machine (the parent of the given connection's backend), else null.
 * @param {{ query: (sql: string) => Promise<{ rows: any[] }> }} connection
 */
export async function postmasterOf(connection) {
  const [{ pid }] = (await connection.query('select pg_backend_pid() as pid')).rows;
  const parent = statOf(pid)?.parent;
  try {
    return parent && readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('postgres') ? parent : null;
  } catch {
    return null;
  }
}

/**
 * Starts measuring. `processes` are the Node processes by name; `postgres` the postmaster's pid (null: not on this
 * machine) and the database whose backends are counted apart. `stop()` answers seconds of CPU per name, with the
 * wall time of the phase.
 * @param {{ processes: Record<string, number>, postgres: { postmaster: number, database: string } | null, redisUrl: string }} options
 */
export async function startCpuMeter({ processes, postgres, redisUrl }) {
  const startedAt = performance.now();
  const nodeStart = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, statOf(pid)]));
  const selfStart = process.cpuUsage();
  const machineStart = machineTicks();
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const redisStart = await redis.connect().then(() => redisCpuSeconds(redis)).catch(() => null);

  // PostgreSQL: every child of the postmaster by pid and start time (a pid may be reused), its ticks when first seen
  // (0 if born during the phase) and when last seen; the postmaster's own and reaped children's ticks besides.
  /** @type {Map<string, { ours: boolean, base: number, last: number, alive: boolean }>} */
  const backends = new Map();
  const postmasterStart = postgres ? statOf(postgres.postmaster) : null;
  const sample = (/** @type {boolean} */ first) => {
    if (!postgres || !postmasterStart) return;
    const seen = new Set();
    for (const pid of childrenOf(postgres.postmaster)) {
      const stat = statOf(pid);
      if (!stat) continue;
      const key = `${pid}:${stat.started}`;
      seen.add(key);
      const known = backends.get(key);
      if (known) known.last = stat.own;
      else backends.set(key, { ours: databaseOf(pid) === postgres.database, base: first ? stat.own : 0, last: stat.own, alive: true });
    }
    for (const [key, backend] of backends) if (!seen.has(key)) backend.alive = false;
  };
  sample(true);
  const timer = setInterval(() => sample(false), sampleEveryMs);

  return {
    async stop() {
      clearInterval(timer);
      sample(false);
      const wallSeconds = (performance.now() - startedAt) / 1000;
      /** @type {Record<string, number | null>} */
      const seconds = {};
      for (const [name, pid] of Object.entries(processes)) {
        const [before, after] = [nodeStart[name], statOf(pid)];
        seconds[name] = before && after ? (after.own - before.own) / ticksPerSecond : null;
      }
      const self = process.cpuUsage(selfStart);
      seconds['load generator (this bench)'] = (self.user + self.system) / 1e6;
      const postmasterEnd = postgres ? statOf(postgres.postmaster) : null;
      if (postgres && postmasterStart && postmasterEnd) {
        let ours = 0;
        let all = postmasterEnd.own + postmasterEnd.children - postmasterStart.own - postmasterStart.children;
        for (const backend of backends.values()) {
          if (backend.ours) ours += backend.last - backend.base;
          // A child reaped during the phase is in the postmaster's children's ticks whole: take off what it had before.
          all += backend.alive ? backend.last - backend.base : -backend.base;
        }
        seconds[`PostgreSQL (${postgres.database}'s backends)`] = ours / ticksPerSecond;
        seconds['PostgreSQL (the whole server)'] = all / ticksPerSecond;
      } else {
        seconds[`PostgreSQL (${postgres?.database ?? 'its'} backends)`] = null;
        seconds['PostgreSQL (the whole server)'] = null;
      }
      const redisEnd = redisStart === null ? null : await redisCpuSeconds(redis).catch(() => null);
      seconds['Redis (the whole server)'] = redisStart !== null && redisEnd !== null ? redisEnd - redisStart : null;
      redis.disconnect();
      const machineEnd = machineTicks();
      const machineBusy = (machineEnd.busy - machineStart.busy) / Math.max(1, machineEnd.total - machineStart.total);
      return { wallSeconds, seconds, machineBusy, cores: availableParallelism() };
    },
  };
}

/**
 * The lines a phase prints: each process's CPU seconds, as a share of the machine over the phase (cores × wall
 * time) and, for the app's own (the Node processes named + this database's PostgreSQL backends), of the app's CPU;
 * the split is Node ÷ PostgreSQL within the app's CPU.
 * @param {Awaited<ReturnType<Awaited<ReturnType<typeof startCpuMeter>>['stop']>>} measured @param {string[]} nodeNames
 * @param {string} database
 */
export function cpuSplitLines(measured, nodeNames, database) {
  const { wallSeconds, seconds, machineBusy, cores } = measured;
  const capacity = wallSeconds * cores;
  const postgresKey = `PostgreSQL (${database}'s backends)`;
  const nodeSeconds = nodeNames.reduce((sum, name) => sum + (seconds[name] ?? 0), 0);
  const postgresSeconds = seconds[postgresKey];
  const app = postgresSeconds === null || postgresSeconds === undefined ? null : nodeSeconds + postgresSeconds;
  const appNames = new Set([...nodeNames, postgresKey]);
  // The app's own processes get their share of the app's CPU too; the rest (this bench, whole servers) the machine's only.
  const share = (/** @type {string} */ name, /** @type {number | null | undefined} */ value) =>
    value === null || value === undefined
      ? 'unknown'
      : `${value.toFixed(2)} s = ${((100 * value) / capacity).toFixed(1)} % of the machine${app && appNames.has(name) ? `, ${((100 * value) / app).toFixed(1)} % of the app's` : ''}`;
  const lines = Object.entries(seconds).map(([name, value]) => `    ${name}: ${share(name, value)}`);
  lines.unshift(`  CPU over ${wallSeconds.toFixed(1)} s (${cores} cores = ${capacity.toFixed(1)} core-seconds; the whole machine was ${(100 * machineBusy).toFixed(0)} % busy, other work included):`);
  const split = app ? { node: nodeSeconds / app, postgres: /** @type {number} */ (postgresSeconds) / app } : null;
  lines.push(
    split && app
      ? `    split: Node processes ${(100 * split.node).toFixed(0)} % · PostgreSQL ${(100 * split.postgres).toFixed(0)} % of the app's ${app.toFixed(2)} CPU-seconds (${((100 * app) / capacity).toFixed(0)} % of the machine)`
      : '    split: unknown (PostgreSQL is not a process on this machine)',
  );
  return { lines, split, appSeconds: app };
}
