import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { exportJob, type Environment, type ExportResult } from '@serpwise/contracts';
import { createOrmConfig, JobRecordRepository } from '@serpwise/database';
import { BullJobQueue, createRedisConnection, queueKeyPrefix } from '@serpwise/platform';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { standInHandlers } from '../../infra/test/stand-in-handlers.js';
import { setUpTimeoutMs, createTestDatabase, createTestRedis, testEnvironment, type TestDatabase, type TestRedis } from '../../infra/test/test-services.js';
import type { JobHandler } from '../src/jobs/job-handler.js';
import { JobMetrics } from '../src/jobs/job-metrics.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { JobEvents } from '../src/realtime/job-events.emitter.js';

/**
 * Issue 27 point 2: the exports queue runs WORKER_EXPORTS_CONCURRENCY exports at once, whatever WORKER_CONCURRENCY
 * says; the rest wait in the queue (not in the worker, holding memory and a connection each).
 */
jest.setTimeout(60_000);

class SilentEvents extends JobEvents {
  updated(): void {}
}

/** An export that holds until the test lets it go, counting how many run at once. */
class HeldExports implements JobHandler<typeof exportJob> {
  readonly contract = exportJob;
  running = 0;
  mostAtOnce = 0;
  started = 0;
  private readonly releases: (() => void)[] = [];

  async handle(): Promise<ExportResult> {
    this.running += 1;
    this.started += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    await new Promise<void>((resolve) => this.releases.push(resolve));
    this.running -= 1;
    return { format: 'csv', fileName: 'held.csv', rows: 0, bytes: 0, truncated: false };
  }

  /** Exports started and not yet let go. */
  get held(): number {
    return this.releases.length;
  }

  /** Lets the longest-held export finish. */
  releaseOne(): boolean {
    const release = this.releases.shift();
    release?.();
    return Boolean(release);
  }
}

let database: TestDatabase;
let redis: TestRedis;
let environment: Environment;
let orm: MikroORM;
let connection: Redis;
let queue: BullJobQueue;
let inspect: Queue;
let runner: JobRunner;
const exports = new HeldExports();
const records = () => new JobRecordRepository(orm.em.fork());

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  redis = createTestRedis();
  environment = testEnvironment(database, redis, { WORKER_CONCURRENCY: '4', WORKER_EXPORTS_CONCURRENCY: '2' });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 4 }));
  connection = createRedisConnection(environment, 'test');
  queue = new BullJobQueue(connection, queueKeyPrefix(redis.prefix));
  inspect = new Queue(exportJob.queue, { connection, prefix: queueKeyPrefix(redis.prefix) });
  runner = new JobRunner(standInHandlers([exports]), orm, new SilentEvents(), environment, pino({ level: 'silent' }), new JobMetrics(new Registry()));
  runner.start();
}, setUpTimeoutMs);

afterAll(async () => {
  while (exports.releaseOne());
  await runner?.stop();
  await inspect?.close();
  await queue?.close();
  await connection?.quit();
  await orm?.close();
  await redis?.cleanup();
  await database?.drop();
}, setUpTimeoutMs);

describe('the exports queue\'s own concurrency (WORKER_EXPORTS_CONCURRENCY)', () => {
  it('runs at most WORKER_EXPORTS_CONCURRENCY exports at once though WORKER_CONCURRENCY allows more, the rest waiting in the queue', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const id = randomUUID();
      await records().create({
        id, queue: exportJob.queue, name: exportJob.name, owner: { sessionId: randomUUID(), userId: null }, total: 0,
        payload: { table: 'seo/backlinks', params: {}, format: 'csv', scope: 'full', tableRows: 0, rowLimit: null, fileName: 'held' },
      });
      await queue.enqueue(exportJob, { jobId: id }, { jobId: id });
      ids.push(id);
    }
    await waitFor('two exports running', () => exports.running === 2);
    // The worker took two and left three in the queue: it fetches no job beyond its concurrency.
    expect(await inspect.getJobCounts('active', 'waiting')).toEqual({ active: 2, waiting: 3 });
    // Each finished export lets one more in, until all five have run.
    for (let released = 0; released < 5; released += 1) {
      await waitFor('an export held', () => exports.held > 0);
      exports.releaseOne();
    }
    await waitFor('every record completed', async () => (await Promise.all(ids.map((id) => records().findById(id)))).every((record) => record?.state === 'completed'));
    expect(exports.started).toBe(5);
    expect(exports.mostAtOnce).toBe(2);
  });
});
