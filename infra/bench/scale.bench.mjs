// @ts-check
/**
 * Issue 26 point 6: scale out measured on this machine. The same work against (a) one built API node and one built
 * worker, then (b) two API nodes and two workers — each node on its own ports, every one on the same DATABASE_URL,
 * Redis, REDIS_PREFIX, data folder and PUBLIC_URL, as a scale-out runs; each worker at its default concurrency
 * (WORKER_CONCURRENCY unless the environment sets it). In each configuration:
 *   - research: BENCH_SCALE_VISITORS (8) full users at once, each issuing a fixed mix — domain overview, seo/competitors
 *     and seo/keywords (first pages) of the BENCH_SCALE_DOMAINS (20) largest US domains — to the API nodes in turn,
 *     for BENCH_SCALE_SECONDS (30) after BENCH_SCALE_WARMUP_SECONDS (8): requests a second and p95 (request → last byte);
 *   - events: BENCH_SCALE_EVENTS (40) small CSV exports one after another, each started through node B and watched
 *     by the same user's Socket.IO client connected to node A (B ≠ A with two nodes; either worker runs it): the
 *     completed event's lag, its arrival less job_record.finished_at (µs, as the jobs bench) — target p95 < 50 ms;
 *   - exports: BENCH_SCALE_EXPORTS (20) CSV exports of a mid-size table (seo/keywords of the largest domain, one
 *     user each: the same request of one user runs once) started at once across the nodes: jobs a minute and rows a
 *     second, first request → last completed event;
 *   - the CPU of each phase (research, exports): utime + stime of every Node process, of the database's PostgreSQL
 *     backends and of the whole PostgreSQL server, Redis and this bench (lib/cpu-split.mjs), as shares of the machine
 *     and the Node ÷ PostgreSQL split (they share this machine's cores).
 * Printed: two nodes ÷ one node for research and export throughput, and event p95 against 50 ms; the last line is
 * one JSON object of the figures (name, value, unit, target, meets) for a table of every bench.
 * Data: the market in DATABASE_URL (the bench market: `npm run bench:data` first), migrated first; or with
 * BENCH_SCALE_MARKET=tiny|demo a scratch database with that demo market on DATABASE_URL's server, dropped
 * afterwards. BENCH_SCALE_PARTS ("research,events,exports") picks the phases. The run's accounts, job records,
 * files and Redis keys are removed afterwards, and every process it started is stopped, also when it fails or is
 * interrupted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { entryPoints, root } from '../launcher/paths.mjs';
import { BenchClient, fullUserClient, startBackend } from './lib/backend.mjs';
import { cpuSplitLines, postmasterOf, startCpuMeter } from './lib/cpu-split.mjs';
import { figure as makeFigure, figureLine } from './lib/figures.mjs';
import { cleanRedis } from './lib/redis-keys.mjs';
import { makeScratchMarket } from './lib/scratch-market.mjs';
import { ms, percentile } from './lib/stats.mjs';

const env = process.env;
const visitors = Number(env.BENCH_SCALE_VISITORS ?? 8);
const measureSeconds = Number(env.BENCH_SCALE_SECONDS ?? 30);
const warmupSeconds = Number(env.BENCH_SCALE_WARMUP_SECONDS ?? 8);
const domainCount = Number(env.BENCH_SCALE_DOMAINS ?? 20);
const exportCount = Number(env.BENCH_SCALE_EXPORTS ?? 20);
const eventCount = Number(env.BENCH_SCALE_EVENTS ?? 40);
const scratchSize = /** @type {'tiny' | 'demo' | undefined} */ (env.BENCH_SCALE_MARKET === 'tiny' || env.BENCH_SCALE_MARKET === 'demo' ? env.BENCH_SCALE_MARKET : undefined);
const parts = new Set((env.BENCH_SCALE_PARTS ?? 'research,events,exports').split(',').map((part) => part.trim()));
const territory = 'US';
const eventBudgetMs = 50;
const exportTimeoutMs = 10 * 60_000;
/**
 * The bench's clients are programs: what would hold a person back would hold them (sign-ups an hour from one
 * address, exports an hour per account). Counted still, past what a run reaches.
 */
const benchEnv = { REGISTRATIONS_PER_HOUR: '100000', EXPORTS_PER_HOUR_FULL: '100000' };

const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const fixed = (/** @type {number} */ value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** @typedef {{ email: string, cookie: string, csrfToken: string }} BenchUser */
/** @typedef {Awaited<ReturnType<typeof startBackend>>} BenchNode */
/** @typedef {import('./lib/figures.mjs').Figure} Figure */

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  /** Clean-up steps, run last-first by cleanUp (on success, failure or a signal); each runs once. */
  /** @type {Array<() => Promise<unknown>>} */
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch((error) => log(`clean-up: ${error instanceof Error ? error.message : error}`));
  };
  let interrupted = false;
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    log(`${signal}: stopping what the bench started`);
    interrupted = true;
    // A node may be starting (not yet in `cleanups`): stop every child first, so none outlives the bench or makes
    // the scratch database again after its drop (MikroORM creates a missing database when it connects).
    void stopOwnChildren()
      .then(cleanUp)
      .finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  /** @type {string[]} */
  const misses = [];
  try {
    let url = databaseUrl;
    if (scratchSize) {
      const scratch = await makeScratchMarket(databaseUrl, 'scale', scratchSize, log);
      cleanups.push(scratch.drop);
      url = scratch.url;
    } else {
      const migrated = spawnSync(process.execPath, [entryPoints.migrate], { cwd: root, env: { ...env, DATABASE_URL: url }, stdio: 'inherit' });
      if (migrated.status !== 0) throw new Error('migrations failed');
    }
    const database = decodeURIComponent(new URL(url).pathname.slice(1));
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    // An idle connection the server ends (a restart, another session's fault test) is reported, not fatal. pool.end()
    // answers before its connections are gone: the scratch database's drop (with force) may end them; that is quiet.
    let closing = false;
    pool.on('error', (error) => closing || log(`the bench's database pool: ${error.message}`));
    cleanups.push(() => {
      closing = true;
      return pool.end();
    });
    const subjects = await pickSubjects(pool);
    const postmaster = await postmasterOf(pool);
    const dataDir = mkdtempSync(join(tmpdir(), 'serpwise-scale-bench-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    /** @type {BenchUser[]} */
    const users = [];
    // The run's accounts and their jobs go (a scratch database goes whole, after this step).
    cleanups.push(() => removeUsers(pool, users.map((user) => user.email)));

    log(`${database}: ${subjects.rankRows.toLocaleString('en-US')} organic ranks; research mix over the ${subjects.largest.length} largest ${territory} domains; exports: seo/keywords of ${subjects.exportDomain}; events: seo/keywords of ${subjects.eventDomain}`);
    log(`${visitors} visitors, ${warmupSeconds} s warm-up + ${measureSeconds} s; ${exportCount} exports; ${eventCount} events; WORKER_CONCURRENCY ${env.WORKER_CONCURRENCY ?? '4 (default)'}; PostgreSQL ${postmaster ? `postmaster pid ${postmaster}` : 'not on this machine (its CPU unknown)'}; load average ${load()}`);

    /** @type {Array<Awaited<ReturnType<typeof measureConfiguration>>>} */
    const results = [];
    for (const nodeCount of [1, 2]) {
      if (interrupted) throw new Error('interrupted');
      const prefix = `swscale-${process.pid}-${nodeCount}`;
      /** @type {BenchNode[]} */
      const nodes = [];
      /** @type {import('socket.io-client').Socket[]} */
      const sockets = [];
      const stopNodes = async () => {
        for (const socket of sockets.splice(0)) socket.close();
        for (const node of nodes.splice(0)) await node.stop();
        await cleanRedis(redisUrl, `${prefix}:*`);
      };
      cleanups.push(stopNodes);
      log(`— ${nodeCount} API node${nodeCount > 1 ? 's' : ''} + ${nodeCount} worker${nodeCount > 1 ? 's' : ''} (load average ${load()})`);
      for (let index = 0; index < nodeCount; index += 1) {
        nodes.push(await startBackend({ databaseUrl: url, redisUrl, worker: true, dataDir, prefix, publicUrl: nodes[0]?.baseUrl, env: benchEnv }));
      }
      log(`  nodes: ${nodes.map((node, index) => `API ${index + 1} ${node.baseUrl} (pid ${node.pids.backend}), worker ${index + 1} (pid ${node.pids.worker})`).join('; ')}`);
      if (!users.length) users.push(...(await signUp(/** @type {BenchNode} */ (nodes[0]).baseUrl, url, Math.max(visitors, exportCount, 1))));
      results.push(await measureConfiguration({ nodes, sockets, users, subjects, pool, postgres: postmaster ? { postmaster, database } : null, redisUrl, database, log, misses }));
      await stopNodes();
    }

    const [one, two] = results;
    if (!one || !two) throw new Error('a configuration was not measured');
    const figures = summarise(one, two, log, misses);
    console.log(JSON.stringify({ bench: 'scale', load: loadavg().map((value) => Number(value.toFixed(2))), figures }));
    return { misses };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

/**
 * The three phases against one configuration.
 * @param {{ nodes: BenchNode[], sockets: import('socket.io-client').Socket[], users: BenchUser[], subjects: Awaited<ReturnType<typeof pickSubjects>>,
 *   pool: pg.Pool, postgres: { postmaster: number, database: string } | null, redisUrl: string, database: string, log: (line: string) => void, misses: string[] }} context
 */
async function measureConfiguration({ nodes, sockets, users, subjects, pool, postgres, redisUrl, database, log, misses }) {
  const label = `${nodes.length} node${nodes.length > 1 ? 's' : ''}`;
  /** The Node processes by name, for the CPU split. */
  /** @type {Record<string, number>} */
  const processes = {};
  nodes.forEach((node, index) => {
    processes[`API ${index + 1}`] = node.pids.backend;
    if (node.pids.worker) processes[`worker ${index + 1}`] = node.pids.worker;
  });
  const meter = () => startCpuMeter({ processes, postgres, redisUrl });
  const nodeNames = Object.keys(processes);

  // Each user's socket on the node after the one it sends its requests to (node A ≠ node B with two nodes).
  const postNode = (/** @type {number} */ user) => /** @type {BenchNode} */ (nodes[user % nodes.length]);
  const socketNode = (/** @type {number} */ user) => /** @type {BenchNode} */ (nodes[(user + 1) % nodes.length]);
  /** @type {Map<string, { state: string, at: number, error: unknown }>} */
  const endings = new Map();
  await Promise.all(
    users.map(async (user, index) => {
      const socket = io(socketNode(index).baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: user.cookie } });
      sockets.push(socket);
      socket.on('job.updated', (/** @type {{ id: string, state: string, error: unknown }} */ status) => {
        if (['completed', 'failed', 'cancelled'].includes(status.state) && !endings.has(status.id)) endings.set(status.id, { state: status.state, at: wallNow(), error: status.error });
      });
      await new Promise((resolve, reject) => {
        socket.once('session.ready', resolve);
        socket.once('connect_error', reject);
      });
    }),
  );
  /** POST /rest/exports as `user` through its node B; answers the job's id. @param {number} user @param {string} domain */
  const startExport = async (user, domain) => {
    const client = clientOn(/** @type {BenchUser} */ (users[user]), postNode(user).baseUrl);
    const response = await client.request('POST', '/rest/exports', { 'x-csrf-token': client.csrfToken }, { table: 'seo/keywords', params: { domain, countryCode: territory }, format: 'csv', scope: 'full' });
    if (response.status !== 202) throw new Error(`POST /rest/exports through ${postNode(user).baseUrl} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return /** @type {{ id: string }} */ (await response.json()).id;
  };
  const waitForEnd = async (/** @type {string[]} */ ids, /** @type {number} */ timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !endings.has(id)) && Date.now() < deadline) await sleep(20);
  };
  /** job_record.finished_at (ms since the epoch) and rows written of each completed job. @param {string[]} ids */
  const records = async (ids) =>
    new Map(
      (await pool.query(`select id, extract(epoch from finished_at)::float8 * 1000 as finished, (result->>'rows')::bigint as rows from job_record where id = any($1::uuid[]) and state = 'completed'`, [ids])).rows.map((row) => [
        String(row.id),
        { finished: Number(row.finished), rows: row.rows === null ? null : Number(row.rows) },
      ]),
    );

  /** @type {{ rate: number, p50: number, p95: number, count: number, failures: number, cpu: ReturnType<typeof cpuSplitLines> | null }} */
  let research = { rate: Number.NaN, p50: Number.NaN, p95: Number.NaN, count: 0, failures: 0, cpu: null };
  if (parts.has('research')) {
    const clients = users.slice(0, visitors).map((user) => nodes.map((node) => clientOn(user, node.baseUrl)));
    const warmEnd = performance.now() + warmupSeconds * 1000;
    const end = warmEnd + measureSeconds * 1000;
    /** @type {number[]} */
    const times = [];
    let failures = 0;
    let firstFailure = '';
    let turn = 0;
    const cpu = (async () => {
      await sleep(warmEnd - performance.now());
      const running = await meter();
      await sleep(Math.max(0, end - performance.now()));
      return running.stop();
    })();
    await Promise.all(
      clients.map(async (perNode, visitor) => {
        // Each visitor starts at its own place in the mix, so they do not all ask the same thing at once.
        let next = Math.floor((visitor * subjects.mix.length) / Math.max(1, clients.length));
        while (performance.now() < end) {
          const path = /** @type {string} */ (subjects.mix[next % subjects.mix.length]);
          next += 1;
          const client = /** @type {BenchClient} */ (perNode[turn % nodes.length]);
          turn += 1;
          try {
            const elapsed = await client.timedGet(path);
            const finished = performance.now();
            if (finished >= warmEnd && finished <= end) times.push(elapsed);
          } catch (error) {
            failures += 1;
            firstFailure ||= error instanceof Error ? error.message : String(error);
            await sleep(50);
          }
        }
      }),
    );
    const split = cpuSplitLines(await cpu, nodeNames, database);
    research = { rate: times.length / measureSeconds, p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, failures, cpu: split };
    log(`  research (${label}): ${times.length} requests in ${measureSeconds} s = ${fixed(research.rate)} requests/s; p50 ${ms(research.p50)} · p95 ${ms(research.p95)}; ${failures} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`);
    for (const line of split.lines) log(line);
    if (split.appSeconds !== null && times.length) log(`    CPU per research request: ${fixed((1000 * split.appSeconds) / times.length, 2)} ms (Node + this database's PostgreSQL backends)`);
    if (failures) misses.push(`research requests failed with ${label} (${failures})`);
  }

  /** @type {{ p50: number, p95: number, heard: number }} */
  let events = { p50: Number.NaN, p95: Number.NaN, heard: 0 };
  if (parts.has('events')) {
    /** @type {string[]} */
    const ids = [];
    for (let sample = 0; sample < eventCount; sample += 1) {
      const user = sample % users.length;
      const id = await startExport(user, subjects.eventDomain);
      ids.push(id);
      await waitForEnd([id], 30_000);
      await sleep(50);
    }
    const finished = await records(ids);
    const lags = ids.filter((id) => endings.get(id)?.state === 'completed' && finished.has(id)).map((id) => /** @type {number} */ (endings.get(id)?.at) - /** @type {{ finished: number }} */ (finished.get(id)).finished);
    events = { p50: percentile(lags, 50), p95: percentile(lags, 95), heard: lags.length };
    const route = nodes.length > 1 ? 'started through one API node, watched on the other' : 'started and watched on the one API node';
    log(`  events (${label}): ${lags.length} of ${ids.length} small exports (${route}) completed and heard; completed event lag p50 ${ms(events.p50)} · p95 ${ms(events.p95)} · max ${lags.length ? ms(Math.max(...lags)) : 'n/a'}`);
    if (lags.length < ids.length) misses.push(`every completed event reaches its watcher (${label}: ${lags.length} of ${ids.length})`);
  }

  /** @type {{ jobsPerMinute: number, rowsPerSecond: number, seconds: number, rows: number, completed: number, lagP95: number, cpu: ReturnType<typeof cpuSplitLines> | null }} */
  let exports = { jobsPerMinute: Number.NaN, rowsPerSecond: Number.NaN, seconds: Number.NaN, rows: 0, completed: 0, lagP95: Number.NaN, cpu: null };
  if (parts.has('exports')) {
    const exporters = Array.from({ length: Math.min(exportCount, users.length) }, (_, index) => index);
    const running = await meter();
    const started = wallNow();
    const ids = await Promise.all(exporters.map((user) => startExport(user, subjects.exportDomain)));
    await waitForEnd(ids, exportTimeoutMs);
    const cpu = await running.stop();
    const done = await records(ids);
    const completed = ids.filter((id) => endings.get(id)?.state === 'completed' && done.has(id));
    // None completed: no time to divide by (NaN, printed n/a), and the miss below says why.
    const seconds = completed.length ? (Math.max(...completed.map((id) => /** @type {number} */ (endings.get(id)?.at))) - started) / 1000 : Number.NaN;
    const rows = completed.reduce((sum, id) => sum + (done.get(id)?.rows ?? 0), 0);
    const lags = completed.map((id) => /** @type {number} */ (endings.get(id)?.at) - /** @type {{ finished: number }} */ (done.get(id)).finished);
    const split = cpuSplitLines(cpu, nodeNames, database);
    exports = { jobsPerMinute: (60 * completed.length) / seconds, rowsPerSecond: rows / seconds, seconds, rows, completed: completed.length, lagP95: percentile(lags, 95), cpu: split };
    log(`  exports (${label}): ${completed.length} of ${ids.length} CSV exports of ${(rows / Math.max(1, completed.length)).toLocaleString('en-US', { maximumFractionDigits: 0 })} rows completed in ${fixed(seconds, 2)} s (first request → last completed event) = ${fixed(exports.jobsPerMinute)} jobs/minute, ${fixed(exports.rowsPerSecond, 0)} rows/s; their events' lag p95 ${ms(exports.lagP95)} (under the burst; not a target)`);
    for (const line of split.lines) log(line);
    if (completed.length < ids.length) {
      const failed = ids.map((id) => endings.get(id)).find((ending) => ending && ending.state !== 'completed');
      misses.push(`every export completes (${label}: ${completed.length} of ${ids.length}${failed ? `; one ended ${failed.state}: ${JSON.stringify(failed.error)}` : ''})`);
    }
  }
  return { research, events, exports };
}

/**
 * The comparison lines and the JSON figures.
 * @param {Awaited<ReturnType<typeof measureConfiguration>>} one 1 API node + 1 worker
 * @param {Awaited<ReturnType<typeof measureConfiguration>>} two 2 API nodes + 2 workers
 * @param {(line: string) => void} log @param {string[]} misses
 * @returns {Figure[]}
 */
function summarise(one, two, log, misses) {
  const both = /** @type {const} */ ([[1, one], [2, two]]);
  /** @type {Figure[]} */
  const figures = [];
  // Each figure also printed as a `FIGURE {json}` line, which `npm run bench -- all` collects (lib/figures.mjs).
  const figure = (/** @type {string} */ name, /** @type {number} */ value, /** @type {string} */ unit, /** @type {import('./lib/figures.mjs').Target | null} */ target = null) => {
    const item = makeFigure(name, Number.isFinite(value) ? Number(value.toFixed(3)) : null, unit, target);
    figures.push(item);
    log(figureLine(item));
  };
  log('— two nodes against one');
  if (parts.has('research')) {
    const ratio = two.research.rate / one.research.rate;
    log(`  research: ${fixed(two.research.rate)} ÷ ${fixed(one.research.rate)} requests/s = ${fixed(ratio, 2)}× (p95 ${ms(two.research.p95)} against ${ms(one.research.p95)})`);
    figure('research requests/s, 1 API + 1 worker', one.research.rate, 'req/s');
    figure('research requests/s, 2 API + 2 workers', two.research.rate, 'req/s');
    figure('research throughput, two nodes ÷ one', ratio, '×');
    figure('research p95, 1 node', one.research.p95, 'ms');
    figure('research p95, 2 nodes', two.research.p95, 'ms');
    for (const [nodes, result] of both) {
      const split = result.research.cpu?.split;
      if (split) figure(`research CPU share of PostgreSQL, ${nodes} node${nodes > 1 ? 's' : ''}`, 100 * split.postgres, '%');
    }
  }
  if (parts.has('exports')) {
    const jobsRatio = two.exports.jobsPerMinute / one.exports.jobsPerMinute;
    const rowsRatio = two.exports.rowsPerSecond / one.exports.rowsPerSecond;
    log(`  exports: ${fixed(two.exports.jobsPerMinute)} ÷ ${fixed(one.exports.jobsPerMinute)} jobs/minute = ${fixed(jobsRatio, 2)}×; ${fixed(two.exports.rowsPerSecond, 0)} ÷ ${fixed(one.exports.rowsPerSecond, 0)} rows/s = ${fixed(rowsRatio, 2)}×`);
    figure('export jobs/minute, 1 API + 1 worker', one.exports.jobsPerMinute, 'jobs/min');
    figure('export jobs/minute, 2 API + 2 workers', two.exports.jobsPerMinute, 'jobs/min');
    figure('export rows/s, 1 API + 1 worker', one.exports.rowsPerSecond, 'rows/s');
    figure('export rows/s, 2 API + 2 workers', two.exports.rowsPerSecond, 'rows/s');
    figure('export throughput, two nodes ÷ one', rowsRatio, '×');
    for (const [nodes, result] of both) {
      const split = result.exports.cpu?.split;
      if (split) figure(`exports CPU share of PostgreSQL, ${nodes} node${nodes > 1 ? 's' : ''}`, 100 * split.postgres, '%');
    }
  }
  if (parts.has('events')) {
    const meets = two.events.p95 < eventBudgetMs;
    log(`  events: cross-node completed event p95 ${ms(two.events.p95)} = ${fixed(two.events.p95 / eventBudgetMs, 2)}× the 50 ms budget → ${meets ? 'meets' : 'MISSES'} (one node: p95 ${ms(one.events.p95)}; p50 ${ms(two.events.p50)} against ${ms(one.events.p50)})`);
    figure('completed event lag p95, one node', one.events.p95, 'ms');
    figure('completed event lag p95, across two nodes', two.events.p95, 'ms', { op: '<', limit: eventBudgetMs });
    if (!meets) misses.push('cross-node completed event p95 < 50 ms');
  }
  return figures;
}

/** Every process this one started that still runs (its children: the nodes, psql), stopped: SIGTERM, SIGKILL after 10 s. */
async function stopOwnChildren() {
  /** @type {number[]} */
  let pids = [];
  try {
    for (const task of readdirSync(`/proc/${process.pid}/task`)) {
      pids.push(...readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    }
  } catch {
    return;
  }
  const running = (/** @type {number} */ pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  const signal = (/** @type {number} */ pid, /** @type {NodeJS.Signals} */ name) => {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  };
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while ((pids = pids.filter(running)).length && Date.now() < deadline) await sleep(100);
  for (const pid of pids) signal(pid, 'SIGKILL');
}

/** A client of `user` on the node at `baseUrl` (the session and its cross-site token work on every node). @param {BenchUser} user @param {string} baseUrl */
function clientOn(user, baseUrl) {
  return Object.assign(new BenchClient(baseUrl), { cookie: user.cookie, csrfToken: user.csrfToken });
}

/** `count` full accounts of this run, signed up through one node, a few at a time. @param {string} baseUrl @param {string} databaseUrl @param {number} count */
async function signUp(baseUrl, databaseUrl, count) {
  /** @type {BenchUser[]} */
  const users = [];
  for (let first = 0; first < count; first += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - first) }, async () => {
        const client = await fullUserClient(baseUrl, databaseUrl);
        await client.open('/'); // the signed-up session's own cross-site token
        return { email: client.email, cookie: client.cookie, csrfToken: client.csrfToken };
      }),
    );
    users.push(...batch);
  }
  return users;
}

/** Removes the run's accounts and their job records (what else an account owns goes with it, or stays harmlessly). @param {pg.Pool} pool @param {string[]} emails */
async function removeUsers(pool, emails) {
  if (!emails.length) return;
  await pool.query(`delete from job_record where user_id in (select id from app_user where email = any($1))`, [emails]);
  await pool.query(`delete from app_user where email = any($1)`, [emails]);
}

/** The most keywords the export's domain may rank for: the bench market's ordinary largest has ~9,000. */
const exportDomainMaxKeywords = 20_000;

/** The research mix, the export's mid-size table and the events' small one, chosen from the data. @param {pg.Pool} pool */
async function pickSubjects(pool) {
  const [{ rows: size }, { rows: ranked }] = await Promise.all([
    pool.query(`select coalesce(sum(reltuples), 0)::bigint as rows from pg_class where relname like 'organic_rank%' and relkind = 'r'`),
    pool.query(
      `select d.name, m.organic_keywords from domain_month m join domain d on d.id = m.domain_id
        where m.territory = $1 and m.month = (select max(month) from domain_month where territory = $1) and m.organic_keywords > 0
        order by m.organic_keywords desc, d.name`,
      [territory],
    ),
  ]);
  const names = ranked.map((row) => String(row.name));
  if (names.length < 3) throw new Error(`The warehouse has ${names.length} ranked ${territory} domains: load a market first (npm run bench:data, or BENCH_SCALE_MARKET=tiny).`);
  const largest = names.slice(0, domainCount);
  const q = `countryCode=${territory}`;
  const mix = largest.flatMap((domain) => [
    `/rest/research/domain-overview?domain=${encodeURIComponent(domain)}&${q}`,
    `/rest/research/seo/competitors?domain=${encodeURIComponent(domain)}&${q}`,
    `/rest/research/seo/keywords?domain=${encodeURIComponent(domain)}&${q}`,
  ]);
  // The export's domain: the largest ordinary one. A giant subject (`bench:data -- --giant`: 300,000 and 1,000,000
  // keywords) would make every export a huge one, the million over a full plan's allowance (the request answers 403).
  const ordinary = ranked.find((row) => Number(row.organic_keywords) <= exportDomainMaxKeywords);
  const exportDomain = String(ordinary?.name ?? names[0]);
  return { rankRows: Number(size[0].rows), largest, mix, exportDomain, eventDomain: /** @type {string} */ (names[names.length - 1]) };
}
