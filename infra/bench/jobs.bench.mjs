// @ts-check
/**
 * Issue 21 item 8, against the built API and worker (npm start's node options), the real PostgreSQL and Redis:
 *   - list: a user with 1,000 jobs (exports, imports, PDF reports; a tenth of them waiting) reads the job center's
 *     first page (GET /rest/jobs, as /exports and the header's tray do) — target p95 < 200 ms; printed against the
 *     bare SELECTs of the same rows (the list's page query and its count, through node-postgres like the API) in the
 *     same run.
 *   - events: 200 users (sessions with their own socket, as browsers) each start and watch 5 jobs (system-check
 *     diagnostics, a step every `BENCH_STEP_MS`, 400: the progress cadence of exports and imports), 1,000 in all, run by the worker `BENCH_WORKER_CONCURRENCY` (64, its most)
 *     at a time; the lag of each job's completed event is the browser's arrival less job_record.finished_at (µs) —
 *     targets p95 < 50 ms and p50 ≤ 3× a bare Socket.IO round trip (emit, ack with the same payload, to a plain server
 *     in its own process, infra/bench/lib/echo-socket-server.mjs) measured from this process while the events arrive
 *     (lib/round-trips.mjs: the same kind of client at the same time, issue 27 point 3); the round trip on the quiet
 *     client after the load is printed too.
 * BENCH_JOBS_PARTS ("list,events") picks the figures; BENCH_LIST_JOBS (1,000), BENCH_USERS (200) and
 * BENCH_JOBS_EACH (5) the sizes. Needs no bench market; its rows are removed afterwards.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import msgpack from 'notepack.io';
import { io } from 'socket.io-client';
import { spawnSync } from 'node:child_process';
import { entryPoints, root } from '../launcher/paths.mjs';
import { BenchClient, startBackend } from './lib/backend.mjs';
import { roundTripsBeside } from './lib/round-trips.mjs';
import { reportFigure } from './lib/figures.mjs';
import { ms, percentile, ratioLine } from './lib/stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const parts = new Set((process.env.BENCH_JOBS_PARTS ?? 'list,events').split(',').map((part) => part.trim()));
const listJobs = Number(process.env.BENCH_LIST_JOBS ?? 1_000);
const users = Number(process.env.BENCH_USERS ?? 200);
const jobsEach = Number(process.env.BENCH_JOBS_EACH ?? 5);
const listSamples = 200;
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));

/** The job center's names (contracts jobCenterJobNames): what the list and its count read. */
const centerNames = ['export.table', 'report.pdf', 'import.file', 'import.delete', 'project-import.keywords', 'project-import.outreach'];

/** The list's page query and count as the API runs them (database job-record.repository.ts pageByUser, countUnfinishedByUser). */
const pageSql = `select j.id, j.queue, j.name, j.session_id, j.user_id, j.state, j.percent, j.message, j.done, j.total, j.attempts, j.error,
         j.created_at, j.started_at, j.finished_at,
         case when j.name like 'project-import.%' then null else j.result end as result,
         (j.payload - 'terms' - 'rows') || jsonb_strip_nulls(jsonb_build_object(
           'itemCount', coalesce(case when jsonb_typeof(j.payload->'terms') = 'array' then jsonb_array_length(j.payload->'terms') end,
                                 case when jsonb_typeof(j.payload->'rows') = 'array' then jsonb_array_length(j.payload->'rows') end),
           'projectName', p.name)) as payload
       from job_record j
       left join project p on j.name like 'project-import.%' and p.id::text = j.payload->>'projectId'
       where j.user_id = $1 and j.name = any($2::text[]) and ($3::timestamptz is null or (date_trunc('milliseconds', j.created_at), j.id) < ($3::timestamptz, $4::uuid))
       order by date_trunc('milliseconds', j.created_at) desc, j.id desc limit $5`;
const countSql = `select count(*) as count from job_record where user_id = $1 and name = any($2::text[]) and state in ('queued', 'active')`;

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  const migrated = spawnSync(process.execPath, [entryPoints.migrate], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
  if (migrated.status !== 0) throw new Error('migrations failed');
  // A step as often as a running export or import reports its progress (400 ms).
  process.env.DIAGNOSTIC_STEP_MS = process.env.BENCH_STEP_MS ?? '400';
  process.env.WORKER_CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '64';
  // The list's API runs without a worker: its waiting jobs are rows only, which a worker's reconciler would run.
  let backend = await startBackend({ databaseUrl, redisUrl, worker: false, dataDir: `/tmp/serpwise-jobs-bench-${process.pid}` });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const echo = spawn(process.execPath, [join(here, 'lib', 'echo-socket-server.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  /** @type {string[]} */
  const misses = [];
  /** @type {string[]} */
  const madeJobs = [];
  try {
    if (parts.has('list')) {
      const owner = new BenchClient(backend.baseUrl);
      await owner.open('/freeaccount');
      const email = `jobs-bench-${randomUUID().slice(0, 8)}@example.com`;
      const registered = await owner.request('POST', '/auth/registerfreeaccount', { 'x-csrf-token': owner.csrfToken }, { email, password: 'bench-password', token: null, source: 'FreeAccount' });
      if (!registered.ok) throw new Error(`sign-up failed: ${registered.status} ${await registered.text()}`);
      const [{ id: userId }] = (await pool.query(`update app_user set roles = '{full}', should_show_onboarding = false where email = $1 returning id`, [email])).rows;
      log(`list: ${listJobs.toLocaleString('en-US')} jobs of one user (exports, imports, reports; every 10th waiting)`);
      const inserted = await pool.query(
        `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, message, done, total, attempts, result, created_at, updated_at, finished_at)
         select s.id, k.queue, k.name, gen_random_uuid(), $1::uuid,
                jsonb_build_object('jobId', s.id) || k.payload,
                case when g % 10 = 0 then 'queued' else 'completed' end, case when g % 10 = 0 then 0 else 100 end, null, 0, 100, 1,
                case when g % 10 = 0 then null else k.result end,
                now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, case when g % 10 = 0 then null else now() - (g || ' minutes')::interval end
           from (select gen_random_uuid() as id, g from generate_series(1, $2::int) g) s
           cross join lateral (select * from (values
             (0, 'exports', 'export.table', jsonb_build_object('table', 'seo/keywords', 'params', jsonb_build_object('domain', 'bench-' || s.g || '.example', 'countryCode', 'US'), 'format', 'csv', 'scope', 'full', 'tableRows', 1200, 'rowLimit', 500000, 'fileName', 'seo-keywords-' || s.g), jsonb_build_object('format', 'csv', 'fileName', 'seo-keywords', 'rows', 1200, 'bytes', 90000, 'truncated', false)),
             (1, 'imports', 'import.file', jsonb_build_object('format', 'serp', 'fileName', 'serps-' || s.g || '.csv', 'fileBytes', 20480, 'territory', 'US', 'domain', null, 'date', null), jsonb_build_object('rowsRead', 100, 'rowsLanded', 100, 'rowsDuplicate', 0, 'rowsRejected', 0, 'months', jsonb_build_array('2026-10-01'), 'spread', null, 'brought', null)),
             (2, 'reports', 'report.pdf', jsonb_build_object('report', jsonb_build_object('domain', 'bench-' || s.g || '.example', 'countryCode', 'US', 'template', 'Executive'), 'store', false, 'emailTo', jsonb_build_array('boss@example.com'), 'sessionId', null, 'scheduleId', null), jsonb_build_object('emailed', true))
           ) as kinds(kind, queue, name, payload, result) where kinds.kind = s.g % 3) k
         returning id`,
        [userId, listJobs],
      );
      madeJobs.push(...inserted.rows.map((row) => row.id));
      await pool.query('analyze job_record');

      /** @type {number[]} */ const api = [];
      /** @type {number[]} */ const bare = [];
      const client = await pool.connect();
      try {
        for (let sample = 0; sample < 30 + listSamples; sample += 1) {
          // Alternated, so both see the same machine.
          const elapsed = await owner.timedGet('/rest/jobs');
          const started = performance.now();
          await client.query(pageSql, [userId, centerNames, null, null, 21]);
          await client.query(countSql, [userId, centerNames]);
          const bareElapsed = performance.now() - started;
          if (sample >= 30) {
            api.push(elapsed);
            bare.push(bareElapsed);
          }
        }
      } finally {
        client.release();
      }
      const page = /** @type {{ jobs: unknown[], unfinished: number }} */ (await (await owner.request('GET', '/rest/jobs')).json());
      log(`  first page: ${page.jobs.length} jobs, ${page.unfinished} waiting or running counted`);
      log(`  GET /rest/jobs p50 ${ms(percentile(api, 50))} · p95 ${ms(percentile(api, 95))}; bare SELECTs of the same rows p50 ${ms(percentile(bare, 50))} · p95 ${ms(percentile(bare, 95))}`);
      const ratio = percentile(api, 95) / percentile(bare, 95);
      log(`  the list of a user with ${listJobs.toLocaleString('en-US')} jobs: p95 ${ms(percentile(api, 95))} = ${ratio.toFixed(1)}× the bare SELECTs of its rows (${ms(percentile(bare, 95))}); target p95 < 200 ms → ${percentile(api, 95) < 200 ? 'meets' : 'MISSES'}`);
      reportFigure(log, `job center first page, a user with ${listJobs.toLocaleString('en-US')} jobs, p95`, percentile(api, 95), 'ms', { op: '<', limit: 200 });
      if (percentile(api, 95) >= 200) misses.push('the list of a user with 1,000 jobs p95 < 200 ms');
      await pool.query('delete from job_record where id = any($1::uuid[])', [madeJobs.splice(0)]);
    }

    if (parts.has('events')) {
      await backend.stop();
      backend = await startBackend({ databaseUrl, redisUrl, worker: true, dataDir: `/tmp/serpwise-jobs-bench-${process.pid}` });
      const total = users * jobsEach;
      log(`events: ${users} users each watching ${jobsEach} jobs (${total} diagnostics, step ${process.env.DIAGNOSTIC_STEP_MS} ms, worker concurrency ${process.env.WORKER_CONCURRENCY})`);
      /** @type {Map<string, number>} */
      const arrived = new Map();
      /** @type {Map<string, number>} */
      const progressEvents = new Map();
      const clients = await Promise.all(
        Array.from({ length: users }, async () => {
          const client = new BenchClient(backend.baseUrl);
          await client.open('/');
          const socket = io(backend.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: client.cookie } });
          sockets.push(socket);
          socket.on('job.updated', (/** @type {{ id: string, state: string }} */ status) => {
            if (status.state === 'completed' && !arrived.has(status.id)) arrived.set(status.id, wallNow());
            else if (status.state === 'active') progressEvents.set(status.id, (progressEvents.get(status.id) ?? 0) + 1);
          });
          await new Promise((resolve, reject) => {
            socket.once('session.ready', resolve);
            socket.once('connect_error', reject);
          });
          return client;
        }),
      );
      // The anchor, measured the same way at the same time (issue 27 point 3): round trips from this process to a bare
      // Socket.IO server while the events arrive; and again after the load, as before.
      const [echoPort] = await portOf(echo);
      const bareSocket = io(`http://127.0.0.1:${echoPort}`, { path: '/socket.io', transports: ['websocket'] });
      sockets.push(bareSocket);
      await once(bareSocket, 'connect');
      const payload = { id: randomUUID(), queue: 'diagnostics', name: 'diagnostic.run', state: 'completed', percent: 100, message: 'Done', done: 3, total: 3, attempts: 1, result: { steps: [] }, error: null, createdAt: new Date().toISOString(), startedAt: new Date().toISOString(), finishedAt: new Date().toISOString() };
      for (let sample = 0; sample < 50; sample += 1) await bareSocket.emitWithAck('echo', payload);
      // Where the event's time goes: a Redis subscriber on the Socket.IO channel stamps each completed event's publish.
      /** @type {Map<string, number>} */
      const published = new Map();
      const tap = new Redis(redisUrl);
      await tap.psubscribe(`${backend.prefix}:socket.io*`);
      tap.on('pmessageBuffer', (/** @type {Buffer} */ _pattern, /** @type {Buffer} */ _channel, /** @type {Buffer} */ message) => {
        const at = wallNow();
        const [, packet] = /** @type {[string, { data?: [string, { id?: string, state?: string }] }]} */ (msgpack.decode(message));
        const status = packet?.data?.[0] === 'job.updated' ? packet.data[1] : null;
        if (status?.id && status.state === 'completed' && !published.has(status.id)) published.set(status.id, at);
      });
      const beside = roundTripsBeside(bareSocket, () => payload);
      /** @type {string[]} */
      const ids = [];
      await Promise.all(
        clients.map(async (client) => {
          for (let n = 0; n < jobsEach; n += 1) {
            const response = await client.request('POST', '/rest/diagnostics', { 'x-csrf-token': client.csrfToken }, {});
            if (!response.ok) throw new Error(`POST /rest/diagnostics answered ${response.status}`);
            ids.push(/** @type {{ id: string }} */ (await response.json()).id);
          }
        }),
      );
      madeJobs.push(...ids);
      const deadline = Date.now() + 10 * 60_000;
      while (arrived.size < ids.length && Date.now() < deadline) await sleep(200);
      await sleep(500);
      const finished = new Map(
        (await pool.query(`select id, extract(epoch from finished_at)::float8 * 1000 as at from job_record where id = any($1::uuid[]) and state = 'completed'`, [ids])).rows.map((row) => [row.id, Number(row.at)]),
      );
      const lags = ids.filter((id) => arrived.has(id) && finished.has(id)).map((id) => /** @type {number} */ (arrived.get(id)) - /** @type {number} */ (finished.get(id)));
      const besideTrips = await beside.stop();
      await tap.quit();
      const split = ids.filter((id) => arrived.has(id) && finished.has(id) && published.has(id));
      const toPublish = split.map((id) => /** @type {number} */ (published.get(id)) - /** @type {number} */ (finished.get(id)));
      const fromPublish = split.map((id) => /** @type {number} */ (arrived.get(id)) - /** @type {number} */ (published.get(id)));
      for (const socket of sockets.splice(0)) if (socket !== bareSocket) socket.close();
      sockets.push(bareSocket);

      // Once the load is over: the same round trip on a quiet client (printed; the target reads the one beside the events).
      /** @type {number[]} */ const roundTrips = [];
      for (let sample = 0; sample < 50 + 300; sample += 1) {
        const started = wallNow();
        await bareSocket.emitWithAck('echo', payload);
        if (sample >= 50) roundTrips.push(wallNow() - started);
        await sleep(5);
      }
      const events = [...progressEvents.values()].reduce((sum, count) => sum + count, 0);
      log(`  ${lags.length} of ${ids.length} completions heard (${events} progress events besides); lag p50 ${ms(percentile(lags, 50))} · p95 ${ms(percentile(lags, 95))} · p99 ${ms(percentile(lags, 99))}`);
      log(`  split (p50 · p95, ${split.length} jobs): record completed → published to Redis ${ms(percentile(toPublish, 50))} · ${ms(percentile(toPublish, 95))}; published → browser ${ms(percentile(fromPublish, 50))} · ${ms(percentile(fromPublish, 95))}`);
      log(`  bare Socket.IO round trip beside the events (${besideTrips.length}) p50 ${ms(percentile(besideTrips, 50))} · p95 ${ms(percentile(besideTrips, 95))}; after the load p50 ${ms(percentile(roundTrips, 50))} · p95 ${ms(percentile(roundTrips, 95))} (${(percentile(lags, 50) / percentile(roundTrips, 50)).toFixed(2)}× that)`);
      log(`  ${ratioLine({ name: 'job event p50 under 200 users × 5 jobs', measured: percentile(lags, 50), anchor: percentile(besideTrips, 50), anchorName: 'bare Socket.IO round trip p50 beside it', limit: 3 })}`);
      log(`  target: event p95 < 50 ms → ${percentile(lags, 95) < 50 ? 'meets' : 'MISSES'} (${ms(percentile(lags, 95))})`);
      reportFigure(log, 'job completions not heard by their watcher', ids.length - lags.length, '', { op: '≤', limit: 0 });
      reportFigure(log, 'job event p95, many watchers', percentile(lags, 95), 'ms', { op: '<', limit: 50 });
      reportFigure(log, 'job event p50 / bare Socket.IO round trip p50 beside it', percentile(lags, 50) / percentile(besideTrips, 50), '×', { op: '≤', limit: 3 });
      if (lags.length < ids.length) misses.push('every job completion reaches its watcher');
      if (percentile(lags, 95) >= 50) misses.push('job event p95 < 50 ms');
      if (percentile(lags, 50) > 3 * percentile(besideTrips, 50)) misses.push('job event p50 ≤ 3× a bare Socket.IO round trip');
    }
    return { misses };
  } finally {
    for (const socket of sockets) socket.close();
    echo.kill('SIGTERM');
    if (madeJobs.length) await pool.query('delete from job_record where id = any($1::uuid[])', [madeJobs]);
    await pool.end();
    await backend.stop();
    await cleanRedis(redisUrl);
  }
}

/** The echo server's port, from its first line of output. */
async function portOf(/** @type {import('node:child_process').ChildProcess} */ child) {
  let text = '';
  for await (const chunk of /** @type {import('node:stream').Readable} */ (child.stdout)) {
    text += chunk;
    if (text.includes('\n')) return [Number(text.trim())];
  }
  throw new Error('the echo server did not start');
}

/** Leaves no bench keys behind in the shared Redis (startBackend's prefix starts with swbench-<pid>). */
async function cleanRedis(/** @type {string} */ redisUrl) {
  const cleaner = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await cleaner.scan(cursor, 'MATCH', `swbench-${process.pid}-*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await cleaner.del(...keys);
  } while (cursor !== '0');
  await cleaner.quit();
}
