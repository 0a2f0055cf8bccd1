import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { diagnosticJob, type AdminQueuesOverview, type JobStatus, type QueueSamplesAnswer } from '@serpwise/contracts';
import { JobQueue, noteStalledJob, WorkerHeartbeats } from '@serpwise/platform';
import { QueueSampler } from '../src/modules/admin-queues/queue-sampler.js';
import { minuteMs, minuteStartOf, queueSamplesKey, readSamples, storeSample } from '../src/modules/admin-queues/queue-samples.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 23 point 1: the console's per-minute history (one sample a minute however many API processes sample, pruned
 * after the retention), the workers' uptime, memory and current jobs, the stalled and retrying jobs, against the
 * real Redis and PostgreSQL.
 */
jest.setTimeout(90_000);

let testApp: TestApp;
let admin: HttpSession;
const retentionHours = 2;
beforeAll(async () => {
  testApp = await startTestApp({ env: { QUEUE_SAMPLE_RETENTION_HOURS: String(retentionHours) } });
  admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full', 'admin'] }));
  // The tests sample minutes themselves: the app's own minute timer must not claim one first.
  testApp.app.get(QueueSampler).onApplicationShutdown();
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const prefix = () => testApp.environment.REDIS_PREFIX;

async function until<T>(what: string, read: () => Promise<T>, ready: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** A stand-in worker for the diagnostics queue (the test app runs none): each job takes a little while. */
function diagnosticsWorker(connection: Redis, handle: (job: Job) => Promise<unknown>) {
  return new Worker(diagnosticJob.queue, handle, { connection, prefix: `${prefix()}:bull`, concurrency: 4 });
}

describe('admin console history (issue 23)', () => {
  it('keeps exactly one sample a minute with throughput and latency, even when two processes sample it', async () => {
    const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
    const worker = diagnosticsWorker(connection, async () => sleep(50));
    try {
      const started: JobStatus[] = [];
      for (let index = 0; index < 6; index += 1) started.push((await (await admin.post('/rest/diagnostics')).json()) as JobStatus);
      const queue = testApp.app.get(JobQueue).queue(diagnosticJob.queue);
      const finished = await until('the jobs to finish', async () => Promise.all(started.map(async (job) => (await queue.getJob(job.id))?.finishedOn ?? null)), (times) => times.every((time) => time !== null));
      const minute = minuteStartOf(finished[0]!);
      const inMinute = finished.filter((time) => minuteStartOf(time!) === minute).length;

      // Two API processes: the app's own sampler and a second one on its own connection.
      const own = testApp.app.get(QueueSampler);
      const otherRedis = new Redis(testApp.environment.REDIS_URL);
      const other = new QueueSampler(testApp.app.get(JobQueue), otherRedis, testApp.environment);
      try {
        const claims = await Promise.all([own.sampleMinute(minute), other.sampleMinute(minute), own.sampleMinute(minute)]);
        expect(claims.filter(Boolean)).toHaveLength(1);
      } finally {
        await otherRedis.quit();
      }
      const samples = await readSamples(testApp.redis.client, prefix(), diagnosticJob.queue, minute, minute);
      expect(samples).toHaveLength(1);
      expect(samples[0]).toMatchObject({ at: new Date(minute).toISOString(), completed: inMinute, failedInMinute: 0, waiting: 0, active: 0 });
      expect(samples[0]!.runP50).toEqual(expect.any(Number));
      expect(samples[0]!.runP50!).toBeGreaterThanOrEqual(50);
      expect(samples[0]!.waitP95).toEqual(expect.any(Number));

      // A queue where nothing finished: counts, and no latency (unknown, not 0).
      const idle = await readSamples(testApp.redis.client, prefix(), 'reports', minute, minute);
      expect(idle).toEqual([expect.objectContaining({ completed: 0, waitP50: null, runP95: null })]);

      const answer = (await (await admin.get('/rest/admin/queues/samples')).json()) as QueueSamplesAnswer;
      expect(answer.queues[diagnosticJob.queue]).toEqual(expect.arrayContaining([expect.objectContaining({ at: new Date(minute).toISOString(), completed: inMinute })]));
    } finally {
      await worker.close();
      await connection.quit();
    }
  });

  it('prunes samples older than QUEUE_SAMPLE_RETENTION_HOURS', async () => {
    const now = minuteStartOf(Date.now()) - 5 * minuteMs;
    const retentionMs = retentionHours * 3_600_000;
    const old = { at: new Date(now - retentionMs - minuteMs).toISOString(), waiting: 1, active: 0, failed: 0, delayed: 0, completed: 0, failedInMinute: 0, waitP50: null, waitP95: null, runP50: null, runP95: null };
    const kept = { ...old, at: new Date(now - retentionMs + minuteMs).toISOString() };
    await storeSample(testApp.redis.client, prefix(), 'serp', old, 24 * retentionMs);
    await storeSample(testApp.redis.client, prefix(), 'serp', kept, 24 * retentionMs);
    expect(await testApp.redis.client.zcard(queueSamplesKey(prefix(), 'serp'))).toBeGreaterThanOrEqual(2);

    expect(await testApp.app.get(QueueSampler).sampleMinute(now)).toBe(true);
    const left = (await testApp.redis.client.zrangebyscore(queueSamplesKey(prefix(), 'serp'), '-inf', '+inf')).map((value) => (JSON.parse(value) as { at: string }).at);
    expect(left).not.toContain(old.at);
    expect(left).toEqual(expect.arrayContaining([kept.at, new Date(now).toISOString()]));
  });

  it('shows workers with uptime, memory and current jobs, the stalled jobs and the jobs being retried', async () => {
    const heartbeats = new WorkerHeartbeats(testApp.redis.client, prefix(), {
      concurrency: 3,
      queueConcurrency: { [diagnosticJob.queue]: 3, reports: 2 },
      queues: [diagnosticJob.queue],
      currentJobs: () => [{ queue: diagnosticJob.queue, id: 'job-running', name: diagnosticJob.name }],
    });
    await heartbeats.beat();
    await noteStalledJob(testApp.redis.client, prefix(), { queue: 'exports', id: 'job-stalled', name: null });

    // A job that fails its first attempt waits out its backoff in `delayed`, on attempt 2 of 3.
    const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
    const worker = diagnosticsWorker(connection, async (job) => {
      if (job.attemptsMade === 0) throw new Error('First attempt broke');
    });
    try {
      const job = (await (await admin.post('/rest/diagnostics')).json()) as JobStatus;
      const overview = await until(
        'the job to be retrying',
        async () => (await (await admin.get('/rest/admin/queues')).json()) as AdminQueuesOverview,
        (answer) => answer.queues.find((queue) => queue.name === diagnosticJob.queue)!.retrying.some((entry) => entry.id === job.id),
      );
      const retrying = overview.queues.find((queue) => queue.name === diagnosticJob.queue)!.retrying.find((entry) => entry.id === job.id)!;
      expect(retrying).toMatchObject({ attemptsMade: 1, failedReason: 'First attempt broke' });
      expect(['delayed', 'active']).toContain(retrying.state);

      const beat = overview.workers.find((entry) => entry.concurrency === 3)!;
      expect(beat.pid).toBe(process.pid);
      expect(beat.queueConcurrency).toEqual({ [diagnosticJob.queue]: 3, reports: 2 });
      expect(beat.rssBytes).toBeGreaterThan(1_000_000);
      expect(beat.heapUsedBytes).toBeGreaterThan(0);
      expect(Date.parse(beat.startedAt!)).toBeLessThanOrEqual(Date.now());
      expect(beat.currentJobs).toEqual([{ queue: diagnosticJob.queue, id: 'job-running', name: diagnosticJob.name }]);
      expect(overview.stalled[0]).toMatchObject({ queue: 'exports', id: 'job-stalled' });
      expect(overview.scheduled.every((entry) => 'tz' in entry)).toBe(true);
    } finally {
      await worker.close();
      await connection.quit();
      await heartbeats.stop();
    }
  });

  it('refuses the samples to non-admins', async () => {
    const full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect((await full.get('/rest/admin/queues/samples')).status).toBe(403);
  });
});
