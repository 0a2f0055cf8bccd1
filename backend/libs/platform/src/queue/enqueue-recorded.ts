import type { JobContract, JobPayload } from '@serpwise/contracts';
import type { JobRecordRepository } from '@serpwise/database';
import type { JobQueue } from './job-queue.js';

/** The reason a job that could not be queued carries in its record. */
export const notQueuedReason = 'The job could not be queued: the job queue (Redis) was not answering. Please start it again.';

/**
 * Queues a job whose record was just written. If the queue refuses (Redis away), the record fails with a reason its
 * owner can read before the error goes on (the request answers 503): an answered error means nothing was accepted,
 * so the worker's reconciler will not start it behind the user's back later.
 */
export async function enqueueRecorded<C extends JobContract>(records: JobRecordRepository, queue: JobQueue, contract: C, payload: JobPayload<C>, jobId: string): Promise<void> {
  try {
    await queue.enqueue(contract, payload, { jobId });
  } catch (error) {
    await records.fail(jobId, notQueuedReason).catch(() => undefined);
    throw error;
  }
}
