import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobEvents } from '../realtime/job-events.emitter.js';

export type CompletionRecords = Pick<JobRecordRepository, 'complete' | 'completionOnDisk' | 'findById'>;

export interface PublishedCompletion {
  readonly jobId: string;
  readonly attempt: number;
  readonly result: unknown;
  readonly message: string;
  /** The completed record as published, committed with `onDisk: false`. */
  readonly published: OwnedJobStatus;
}

/**
 * Issue 27 point 3: a job's completion is committed without waiting for the disk and published at once, one flush
 * sooner (on a busy disk the flush was most of the event's time); this then waits until it is on the disk, before
 * the queue hears the job is done. If PostgreSQL crashed before the flush and lost it, the completion is written
 * again, on the disk this time, and published again; if the job changed meanwhile (cancelled after the loss), the
 * browser is told what it is now and null comes back (the run's result is not kept). A database that does not
 * answer is asked again for `patienceMs`; then the error goes up, and the queue runs the job again
 * (docs/decisions.md, "Issue 27 point 3").
 */
export async function keepCompletion(
  records: CompletionRecords,
  events: JobEvents,
  completion: PublishedCompletion,
  options: { patienceMs?: number; retryMs?: number } = {},
): Promise<OwnedJobStatus | null> {
  const { jobId, attempt, result, message } = completion;
  const giveUpAt = Date.now() + (options.patienceMs ?? 30_000);
  for (;;) {
    try {
      if (await records.completionOnDisk(jobId, attempt)) return completion.published;
      const again = await records.complete(jobId, attempt, result, message);
      if (again) {
        events.updated(again);
        return again;
      }
      const now = await records.findById(jobId);
      if (now) events.updated(now);
      return null;
    } catch (error) {
      if (Date.now() >= giveUpAt) throw error;
      await sleep(options.retryMs ?? 500);
    }
  }
}
