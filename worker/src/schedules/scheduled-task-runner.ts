import { scheduledQueue, type Environment, type ScheduledTask } from '@serpwise/contracts';
import { createRedisConnection, queueKeyPrefix } from '@serpwise/backend/platform';
import { Queue, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';

/** One recurring task and what it does each time it comes due. */
export interface ScheduledTaskHandler {
  task: ScheduledTask;
  run(): Promise<unknown>;
}

/**
 * Registers every scheduled task as a BullMQ job scheduler (upsert: each worker does it at start, none duplicates
 * it) and runs their jobs on the `scheduled` queue, one at a time per worker. A run that fails is logged and the
 * scheduler simply comes round again; the tasks are written to be safe to repeat.
 */
export class ScheduledTaskRunner {
  private readonly handlers: Map<string, ScheduledTaskHandler>;
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    handlers: readonly ScheduledTaskHandler[],
    private readonly environment: Environment,
    private readonly logger: Logger,
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.task.name, handler]));
  }

  async start(): Promise<void> {
    const prefix = queueKeyPrefix(this.environment.REDIS_PREFIX);
    this.queue = new Queue(scheduledQueue, { connection: createRedisConnection(this.environment, 'serpwise-scheduler'), prefix });
    for (const { task } of this.handlers.values()) {
      await this.queue.upsertJobScheduler(task.name, { every: task.everyMs }, { name: task.name, data: {}, opts: { removeOnComplete: 100, removeOnFail: 500 } });
    }
    this.worker = new Worker(scheduledQueue, (job) => this.run(job), {
      connection: createRedisConnection(this.environment, 'serpwise-worker-scheduled'),
      prefix,
      concurrency: 1,
      lockDuration: this.environment.JOB_LOCK_DURATION_MS,
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'scheduled task worker error'));
    this.logger.info({ tasks: [...this.handlers.keys()] }, 'scheduled tasks registered');
  }

  private async run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for scheduled task ${job.name}`);
    const started = Date.now();
    try {
      const result = await handler.run();
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
  }
}
