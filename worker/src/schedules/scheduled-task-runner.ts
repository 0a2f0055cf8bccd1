import { scheduledQueue, type Environment, type ScheduledTask } from '@serpwise/contracts';
import { createRedisConnection, queueKeyPrefix } from '@serpwise/platform';
import { Queue, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';

/** One recurring task and what it does each time it comes due. */
export interface ScheduledTaskHandler {
  task: ScheduledTask;
  /** Also run once when the worker starts (a task that repairs state). */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

/**
 * What to do with the jobs of schedulers made elsewhere (one per scheduled report, made by the API): found by job
 * name, given the job's data and the firing's job id.
 */
export interface ScheduledJobHandler {
  name: string;
  run(data: unknown, firingId: string): Promise<unknown>;
}

/**
 * Registers every scheduled task as a BullMQ job scheduler (upsert: each worker does it at start, none duplicates
 * it) and runs their jobs on the `scheduled` queue, one at a time per worker. A run that fails is logged and the
 * scheduler simply comes round again; the tasks are written to be safe to repeat.
 */
export class ScheduledTaskRunner {
  private readonly handlers: Map<string, ScheduledTaskHandler>;
  private readonly jobHandlers: Map<string, ScheduledJobHandler>;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly connections: ReturnType<typeof createRedisConnection>[] = [];

  constructor(
    handlers: readonly ScheduledTaskHandler[],
    private readonly environment: Environment,
    private readonly logger: Logger,
    jobHandlers: readonly ScheduledJobHandler[] = [],
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.task.name, handler]));
    this.jobHandlers = new Map(jobHandlers.map((handler) => [handler.name, handler]));
  }

  async start(): Promise<void> {
    const prefix = queueKeyPrefix(this.environment.REDIS_PREFIX);
    const queueConnection = createRedisConnection(this.environment, 'serpwise-scheduler');
    const workerConnection = createRedisConnection(this.environment, 'serpwise-worker-scheduled');
    this.connections.push(queueConnection, workerConnection);
    this.queue = new Queue(scheduledQueue, { connection: queueConnection, prefix });
    await this.upsertSchedulers();
    this.worker = new Worker(scheduledQueue, (job) => this.run(job), {
      connection: workerConnection,
      prefix,
      concurrency: 1,
      lockDuration: this.environment.JOB_LOCK_DURATION_MS,
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'scheduled task worker error'));
    this.logger.info({ tasks: [...this.handlers.keys()] }, 'scheduled tasks registered');
    await this.runRepairTasks();
  }

  /**
   * Redis is back after an outage and may have come back empty: the schedulers are upserted again (a no-op when
   * they survived) and the repairing tasks run once (the report schedules' sync re-creates the per-report ones).
   */
  async afterRedisReturn(): Promise<void> {
    if (!this.queue) return;
    await this.upsertSchedulers();
    await this.runRepairTasks();
  }

  private async upsertSchedulers(): Promise<void> {
    for (const { task } of this.handlers.values()) {
      await this.queue!.upsertJobScheduler(task.name, { every: task.everyMs }, { name: task.name, data: {}, opts: { removeOnComplete: 100, removeOnFail: 500 } });
    }
  }

  private async runRepairTasks(): Promise<void> {
    for (const handler of this.handlers.values()) {
      if (handler.runAtStart) await this.queue!.add(handler.task.name, {}, { removeOnComplete: 100, removeOnFail: 500 });
    }
  }

  private async run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    const jobHandler = this.jobHandlers.get(job.name);
    if (!handler && !jobHandler) throw new Error(`No handler for scheduled task ${job.name}`);
    const started = Date.now();
    try {
      const result = handler ? await handler.run() : await jobHandler!.run(job.data, job.id ?? `${job.name}:${job.timestamp}`);
      this.logger.info({ task: job.name, ms: Date.now() - started, result }, 'scheduled task done');
      return result;
    } catch (error) {
      this.logger.error({ err: error, task: job.name }, 'scheduled task failed');
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    // BullMQ leaves a connection it was given open.
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
