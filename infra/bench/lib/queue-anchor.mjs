// @ts-check
/**
 * The queues bench's anchors (issue 27 point 4): bare BullMQ — a plain Queue in this process and a plain Worker in a
 * process of its own (lib/bare-bullmq-worker.mjs), on a key prefix of their own — and the app's job runner with an
 * empty handler (lib/noop-app-worker.mjs). Each worker process runs with the built worker's Node options.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, serviceNodeOptions } from '../../launcher/paths.mjs';
import { startService, stopService } from '../../launcher/processes.mjs';
import { percentile } from './stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * Starts one of this folder's worker scripts under the built worker's Node options and waits for its "ready" line.
 * @param {string} name @param {string} script @param {NodeJS.ProcessEnv} env
 */
export async function startWorkerScript(name, script, env) {
  // BENCH_WORKER_NODE_OPTIONS (as for the built worker, lib/backend.mjs) profiles these too: `--cpu-prof --cpu-prof-dir=…`.
  const extra = (process.env.BENCH_WORKER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = startService(name, process.execPath, [...serviceNodeOptions.worker, ...extra, join(here, script)], { cwd: root, env });
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on('line', (line) => line === 'ready' && resolve(undefined));
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
  });
  await ready;
  return child;
}

/**
 * The queue's concurrency as the running worker reports it in its heartbeat (the admin console's workers: key
 * `<prefix>:workers:<host>:<pid>`), so the anchor runs with exactly what the app's worker ran with.
 * @param {string} redisUrl @param {string} prefix REDIS_PREFIX @param {number} pid the worker process @param {string} queue
 */
export async function workerConcurrency(redisUrl, prefix, pid, queue) {
  const redis = new Redis(redisUrl);
  try {
    for (let tries = 0; tries < 100; tries += 1) {
      const beat = JSON.parse((await redis.get(`${prefix}:workers:${hostname()}:${pid}`)) ?? 'null');
      const concurrency = beat?.queueConcurrency?.[queue] ?? beat?.concurrency;
      if (typeof concurrency === 'number') return concurrency;
      await sleep(200);
    }
    throw new Error(`the worker's heartbeat (${prefix}:workers:${hostname()}:${pid}) did not say its concurrency`);
  } finally {
    redis.quit();
  }
}

/**
 * Bare BullMQ: `jobs` jobs on one queue of its own prefix, run by a plain Worker (`work`: the diagnostic's work or
 * nothing) at `concurrency`. `producers` > 0: the worker runs first and that many producers add the jobs at once, one
 * after another each (as the app's simulated users post them), timed from the first add to the last job finished.
 * `producers` = 0: every job is queued first and the worker started after, timed from the first job started to the
 * last finished (the drain). Answers the time, throughput and each job's run (processedOn → finishedOn), ms.
 * @param {{ redisUrl: string, databaseUrl: string, dataDir: string, prefix: string, work: 'diagnostic' | 'noop', jobs: number, producers: number, concurrency: number }} options
 */
export async function bareBullmqRun({ redisUrl, databaseUrl, dataDir, prefix, work, jobs, producers, concurrency }) {
  const queueName = 'bare-diagnostics';
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection, prefix });
  const env = { ...process.env, REDIS_URL: redisUrl, DATABASE_URL: databaseUrl, BARE_DATA_DIR: dataDir, BARE_PREFIX: prefix, BARE_QUEUE: queueName, BARE_CONCURRENCY: String(concurrency), BARE_WORK: work };
  /** @type {import('node:child_process').ChildProcess | null} */
  let worker = null;
  try {
    let started = 0;
    if (producers > 0) {
      worker = await startWorkerScript(`bare-${work}`, 'bare-bullmq-worker.mjs', env);
      started = Date.now();
      await Promise.all(
        Array.from({ length: producers }, async (_, index) => {
          const mine = Math.floor(jobs / producers) + (index < jobs % producers ? 1 : 0);
          for (let n = 0; n < mine; n += 1) await queue.add('diagnostic.run', { jobId: `${index}-${n}` });
        }),
      );
    } else {
      await queue.addBulk(Array.from({ length: jobs }, (_, n) => ({ name: 'diagnostic.run', data: { jobId: String(n) } })));
      worker = await startWorkerScript(`bare-${work}`, 'bare-bullmq-worker.mjs', env);
    }
    for (;;) {
      const counts = await queue.getJobCounts('completed', 'failed');
      if (counts.failed) throw new Error(`${counts.failed} bare BullMQ jobs failed`);
      if (counts.completed >= jobs) break;
      await sleep(250);
    }
    const done = await queue.getJobs(['completed'], 0, jobs);
    const firstStart = Math.min(...done.map((job) => Number(job.processedOn)));
    const lastFinish = Math.max(...done.map((job) => Number(job.finishedOn)));
    const elapsed = lastFinish - (producers > 0 ? started : firstStart);
    const runs = done.map((job) => Number(job.finishedOn) - Number(job.processedOn));
    return { elapsed, throughput: (jobs / elapsed) * 1000, perJobMs: elapsed / jobs, runP50: percentile(runs, 50) };
  } finally {
    if (worker) await stopService(worker);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await connection.quit();
  }
}
