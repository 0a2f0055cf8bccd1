import { findJobContract } from '@serpwise/contracts';
import type { JobRecordRepository } from '@serpwise/database';
import type { JobQueue } from '@serpwise/platform';
import type { Logger } from 'pino';
import type { JobEvents } from '../realtime/job-events.emitter.js';
import { gaveUpReason } from './given-up.js';

/**
 * PostgreSQL is the record, Redis only the transport. For each record still queued or active that has not moved for
 * a while, this asks the queue about its job:
 * - gone (a Redis restart without persistence, a flush, an add that failed): queued again from the record;
 * - failed for good (given up after its workers kept dying, and the worker that saw it could not write the record):
 *   the record ends failed with a reason the user can read, the user is told, and what its runs left outside (a
 *   Sheets export's spreadsheet) is undone through `afterGivenUp` (the runner's handlers);
 * - waiting, delayed or running: left as it is.
 */
export class OrphanReconciler {
  constructor(
    private readonly records: () => JobRecordRepository,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    private readonly logger: Logger,
    private readonly quietForMs: number,
    private readonly afterGivenUp: (job: { id: string; name: string }) => Promise<void> = async () => {},
  ) {}

  async reconcileOnce(): Promise<{ requeued: number; failed: number }> {
    return this.reconcile(await this.records().findUnfinishedSince(this.quietForMs));
  }

  /**
   * Redis is back after an outage (and may have come back empty): every queued record is checked now rather
   * than after the quiet period. Only queued ones: a record still active may be running right here, and its
   * lock in Redis tells; it waits for the quiet period as before.
   */
  async reconcileQueuedNow(): Promise<number> {
    return (await this.reconcile(await this.records().findUnfinishedSince(0, 500, ['queued']))).requeued;
  }

  private async reconcile(candidates: { id: string; name: string; payload: Record<string, unknown> }[]): Promise<{ requeued: number; failed: number }> {
    const records = this.records();
    let requeued = 0;
    let failed = 0;
    for (const record of candidates) {
      const contract = findJobContract(record.name);
      if (!contract) continue;
      const queue = this.queue.queue(contract.queue);
      const state = await queue.getJobState(record.id);
      if (state === 'unknown') {
        // Adding is idempotent by job id: a job that reappeared meanwhile is left as it is.
        await this.queue.enqueue(contract, { jobId: record.id }, { jobId: record.id });
        requeued += 1;
      } else if (state === 'failed' || state === 'completed') {
        // The queue will not run it again: only the record is left to end.
        const bullReason = state === 'failed' ? ((await queue.getJob(record.id))?.failedReason ?? 'failed') : 'finished without a result';
        const ended = await records.fail(record.id, gaveUpReason(record.name, bullReason));
        if (ended) {
          this.events.updated(ended);
          failed += 1;
          await this.afterGivenUp({ id: record.id, name: record.name });
        }
      }
    }
    if (requeued || failed) this.logger.info({ requeued, failed }, 'checked unfinished jobs against the queue');
    return { requeued, failed };
  }
}
