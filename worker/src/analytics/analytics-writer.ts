import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { analyticsEventNames, analyticsQueue, type AnalyticsEventRecord } from '@serpwise/contracts';

export interface AnalyticsWriterOptions {
  prefix: string;
  batchSize: number;
  batchWaitMs: number;
  /** Writes one batch (AnalyticsEventRepository.addBatch); a failure fails every job of the batch, which BullMQ retries. */
  write(events: AnalyticsEventRecord[]): Promise<unknown>;
  /** Told after each batch is written (the forwarder sends it on); never waited for. */
  afterWrite?: () => void;
}

interface Waiting {
  event: AnalyticsEventRecord;
  done: (error?: Error) => void;
}

/**
 * The analytics queue's consumer: takes up to batchSize events at once (the worker's concurrency) and writes them in
 * one statement when batchSize are waiting or batchWaitMs after the first; each job completes when its batch is
 * written, so an event leaves Redis only once it is in PostgreSQL.
 */
export class AnalyticsWriter {
  private worker: Worker | undefined;
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Redis,
    private readonly options: AnalyticsWriterOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.worker = new Worker(analyticsQueue, (job) => this.take(job), {
      connection: this.connection,
      prefix: this.options.prefix,
      concurrency: this.options.batchSize,
    });
    this.worker.on('error', (error) => this.logger.error({ err: error, queue: analyticsQueue }, 'analytics worker error'));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }

  private take(job: Job): Promise<void> {
    const event = job.data as AnalyticsEventRecord;
    // The API checked the event; a job of another shape (an old or foreign producer) is failed, not written.
    if (!(analyticsEventNames as readonly string[]).includes(event?.name) || typeof event.id !== 'string') {
      return Promise.reject(new Error(`Not an analytics event: ${JSON.stringify(job.data).slice(0, 200)}`));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, done: (error) => (error ? reject(error) : resolve()) });
      if (this.waiting.length >= this.options.batchSize) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.batchWaitMs);
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0, this.waiting.length);
    if (!batch.length) return;
    try {
      await this.options.write(batch.map((entry) => entry.event));
      for (const entry of batch) entry.done();
      this.options.afterWrite?.();
    } catch (error) {
      this.logger.warn({ err: error, events: batch.length }, 'analytics batch not written; the queue retries it');
      for (const entry of batch) entry.done(error as Error);
    }
  }
}
