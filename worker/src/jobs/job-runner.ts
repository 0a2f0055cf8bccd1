import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { attemptLogLine, findJobContract, jobRegistry, queueConcurrencies, queueConcurrency, registeredQueues, retryWaitMessage, type Environment } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { createRedisConnection, noteStalledJob, queueKeyPrefix } from '@serpwise/platform';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { JobEvents } from '../realtime/job-events.emitter.js';
import { keepCompletion } from './completion-on-disk.js';
import { DeadHolders, holderConnectionName, newHolderName } from './dead-holders.js';
import { gaveUpReason } from './given-up.js';
import { indexHandlers, JobCancelledError, type JobContext, type JobHandler } from './job-handler.js';
import type { JobMetrics } from './job-metrics.js';
import { PeriodicRun } from './periodic-run.js';
import { ProgressTurn } from './progress-turn.js';
import { QueueProgress } from './queue-progress.js';
import { ownerFacingErrorText } from './owner-facing-error.js';

/** The queue's copy of a run's progress (the admin console's) is written at most this often; see QueueProgress. */
export const queueProgressEveryMs = 500;


/**
 * Runs every registered job: validates the payload it takes, keeps job_record in step (active, progress,
 * completed or failed), and reports each change over the socket. Each run has its own MikroORM context.
 *
 * Fencing: a run whose lock was lost (a long pause, a Redis restart) may go on working while BullMQ hands the job to
 * another run. Each run writes the record only under its own attempt number (taken by markActive), so only the run
 * that took the job last records progress or publishes its result; the other one's output is discarded.
 */
export class JobRunner {
  private readonly handlers: Map<string, JobHandler>;
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  /** The jobs this process runs now, for its heartbeat (the admin console's workers). */
  private readonly running = new Map<string, { queue: string; id: string; name: string }>();
  /** This process among the holders of job locks (dead-holders.ts): its queue connections carry the name. */
  private readonly holder = newHolderName();
  private holderRounds: PeriodicRun | null = null;
  private deadHolders: DeadHolders | null = null;

  constructor(
    handlers: readonly JobHandler[],
    private readonly orm: MikroORM,
    private readonly events: JobEvents,
    private readonly environment: Environment,
    private readonly logger: Logger,
    private readonly metrics: JobMetrics,
  ) {
    this.handlers = indexHandlers(jobRegistry, handlers);
  }

  start(): void {
    for (const queue of registeredQueues()) {
      const connection = createRedisConnection(this.environment, holderConnectionName(queue, this.holder));
      this.connections.push(connection);
      const worker = new Worker(queue, (job) => this.run(job), {
        connection,
        prefix: queueKeyPrefix(this.environment.REDIS_PREFIX),
        // Reports and exports have their own (WORKER_REPORTS_CONCURRENCY, WORKER_EXPORTS_CONCURRENCY; worker-concurrency.ts).
        concurrency: queueConcurrency(this.environment, queue),
        lockDuration: this.environment.JOB_LOCK_DURATION_MS,
        stalledInterval: this.environment.JOB_STALLED_INTERVAL_MS,
        // A job whose worker died is picked up again; the job record makes the second run resume, not repeat.
        maxStalledCount: 3,
      });
      worker.on('error', (error) => this.logger.error({ err: error, queue }, 'queue worker error'));
      // A job BullMQ fails without running it (its workers kept dying: stalled more than maxStalledCount) never reaches
      // run(): its record is ended here, so the user is told and may ask again.
      worker.on('failed', (job, error) => void this.recordGivenUp(job, error));
      // Only the worker whose stalled-check moved the job hears this: the console's stalled list gets it once.
      worker.on('stalled', (jobId) => void noteStalledJob(connection, this.environment.REDIS_PREFIX, { queue, id: jobId, name: null }).catch(() => undefined));
      this.workers.push(worker);
    }
    this.startHolderCheck();
    this.logger.info({ concurrency: queueConcurrencies(this.environment, registeredQueues()) }, 'worker taking jobs');
  }

  /**
   * Jobs of a worker process that is gone are handed on within a check or two (JOB_HOLDER_CHECK_MS), not after their
   * lock (dead-holders.ts; docs/decisions.md, "Issue 21: a killed worker's job is taken at once"). A failed check is
   * only logged: the lock still hands such jobs on.
   */
  private startHolderCheck(): void {
    const every = this.environment.JOB_HOLDER_CHECK_MS;
    if (every === 0) return;
    const connection = createRedisConnection(this.environment, holderConnectionName('holders', this.holder));
    this.connections.push(connection);
    const prefix = queueKeyPrefix(this.environment.REDIS_PREFIX);
    const holders = new DeadHolders(connection, prefix, this.holder, () => this.workers.map((worker) => worker.id));
    this.deadHolders = holders;
    const targets = this.workers.map((worker) => ({ queue: worker.name, checkStalledNow: () => worker.startStalledCheckTimer() }));
    let warned = false;
    let checking = false;
    this.holderRounds = new PeriodicRun(
      async () => {
        // One check at a time: a slow one (Redis busy) is not overtaken by the next, which would see it half done.
        if (checking) return;
        checking = true;
        try {
          const released = await holders.checkOnce(targets);
          if (released.length > 0) this.logger.warn({ jobIds: released }, 'jobs of a worker process that is gone handed on before their lock ran out');
        } finally {
          checking = false;
        }
      },
      (error) => {
        if (!warned) this.logger.warn({ err: error }, 'looking for jobs of gone worker processes failed; their locks still hand them on');
        warned = true;
      },
    );
    this.holderRounds.startEvery(every);
  }

  async stop(): Promise<void> {
    this.holderRounds?.stop();
    await this.deadHolders?.unregister().catch(() => undefined);
    await Promise.all(this.workers.map((worker) => worker.close()));
    // BullMQ leaves a connection it was given open.
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  /** The jobs running in this process now. */
  currentJobs(): { queue: string; id: string; name: string }[] {
    return [...this.running.values()];
  }

  private async run(job: Job): Promise<unknown> {
    const key = `${job.queueName}:${job.id}`;
    this.running.set(key, { queue: job.queueName, id: job.id ?? '', name: job.name });
    try {
      return await RequestContext.create(this.orm.em, () => this.runInContext(job));
    } finally {
      this.running.delete(key);
    }
  }

  private async runInContext(job: Job): Promise<unknown> {
    const contract = findJobContract(job.name);
    const handler = this.handlers.get(job.name);
    if (!contract || !handler || !job.id) throw new UnrecoverableError(`No handler for job ${job.name}`);
    // Inside RequestContext.create, orm.em resolves to this run's own EntityManager.
    const records = new JobRecordRepository(this.orm.em);

    const payload = contract.payload.safeParse(job.data);
    if (!payload.success) {
      const failed = await records.fail(job.id, `Invalid payload: ${payload.error.message}`);
      if (failed) this.events.updated(failed);
      throw new UnrecoverableError(`Invalid payload for ${job.name}: ${payload.error.message}`);
    }

    const active = await records.markActive(job.id, 'Started');
    if (!active) {
      this.logger.info({ jobId: job.id }, 'job already ended; nothing to do');
      // Cancelled (or failed) while no run held it, after an earlier run made something outside: undone now.
      await this.abandon(handler, payload.data, records, job.id);
      return null;
    }
    this.events.updated(active);

    const jobId = job.id;
    // The fencing token of this run: only the run that took the job last may write its record.
    const attempt = active.attempts;
    // The admin console's story of the job says which worker ran each attempt (parsed by attemptOfLog). Written while
    // the handler starts, waited for before the run ends.
    const logged = job.log(attemptLogLine(attempt, `${hostname()}:${process.pid}`, new Date())).catch(() => undefined);
    const queueProgress = new QueueProgress((progress: { done: number; total: number; percent: number }) => job.updateProgress(progress), queueProgressEveryMs, (error) =>
      this.logger.warn({ jobId, err: error }, 'could not write the progress the admin console shows'),
    );
    // The run's record writes, one after another; the reports of one turn of the loop written once (ProgressTurn,
    // docs/decisions.md "Issue 27 point 4").
    const writes = new ProgressTurn({
      writeProgress: async (report) => {
        // Committed (so the event after it never says more than the record) without waiting for the disk: a
        // PostgreSQL crash may lose a progress report, never a checkpoint or an ending.
        const status = await records.recordProgress(jobId, attempt, report, { onDisk: false });
        if (!status) return false;
        queueProgress.report({ done: status.done, total: status.total, percent: status.percent });
        this.events.updated(status);
        return true;
      },
      failed: (error) => this.logger.warn({ jobId, err: error }, 'could not record a progress report'),
    });
    // A run that goes on from an earlier attempt's checkpoint redoes what that attempt did after its last checkpoint,
    // which the record may already show as done (a killed export's last batches): its reports never show less than
    // the record showed when it took over, so a job's progress never goes back. A run without a checkpoint starts
    // over, and says so.
    const shownAtTakeOver = active.result && attempt > 1 ? active.done : 0;
    const context: JobContext = {
      jobId,
      attempt,
      checkpoint: (active.result as Record<string, unknown> | null) ?? null,
      // Inside a transaction of the handler's a report is never held: the turn's write would not be part of it.
      progress: (done, total, message) => writes.report({ done: Math.max(done, Math.min(shownAtTakeOver, total)), total, message }, !this.orm.em.isInTransaction()),
      stillActive: () => writes.read(() => records.isActive(jobId, attempt)),
      saveCheckpoint: (checkpoint) => writes.write(() => records.saveCheckpoint(jobId, attempt, checkpoint)),
    };

    if (job.processedOn) this.metrics.wait.observe({ queue: contract.queue, name: contract.name }, Math.max(0, job.processedOn - job.timestamp) / 1000);
    const stopTimer = this.metrics.duration.startTimer({ queue: contract.queue, name: contract.name });
    try {
      let output: unknown;
      try {
        output = await handler.handle(payload.data, context);
      } catch (error) {
        // A failure keeps the last report before it; a cancel ends with the cancel. No write of the run's is left on its way.
        await writes.end(!(error instanceof JobCancelledError));
        throw error;
      }
      // Completed: a report still held is dropped (the completion says done), and no write is left on its way.
      await writes.end(false);
      const result = contract.result.parse(output);
      const notKept = async () => {
        // Cancelled between the handler's last check and now (the canceller told the browser), or another run took
        // the job over after this one lost its lock (that run publishes): only what this run made has to go.
        const reason = await this.whyNotOwned(records, jobId);
        this.logger.info({ jobId, attempt, reason }, 'job result not published; discarding it');
        await handler.discard?.(payload.data, result, { reason, attempt });
        if (reason === 'cancelled') await this.abandon(handler, payload.data, records, jobId);
        this.metrics.finished.inc({ queue: contract.queue, name: contract.name, outcome: reason });
        return null;
      };
      // Published before it is on the disk, and kept (on the disk, or written again) before the queue hears of it.
      const published = await records.complete(jobId, attempt, result, 'Done', { onDisk: false });
      if (!published) return await notKept();
      this.events.updated(published);
      const completed = await keepCompletion(records, this.events, { jobId, attempt, result, message: 'Done', published });
      if (!completed) return await notKept();
      this.metrics.finished.inc({ queue: contract.queue, name: contract.name, outcome: 'completed' });
      return result;
    } catch (error) {
      if (error instanceof JobCancelledError) {
        const reason = await this.whyNotOwned(records, jobId);
        this.logger.info({ jobId, attempt, reason }, 'job cancelled or taken over by another run; stopped');
        // Taken over: the other run goes on with what this one made; cancelled: it goes.
        if (reason === 'cancelled') await this.abandon(handler, payload.data, records, jobId);
        this.metrics.finished.inc({ queue: contract.queue, name: contract.name, outcome: reason });
        return null;
      }
      const lastAttempt = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.warn({ jobId, err: error, lastAttempt }, 'job attempt failed');
      if (lastAttempt) {
        const failed = await records.failAttempt(jobId, attempt, ownerFacingErrorText(error));
        if (failed) this.events.updated(failed);
        if (failed) await this.abandon(handler, payload.data, records, jobId);
      } else {
        // The queue runs it again after its backoff: the owner sees it retrying, which attempt failed and why.
        const made = job.attemptsMade + 1;
        const retrying = await records.noteRetry(jobId, attempt, ownerFacingErrorText(error), retryWaitMessage(made, job.opts.attempts ?? 1)).catch(() => null);
        if (retrying) this.events.updated(retrying);
      }
      this.metrics.finished.inc({ queue: contract.queue, name: contract.name, outcome: lastAttempt ? 'failed' : 'retried' });
      throw error;
    } finally {
      stopTimer();
      await Promise.all([queueProgress.end(), logged]);
    }
  }

  /**
   * A job ended failed by someone other than its run (the orphan reconciler, when the queue had given it up and no
   * worker could write the record): what its runs left outside is undone as after any other ending.
   */
  async abandonEnded(job: { id: string; name: string }): Promise<void> {
    const handler = this.handlers.get(job.name);
    const payload = findJobContract(job.name)?.payload.safeParse({ jobId: job.id });
    if (handler && payload?.success) await this.abandon(handler, payload.data, new JobRecordRepository(this.orm.em.fork()), job.id);
  }

  /**
   * The job ended failed or cancelled: its handler undoes what the runs left outside (a Sheets export's spreadsheet);
   * what it could not undo is added to the record, and the owner told. Never fails the caller: a left spreadsheet is
   * not worth losing the job's own ending over.
   */
  private async abandon(handler: JobHandler, payload: unknown, records: JobRecordRepository, jobId: string): Promise<void> {
    if (!handler.abandoned) return;
    try {
      const ended = await records.findById(jobId);
      if (ended?.state !== 'failed' && ended?.state !== 'cancelled') return;
      const left = await handler.abandoned(payload, ended);
      if (!left) return;
      const noted = await records.noteLeftBehind(jobId, left);
      if (noted) this.events.updated(noted);
    } catch (error) {
      this.logger.warn({ jobId, err: error }, 'could not undo what an ended job left');
    }
  }

  /** A run that no longer owns its job: the job was cancelled, or another run took it over (superseded). */
  private async whyNotOwned(records: JobRecordRepository, jobId: string): Promise<'cancelled' | 'superseded'> {
    return (await records.findById(jobId))?.state === 'cancelled' ? 'cancelled' : 'superseded';
  }

  /**
   * BullMQ failed a job for good. When run() threw on the last attempt it has already written the record (then the
   * conditional fail below changes nothing); a job given up without a run — its worker died more than maxStalledCount
   * times — still says active, and ends failed here with a reason the user can read.
   */
  private async recordGivenUp(job: Job | undefined, error: Error): Promise<void> {
    if (!job?.id || !job.finishedOn) return; // retried, not given up
    try {
      const failed = await new JobRecordRepository(this.orm.em.fork()).fail(job.id, gaveUpReason(job.name, error.message));
      if (!failed) return;
      this.logger.warn({ jobId: job.id, name: job.name, reason: error.message }, 'job given up by the queue; recorded as failed');
      this.events.updated(failed);
      const contract = findJobContract(job.name);
      if (contract) this.metrics.finished.inc({ queue: contract.queue, name: contract.name, outcome: 'failed' });
      await this.abandonEnded({ id: job.id, name: job.name });
    } catch (recordError) {
      // The reconciler finds the record again (still active, the job failed in Redis) and ends it then.
      this.logger.warn({ jobId: job.id, err: recordError }, 'could not record a given-up job; the reconciler will');
    }
  }
}
