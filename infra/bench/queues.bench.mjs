// @ts-check
/**
 * Issue 7 item 6: floods the queues through the real API and worker and reports
 *   - throughput (jobs/s from the first request to the last job finished),
 *   - latency percentiles: end to end (request → finished), wait (queued → started) and run (started → finished),
 *   - that every job ended exactly once (one record in a finished state, one BullMQ `completed` event, one attempt),
 *   - how often an admin's /admin/queues figures (`admin.queues` socket events) arrived under that load,
 *   - (issue 23 point 6) the console itself in a real Chromium under the flood: how many updates a second reached the
 *     page, and how long each took from its socket message to React's DOM commit (target: at least one update in
 *     every second of the flood, each rendered in under 100 ms).
 * Defaults: 10,000 jobs from 200 simulated users (visitor sessions, concurrently). The jobs are system-check
 * diagnostics with DIAGNOSTIC_STEP_MS=0 (each touches PostgreSQL, Redis and the file store), which need no research
 * data; export jobs need research data and a full user per dedupe key (see docs/decisions.md, "Admin queues").
 * BENCH_JOBS, BENCH_USERS and BENCH_WORKER_CONCURRENCY (default: the worker's own) change the load.
 * Issue 27 point 4, against bare BullMQ (lib/queue-anchor.mjs: a plain Queue and Worker on a key prefix of their own,
 * no app code):
 *   - the flood's throughput against a bare Worker doing the same per-job work (lib/diagnostic-work.mjs: the
 *     diagnostic's steps on plain pg, ioredis and fs) with the same job count, producers (BENCH_USERS, adding one job
 *     after another each) and concurrency (the app worker's, read from its heartbeat) — target ≥ 0.8×;
 *   - the no-op overhead per job: BENCH_NOOP_JOBS (default 2,000; 0 skips it) diagnostics queued through the API and
 *     then drained by the app's job runner with an empty handler (lib/noop-app-worker.mjs; the built worker stopped
 *     first), against the same number queued and then drained by a bare Worker doing nothing: the drains' ms per job
 *     (first job started → last finished, ÷ jobs) and their difference (no target).
 */
import { QueueEvents } from 'bullmq';
import { chromium } from 'playwright-core';
import { Redis } from 'ioredis';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { io } from 'socket.io-client';
import { entryPoints, root, serviceNodeOptions } from '../launcher/paths.mjs';
import { freePort } from '../launcher/probe.mjs';
import { startService, stopService, waitForHealthy } from '../launcher/processes.mjs';
import { BenchClient } from './lib/backend.mjs';
import { reportFigure } from './lib/figures.mjs';
import { bareBullmqRun, startWorkerScript, workerConcurrency } from './lib/queue-anchor.mjs';
import { cleanRedis } from './lib/redis-keys.mjs';
import { ms, percentile } from './lib/stats.mjs';

const jobs = Number(process.env.BENCH_JOBS ?? 10_000);
const users = Number(process.env.BENCH_USERS ?? 200);
const noopJobs = Number(process.env.BENCH_NOOP_JOBS ?? 2_000);
const bareLimit = 0.8;

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  const migrated = spawnSync(process.execPath, [entryPoints.migrate], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
  if (migrated.status !== 0) throw new Error('migrations failed');
  const prefix = `swqbench-${process.pid}`;
  const [port, workerPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WORKER_PORT: String(workerPort),
    DIAGNOSTIC_STEP_MS: '0',
    DATA_DIR: `/tmp/serpwise-queue-bench-${process.pid}`,
    ...(process.env.BENCH_WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY } : {}),
  };
  const backend = startService('backend', process.execPath, [...serviceNodeOptions.backend, entryPoints.backend], { cwd: root, env });
  const worker = startService('worker', process.execPath, [...serviceNodeOptions.worker, entryPoints.worker], { cwd: root, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queueEvents = new QueueEvents('diagnostics', { connection: eventsConnection, prefix: `${prefix}:bull` });
  /** @type {import('socket.io-client').Socket | null} */
  let socket = null;
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;
  try {
    await waitForHealthy(`${baseUrl}/healthz`, backend);
    await waitForHealthy(`http://127.0.0.1:${workerPort}/healthz`, worker);
    await queueEvents.waitUntilReady();

    /** @type {Map<string, number>} */
    const completions = new Map();
    queueEvents.on('completed', ({ jobId }) => completions.set(jobId, (completions.get(jobId) ?? 0) + 1));

    // An admin watching /admin/queues: the socket events it gets are what the page shows.
    const admin = new BenchClient(baseUrl);
    await admin.open('/freeaccount');
    const email = `queue-bench-${randomUUID().slice(0, 8)}@example.com`;
    const signedUp = await admin.request('POST', '/auth/registerfreeaccount', { 'x-csrf-token': admin.csrfToken }, { email, password: 'bench-password', token: null, source: 'FreeAccount' });
    if (!signedUp.ok) throw new Error(`admin sign-up failed: ${signedUp.status}`);
    await pool.query(`update app_user set roles = '{full,admin}', should_show_onboarding = false where email = $1`, [email]);
    /** @type {number[]} */
    const adminUpdates = [];
    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: admin.cookie } });
    socket.on('admin.queues', () => adminUpdates.push(Date.now()));
    await new Promise((resolve, reject) => {
      socket?.once('session.ready', resolve);
      socket?.once('connect_error', reject);
    });

    // The same admin's console in Chromium. Before the page's own code runs, the socket's messages are wrapped: an
    // `admin.queues` message notes when it arrived, and the first DOM mutation of the console after it (React's commit;
    // the "figures of <time>" label changes with every update) notes how long the render took.
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext();
    const [cookieName, cookieValue] = admin.cookie.split('=');
    await context.addCookies([{ name: cookieName ?? '', value: cookieValue ?? '', url: baseUrl }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const bench = { arrivals: /** @type {number[]} */ ([]), renders: /** @type {number[]} */ ([]), pending: /** @type {number | null} */ (null) };
      const page = /** @type {any} */ (globalThis);
      page.consoleBench = bench;
      /** @type {typeof WebSocket} */
      const NativeWebSocket = page.WebSocket;
      class WatchedWebSocket extends NativeWebSocket {
        /** @param {ConstructorParameters<typeof WebSocket>} args */
        constructor(...args) {
          super(...args);
          // Added before socket.io sets onmessage, so it runs first: the clock starts before the page handles it.
          this.addEventListener('message', (/** @type {MessageEvent} */ event) => {
            if (typeof event.data === 'string' && event.data.includes('"admin.queues"')) {
              const now = performance.now();
              bench.arrivals.push(Date.now());
              bench.pending ??= now;
            }
          });
        }
      }
      page.WebSocket = WatchedWebSocket;
      new page.MutationObserver(() => {
        if (bench.pending === null) return;
        bench.renders.push(performance.now() - bench.pending);
        bench.pending = null;
      }).observe(page.document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`${baseUrl}/admin/queues`);
    await page.getByTestId('admin-transport').filter({ hasText: 'Live updates' }).waitFor({ timeout: 120_000 });

    const clients = await Promise.all(
      Array.from({ length: users }, async () => {
        const client = new BenchClient(baseUrl);
        await client.open('/');
        return client;
      }),
    );
    log(`flooding: ${jobs.toLocaleString('en-US')} diagnostic jobs from ${users} simulated users`);
    /** @type {string[]} */
    const ids = [];
    /** @type {number | null} */
    let firstAccepted = null;
    const started = Date.now();
    await Promise.all(
      clients.map(async (client, index) => {
        const mine = Math.floor(jobs / users) + (index < jobs % users ? 1 : 0);
        for (let n = 0; n < mine; n += 1) {
          const response = await client.request('POST', '/rest/diagnostics', { 'x-csrf-token': client.csrfToken }, {});
          if (!response.ok) throw new Error(`POST /rest/diagnostics answered ${response.status}`);
          ids.push(/** @type {{ id: string }} */ (await response.json()).id);
          firstAccepted ??= Date.now();
        }
      }),
    );
    const enqueued = Date.now();
    log(`all ${ids.length} accepted in ${((enqueued - started) / 1000).toFixed(1)} s; waiting for the worker`);

    const deadline = Date.now() + Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
    let finished = 0;
    while (Date.now() < deadline) {
      const [row] = (await pool.query(`select count(*)::int as n from job_record where id = any($1::uuid[]) and state in ('completed', 'failed', 'cancelled')`, [ids])).rows;
      finished = row.n;
      if (finished === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the last completed events

    const rows = (
      await pool.query(
        `select id, state, attempts, extract(epoch from created_at) * 1000 as created, extract(epoch from started_at) * 1000 as started,
                extract(epoch from finished_at) * 1000 as finished
           from job_record where id = any($1::uuid[])`,
        [ids],
      )
    ).rows;
    const lastFinish = Math.max(...rows.map((row) => Number(row.finished) || 0));
    const seconds = (lastFinish - started) / 1000;
    const endToEnd = rows.filter((row) => row.finished).map((row) => Number(row.finished) - Number(row.created));
    const waits = rows.filter((row) => row.started).map((row) => Number(row.started) - Number(row.created));
    const runs = rows.filter((row) => row.finished && row.started).map((row) => Number(row.finished) - Number(row.started));
    const spread = (/** @type {number[]} */ values) => `p50 ${ms(percentile(values, 50))} · p95 ${ms(percentile(values, 95))} · p99 ${ms(percentile(values, 99))}`;

    const notCompleted = rows.filter((row) => row.state !== 'completed').length;
    const missingRecords = ids.length - rows.length;
    const rerun = rows.filter((row) => row.attempts !== 1).length;
    const eventsNotOnce = ids.filter((id) => completions.get(id) !== 1).length;
    const duplicateIds = ids.length - new Set(ids).size;

    const window = adminUpdates.filter((time) => time >= started && time <= lastFinish);
    const gaps = window.slice(1).map((time, index) => time - window[index]);

    log(`throughput: ${(rows.length / seconds).toFixed(1)} jobs/s (${rows.length} jobs in ${seconds.toFixed(1)} s; enqueueing took ${((enqueued - started) / 1000).toFixed(1)} s)`);
    log(`end to end (request → finished): ${spread(endToEnd)}`);
    log(`wait (queued → started): ${spread(waits)}`);
    log(`run (started → finished): ${spread(runs)}`);
    log(`exactly once: ${ids.length - notCompleted - missingRecords - rerun - eventsNotOnce} of ${ids.length} (not completed ${notCompleted}, missing records ${missingRecords}, attempts ≠ 1 ${rerun}, completed events ≠ 1 ${eventsNotOnce}, duplicate ids ${duplicateIds})`);
    log(
      `admin page updates under load: ${window.length} in ${seconds.toFixed(1)} s = ${(window.length / seconds).toFixed(2)}/s; gap p50 ${ms(percentile(gaps, 50))}, max ${ms(Math.max(0, ...gaps))} (paced: a push at most every 500 ms)`,
    );

    const inPage = /** @type {{ arrivals: number[], renders: number[] }} */ (await page.evaluate(() => /** @type {any} */ (window).consoleBench));
    const pageWindow = inPage.arrivals.filter((time) => time >= started && time <= lastFinish);
    const pageGaps = pageWindow.slice(1).map((time, index) => time - pageWindow[index]);
    const seconds1 = Math.floor((lastFinish - started) / 1000);
    const secondsWithout = Array.from({ length: seconds1 }, (_, second) => started + second * 1000).filter((from) => !pageWindow.some((time) => time >= from && time < from + 1000)).length;
    const renders = inPage.renders;
    // Where the flood's first second goes: the first job accepted, then the first push to a socket and to the page.
    const after = (/** @type {number | undefined | null} */ time) => (time === null || time === undefined ? 'none' : `${time - started} ms`);
    log(`flood start: first job accepted after ${after(firstAccepted)}, first admin push to a socket after ${after(window[0])}, in the page after ${after(pageWindow[0])}`);
    log(
      `console in Chromium: ${pageWindow.length} updates in ${seconds.toFixed(1)} s = ${(pageWindow.length / seconds).toFixed(2)}/s; seconds without an update ${secondsWithout} of ${seconds1}; gap p50 ${ms(percentile(pageGaps, 50))}, p95 ${ms(percentile(pageGaps, 95))}, max ${ms(Math.max(0, ...pageGaps))}`,
    );
    log(`console render (socket message → DOM commit): ${renders.length} updates, p50 ${ms(percentile(renders, 50))} · p95 ${ms(percentile(renders, 95))} · max ${ms(Math.max(0, ...renders))} (target < 100 ms each)`);

    const misses = [];
    if (secondsWithout > 0) misses.push('the console gets at least one update every second under the flood');
    if (!renders.length || Math.max(...renders) >= 100) misses.push('the console renders each update in under 100 ms');
    if (notCompleted || missingRecords || rerun || eventsNotOnce || duplicateIds) misses.push('every job ends exactly once');
    if (!gaps.length || Math.max(...gaps) > 5_000) misses.push('admin figures arrive at least every 5 s under load');
    const throughput = rows.length / seconds;
    reportFigure(log, `flood throughput, ${jobs.toLocaleString('en-US')} diagnostics from ${users} users`, throughput, 'jobs/s');
    reportFigure(log, 'jobs not ended exactly once', notCompleted + missingRecords + rerun + eventsNotOnce + duplicateIds, '', { op: '≤', limit: 0 });
    reportFigure(log, 'longest gap between admin figures under load', gaps.length ? Math.max(...gaps) : null, 'ms', { op: '≤', limit: 5_000 });
    reportFigure(log, 'seconds of the flood without a console update (Chromium)', secondsWithout, '', { op: '≤', limit: 0 });
    reportFigure(log, 'console render, socket message → DOM commit, max', renders.length ? Math.max(...renders) : null, 'ms', { op: '<', limit: 100 });

    // Issue 27 point 4: bare BullMQ doing the same per-job work, same job count, producers and concurrency.
    const concurrency = await workerConcurrency(redisUrl, prefix, /** @type {number} */ (worker.pid), 'diagnostics');
    const dataDir = `${env.DATA_DIR}/bare`;
    log(`bare BullMQ, the same work: ${jobs.toLocaleString('en-US')} jobs from ${users} producers, concurrency ${concurrency}`);
    const bare = await bareBullmqRun({ redisUrl, databaseUrl, dataDir, prefix: `${prefix}-bare`, work: 'diagnostic', jobs, producers: users, concurrency });
    log(`bare BullMQ: ${bare.throughput.toFixed(1)} jobs/s (${jobs} jobs in ${(bare.elapsed / 1000).toFixed(1)} s); run p50 ${ms(bare.runP50)} (the app's: ${ms(percentile(runs, 50))})`);
    const ratio = throughput / bare.throughput;
    log(`throughput against bare BullMQ doing the same per-job work: ${ratio.toFixed(2)}× (${throughput.toFixed(1)} / ${bare.throughput.toFixed(1)} jobs/s); target ≥ ${bareLimit}× → ${ratio >= bareLimit ? 'meets' : 'MISSES'}`);
    if (!reportFigure(log, 'flood throughput / bare BullMQ, same per-job work', ratio, '×', { op: '≥', limit: bareLimit })) misses.push(`throughput ≥ ${bareLimit}× bare BullMQ doing the same work`);

    if (noopJobs > 0) {
      // The app's runner with an empty handler against a bare worker doing nothing: both drain a queue filled first.
      await stopService(worker);
      log(`no-op overhead: ${noopJobs.toLocaleString('en-US')} diagnostics queued through the API, drained by the app's job runner with an empty handler`);
      /** @type {string[]} */
      const noopIds = [];
      await Promise.all(
        clients.map(async (client, index) => {
          for (let n = index; n < noopJobs; n += clients.length) {
            const response = await client.request('POST', '/rest/diagnostics', { 'x-csrf-token': client.csrfToken }, {});
            if (!response.ok) throw new Error(`POST /rest/diagnostics answered ${response.status}`);
            noopIds.push(/** @type {{ id: string }} */ (await response.json()).id);
          }
        }),
      );
      const noopWorker = await startWorkerScript('noop-worker', 'noop-app-worker.mjs', env);
      try {
        while (Date.now() < deadline) {
          const [row] = (await pool.query(`select count(*)::int as n from job_record where id = any($1::uuid[]) and state in ('completed', 'failed', 'cancelled')`, [noopIds])).rows;
          if (row.n === noopIds.length) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        await stopService(noopWorker);
      }
      const [drain] = (
        await pool.query(
          `select count(*) filter (where state = 'completed')::int as completed,
                  extract(epoch from max(finished_at) - min(started_at)) * 1000 as elapsed,
                  percentile_cont(0.5) within group (order by extract(epoch from finished_at - started_at) * 1000) as run_p50
             from job_record where id = any($1::uuid[])`,
          [noopIds],
        )
      ).rows;
      if (drain.completed !== noopJobs) throw new Error(`the no-op runner completed ${drain.completed} of ${noopJobs} jobs`);
      const appPerJob = Number(drain.elapsed) / noopJobs;
      const bareNoop = await bareBullmqRun({ redisUrl, databaseUrl, dataDir, prefix: `${prefix}-bare`, work: 'noop', jobs: noopJobs, producers: 0, concurrency });
      log(`no-op drain, ${noopJobs.toLocaleString('en-US')} jobs at concurrency ${concurrency}: app runner ${ms(appPerJob)} per job (run p50 ${ms(Number(drain.run_p50))}), bare BullMQ ${ms(bareNoop.perJobMs)} per job (run p50 ${ms(bareNoop.runP50)})`);
      reportFigure(log, 'no-op job: app runner, drain ms per job', appPerJob, 'ms');
      reportFigure(log, 'no-op job: bare BullMQ, drain ms per job', bareNoop.perJobMs, 'ms');
      reportFigure(log, "no-op overhead per job (app runner − bare BullMQ)", appPerJob - bareNoop.perJobMs, 'ms');
    }
    return { misses };
  } finally {
    await browser?.close();
    socket?.close();
    await queueEvents.close();
    await eventsConnection.quit();
    await pool.end();
    await stopService(worker);
    await stopService(backend);
    // Leave no bench keys behind in the shared Redis (the app's and the bare anchors').
    await cleanRedis(redisUrl, `${prefix}:*`);
    await cleanRedis(redisUrl, `${prefix}-bare:*`);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
