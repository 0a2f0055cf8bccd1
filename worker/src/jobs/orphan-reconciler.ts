import { findJobContract } from '@serpwise/contracts';
import type { JobRecordRepository } from '@serpwise/database';
import type { JobQueue } from '@serpwise/backend/platform';
import type { Logger } from 'pino';

/**
 * PostgreSQL is the record, Redis only the transport: if Redis lost a job (restart without persistence, flush,
 * an add that failed), the job record still says queued or active. This queues such records again. Adding is
 * idempotent (the BullMQ job id is the record id), so a job that is still in Redis is left as it is.
 */
export class OrphanReconciler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly records: () => JobRecordRepository,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly quietForMs: number,
  ) {}

  async reconcileOnce(): Promise<number> {
    return this.requeue(await this.records().findUnfinishedSince(this.quietForMs));
  }

  /**
   * Redis is back after an outage (and may have come back empty): every queued record is queued again now rather
   * than after the quiet period. Only queued ones: a record still active may be running right here, and its
   * lock in Redis tells; it waits for the quiet period as before.
   */
  async reconcileQueuedNow(): Promise<number> {
    return this.requeue(await this.records().findUnfinishedSince(0, 500, ['queued']));
  }

  private async requeue(candidates: { id: string; name: string; payload: Record<string, unknown> }[]): Promise<number> {
    let requeued = 0;
    for (const record of candidates) {
      const contract = findJobContract(record.name);
      if (!contract) continue;
      await this.queue.enqueue(contract, record.payload as never, { jobId: record.id });
      requeued += 1;
    }
    if (requeued) this.logger.info({ requeued }, 'checked unfinished jobs against the queue');
    return requeued;
  }

  startEvery(intervalMs: number): void {
    const tick = () => void this.reconcileOnce().catch((error: unknown) => this.logger.warn({ err: error }, 'reconcile failed'));
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
