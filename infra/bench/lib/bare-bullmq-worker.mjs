// @ts-check
/**
 * The queues bench's anchor (issue 27 point 4): a plain BullMQ Worker in a process of its own, no app code — no job
 * record, no progress, no events, no MikroORM. `BARE_WORK=diagnostic` runs lib/diagnostic-work.mjs per job (the
 * diagnostic's own work), `noop` nothing. Environment: REDIS_URL, BARE_PREFIX (BullMQ's key prefix, the bench's own),
 * BARE_QUEUE, BARE_CONCURRENCY, DATABASE_URL and BARE_DATA_DIR (for the diagnostic's work). Prints "ready" once it
 * takes jobs; SIGTERM closes it.
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import pg from 'pg';
import { diagnosticWork } from './diagnostic-work.mjs';

const env = (/** @type {string} */ name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const concurrency = Number(env('BARE_CONCURRENCY'));
const prefix = env('BARE_PREFIX');
const work = process.env.BARE_WORK === 'noop' ? 'noop' : 'diagnostic';
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: concurrency });
const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const connection = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const folder = join(env('BARE_DATA_DIR'), 'diagnostics');

const worker = new Worker(
  env('BARE_QUEUE'),
  async (job) => (work === 'noop' ? null : diagnosticWork({ jobId: String(job.id), pool, redis, keyPrefix: prefix, folder })),
  { connection, prefix, concurrency },
);
worker.on('error', (error) => process.stderr.write(`bare worker: ${error.message}\n`));
await worker.waitUntilReady();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await worker.close();
  await Promise.all([redis.quit(), connection.quit(), pool.end()]);
  process.exit(0);
});
