import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { hostname } from 'node:os';
import { MikroORM } from '@mikro-orm/postgresql';
import { attemptOfLog, diagnosticJob, diagnosticSteps, type Environment, type JobStatus } from '@serpwise/contracts';
import { standInHandlers } from '../../infra/test/stand-in-handlers.js';
import { createOrmConfig, JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { BullJobQueue, createRedisConnection, queueKeyPrefix, readStalledJobs } from '@serpwise/platform';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { setUpTimeoutMs, createTestDatabase, createTestRedis, testEnvironment, type TestDatabase, type TestRedis } from '../../infra/test/test-services.js';
import { DeadHolders, holderConnectionName, newHolderName } from '../src/jobs/dead-holders.js';
import { JobMetrics } from '../src/jobs/job-metrics.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { OrphanReconciler } from '../src/jobs/orphan-reconciler.js';
import { DiagnosticProcessor } from '../src/processors/diagnostic.processor.js';
import { JobEvents } from '../src/realtime/job-events.emitter.js';

/** Records what the runner would push to browsers. */
class RecordedEvents extends JobEvents {
  readonly seen: OwnedJobStatus[] = [];
  updated(status: OwnedJobStatus): void {
    this.seen.push(status);
  }
  of(id: string): JobStatus[] {
    return this.seen.filter((status) => status.id === id);
  }
}

/** A diagnostic job whose runs leave something outside that its `abandoned` cannot undo, and says so. */
class LeavesSomethingBehind extends DiagnosticProcessor {
  static readonly sentence = 'A test file was left in place.';
  readonly abandonedAs: { id: string; state: string }[] = [];
  async abandoned(_payload: unknown, ended: OwnedJobStatus): Promise<string | null> {
    this.abandonedAs.push({ id: ended.id, state: ended.state });
    return LeavesSomethingBehind.sentence;
  }
}

jest.setTimeout(60_000);

let database: TestDatabase;
let redis: TestRedis;
let environment: Environment;
let orm: MikroORM;
let connection: Redis;
let queue: BullJobQueue;
let runner: JobRunner;
const events = new RecordedEvents();
const owner = { sessionId: randomUUID(), userId: null };
const records = () => new JobRecordRepository(orm.em.fork());
const logger = pino({ level: 'silent' });

async function waitForState(id: string, state: JobStatus['state'], timeoutMs = 15_000): Promise<OwnedJobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await records().findById(id);
    if (status?.state === state) return status;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${status?.state}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newDiagnosticRecord() {
  const id = randomUUID();
  await records().create({ id, queue: diagnosticJob.queue, name: diagnosticJob.name, owner, total: diagnosticSteps.length, payload: { jobId: id } });
  return id;
}

function newRunner(): JobRunner {
  return new JobRunner(
    // Exports and imports have their own integration tests (backend/test/exports.int.spec.ts, imports.int.spec.ts); the
    // runner only needs a handler for each job.
    standInHandlers([new DiagnosticProcessor(() => orm.em.fork(), connection, environment)]),
    orm,
    events,
    environment,
    logger,
    new JobMetrics(new Registry()),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  redis = createTestRedis();
  // A quick stalled check, so a job whose worker died is found within seconds (the runner's own jobs renew their locks).
  environment = testEnvironment(database, redis, { JOB_STALLED_INTERVAL_MS: '1000' });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 4 }));
  connection = createRedisConnection(environment, 'test');
  queue = new BullJobQueue(connection, queueKeyPrefix(redis.prefix));
  runner = newRunner();
  runner.start();
}, setUpTimeoutMs);

afterAll(async () => {
  await runner?.stop();
  await queue?.close();
  await connection?.quit();
  await orm?.close();
  await redis?.cleanup();
  await database?.drop();
}, setUpTimeoutMs);

describe('JobRunner with the diagnostic job', () => {
  it('runs every step, reports rising progress, and completes exactly once', async () => {
    const id = await newDiagnosticRecord();
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });
    const done = await waitForState(id, 'completed');

    expect(done).toMatchObject({ percent: 100, done: 5, total: 5, attempts: 1, error: null });
    const result = diagnosticJob.result.parse(done.result);
    expect(result.steps.map((step) => step.key)).toEqual(diagnosticSteps.map((step) => step.key));
    expect(result.steps[0]!.detail).toMatch(/^PostgreSQL \d+/);

    const seen = events.of(id);
    const percents = seen.map((status) => status.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents)).toEqual(new Set([0, 20, 40, 60, 80, 100]));
    expect(seen.filter((status) => status.state === 'completed')).toHaveLength(1);
    expect(seen[0]!.state).toBe('active');

    // The admin console's story of the job: which worker ran the attempt, and when (issue 23).
    const { logs } = await queue.queue(diagnosticJob.queue).getJobLogs(id);
    expect(logs.map(attemptOfLog)).toEqual([{ number: 1, worker: `${hostname()}:${process.pid}`, startedAt: expect.any(String) }]);
  });

  it('adding the same job id twice runs it once', async () => {
    const id = await newDiagnosticRecord();
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });
    await waitForState(id, 'completed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await records().findById(id))!.attempts).toBe(1);
    expect(events.of(id).filter((status) => status.state === 'completed')).toHaveLength(1);
  });

  it('notes a job whose worker died (its lock ran out) on the admin console’s stalled list, and runs it again (issue 23)', async () => {
    const id = await newDiagnosticRecord();
    // The runner stops so that the doomed worker, not the runner, takes the job.
    await runner.stop();
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });
    // A worker that takes the job with a one-second lock and then dies: nothing renews the lock.
    const deadConnection = createRedisConnection(environment, 'test-dead-worker');
    const dead = new Worker(diagnosticJob.queue, null, { connection: deadConnection, prefix: queueKeyPrefix(redis.prefix), autorun: false, lockDuration: 1_000 });
    try {
      const taken = await dead.getNextJob('dead-token');
      expect(taken?.id).toBe(id);
    } finally {
      await dead.close(true);
      await deadConnection.quit();
      // A new runner: its stalled check finds the job whose lock ran out and hands it back to the queue.
      runner = newRunner();
      runner.start();
    }
    await waitForState(id, 'completed', 30_000);
    const stalled = await readStalledJobs(connection, redis.prefix);
    expect(stalled.filter((entry) => entry.id === id)).toEqual([{ queue: diagnosticJob.queue, id, name: null, at: expect.any(String) }]);
  });

  it('hands on a job whose worker process is gone (its connections closed) long before its lock runs out, and not while it is connected (issue 21 item 4)', async () => {
    const id = await newDiagnosticRecord();
    await runner.stop();
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });
    // Another worker process as the runner makes them (its connection named for its holder, its worker recorded),
    // which takes the job with a one-minute lock.
    const holder = newHolderName();
    const otherConnection = createRedisConnection(environment, holderConnectionName(diagnosticJob.queue, holder));
    const other = new Worker(diagnosticJob.queue, null, { connection: otherConnection, prefix: queueKeyPrefix(redis.prefix), autorun: false, lockDuration: 60_000 });
    await new DeadHolders(otherConnection, queueKeyPrefix(redis.prefix), holder, () => [other.id]).register();
    expect((await other.getNextJob(`${other.id}:0`))?.id).toBe(id);
    runner = newRunner();
    runner.start();
    // Connected, it keeps the job: three of the runner's checks (every JOB_HOLDER_CHECK_MS, 1 s) pass it by.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await records().findById(id))!.attempts).toBe(0);
    expect(await connection.get(`${queueKeyPrefix(redis.prefix)}:${diagnosticJob.queue}:${id}:lock`)).toBe(`${other.id}:0`);
    // Gone: its connections close, as the kernel closes a killed process's sockets; the lock has ~55 s left.
    await other.close(true);
    await otherConnection.quit();
    const done = await waitForState(id, 'completed', 20_000);
    expect(done.attempts).toBe(1);
    const stalled = await readStalledJobs(connection, redis.prefix);
    expect(stalled.filter((entry) => entry.id === id)).toHaveLength(1);
  });

  it('resumes from the checkpoint of an interrupted attempt, doing no step twice', async () => {
    const id = await newDiagnosticRecord();
    // What a worker killed after two steps leaves behind: the record active, two steps checkpointed.
    await records().markActive(id, 'Started');
    const firstTwo = [
      { key: 'database', label: 'Reading from PostgreSQL', millis: 5, detail: 'from the first attempt' },
      { key: 'redis', label: 'Round-trip through Redis', millis: 5, detail: 'from the first attempt' },
    ];
    await records().saveCheckpoint(id, 1, { steps: firstTwo });
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });

    const done = await waitForState(id, 'completed');
    const result = diagnosticJob.result.parse(done.result);
    expect(done.attempts).toBe(2);
    expect(result.steps.slice(0, 2)).toEqual(firstTwo);
    expect(result.steps.map((step) => step.key)).toEqual(diagnosticSteps.map((step) => step.key));
  });

  it('never shows less done than the record showed when it took over: the killed run had reported past its checkpoint', async () => {
    const id = await newDiagnosticRecord();
    // A worker killed after its third step's report, with only two steps checkpointed: the third is done again.
    await records().markActive(id, 'Started');
    await records().saveCheckpoint(id, 1, {
      steps: diagnosticSteps.slice(0, 2).map((step) => ({ key: step.key, label: step.label, millis: 5, detail: 'from the first attempt' })),
    });
    await records().recordProgress(id, 1, { done: 3, total: diagnosticSteps.length, message: 'Third step: done' });
    await queue.enqueue(diagnosticJob, { jobId: id }, { jobId: id });

    const done = await waitForState(id, 'completed');
    expect(done.attempts).toBe(2);
    const shown = events.of(id).filter((status) => status.state === 'active').map((status) => status.done);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.every((value) => value >= 3)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  it('fails a job whose payload does not match its contract, without retrying', async () => {
    const id = await newDiagnosticRecord();
    await queue.queue(diagnosticJob.queue).add(diagnosticJob.name, { jobId: 'not-a-uuid' }, { jobId: id, attempts: 3 });
    const failed = await waitForState(id, 'failed');
    expect(failed.error).toMatch(/Invalid payload/);
    expect(failed.attempts).toBe(0);
  });

  it('refuses to queue a payload that breaks the contract', async () => {
    await expect(queue.enqueue(diagnosticJob, { jobId: 'nope' }, { jobId: randomUUID() })).rejects.toThrow(/Invalid payload for job diagnostic.run/);
  });
});

describe('fencing: only the run that took the job last may write its record', () => {
  it('a run that lost the job to a later run records no progress or checkpoint, and cannot complete or fail it', async () => {
    const id = await newDiagnosticRecord();
    const first = (await records().markActive(id, 'Started'))!.attempts;
    const second = (await records().markActive(id, 'Started again'))!.attempts;
    expect(second).toBe(first + 1);

    expect(await records().recordProgress(id, first, { done: 1, total: 5, message: 'late' })).toBeNull();
    expect(await records().isActive(id, first)).toBe(false);
    expect(await records().saveCheckpoint(id, first, { steps: ['late'] })).toBe(false);
    expect(await records().complete(id, first, { late: true }, 'Done')).toBeNull();
    expect(await records().failAttempt(id, first, 'late')).toBeNull();
    expect(await records().findById(id)).toMatchObject({ state: 'active', attempts: second, done: 0, result: null });

    expect(await records().isActive(id, second)).toBe(true);
    expect(await records().complete(id, second, { steps: [] }, 'Done')).toMatchObject({ state: 'completed', attempts: second });
  });
});

describe('OrphanReconciler', () => {
  it('ends failed, with a reason the user can read, a record whose job the queue gave up', async () => {
    // A queue no worker serves: the job is taken and failed by hand as BullMQ fails a job stalled too often.
    const idle = new BullJobQueue(connection, `${queueKeyPrefix(redis.prefix)}-idle`);
    const takerConnection = createRedisConnection(environment, 'test-taker');
    const taker = new Worker(diagnosticJob.queue, null, { connection: takerConnection, prefix: `${queueKeyPrefix(redis.prefix)}-idle`, autorun: false });
    try {
      const id = await newDiagnosticRecord();
      await records().markActive(id, 'Started'); // the worker that died had taken it
      await idle.queue(diagnosticJob.queue).add(diagnosticJob.name, { jobId: id }, { jobId: id, attempts: 1 });
      const job = (await taker.getNextJob('token'))!;
      await job.moveToFailed(new Error('job stalled more than allowable limit'), 'token');
      await database.query(`update job_record set updated_at = now() - interval '10 minutes' where id = $1`, [id]);

      // Its runs left something outside (as a Sheets export leaves a spreadsheet): the handler is asked to undo it.
      const leaving = new LeavesSomethingBehind(() => orm.em.fork(), connection, environment);
      const leavingRunner = new JobRunner(standInHandlers([leaving]), orm, events, environment, logger, new JobMetrics(new Registry()));
      const reconciler = new OrphanReconciler(records, idle, events, logger, 60_000, (ended) => leavingRunner.abandonEnded(ended));
      expect((await reconciler.reconcileOnce()).failed).toBe(1);
      const failed = await records().findById(id);
      const reason = 'The job stopped repeatedly and was given up; please try again.';
      expect(failed).toMatchObject({ state: 'failed', error: `${reason} ${LeavesSomethingBehind.sentence}` });
      expect(leaving.abandonedAs).toEqual([{ id, state: 'failed' }]);
      expect(events.of(id).at(-1)).toMatchObject({ state: 'failed', error: `${reason} ${LeavesSomethingBehind.sentence}` });
    } finally {
      await taker.close();
      await takerConnection.quit();
      await idle.close();
    }
  });


  it('queues again a recorded job that Redis lost, and it completes', async () => {
    const id = await newDiagnosticRecord(); // recorded but never reached Redis
    await database.query(`update job_record set updated_at = now() - interval '10 minutes' where id = $1`, [id]);
    const reconciler = new OrphanReconciler(records, queue, events, logger, 60_000);
    expect((await reconciler.reconcileOnce()).requeued).toBeGreaterThanOrEqual(1);
    await waitForState(id, 'completed');
  });

  it('when Redis is back, queues again at once every queued record, however recent, and no active one', async () => {
    const recent = await newDiagnosticRecord(); // recorded a moment ago; Redis came back without it
    const running = await newDiagnosticRecord();
    await database.query(`update job_record set state = 'active', updated_at = now() - interval '10 minutes' where id = $1`, [running]);
    const reconciler = new OrphanReconciler(records, queue, events, logger, 60_000);
    const requeued = await reconciler.reconcileQueuedNow();
    expect(requeued).toBeGreaterThanOrEqual(1);
    expect(await queue.queue(diagnosticJob.queue).getJob(running)).toBeUndefined();
    await waitForState(recent, 'completed');
  });
});
