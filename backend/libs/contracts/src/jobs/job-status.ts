import { z } from 'zod';

/** Where a job stands. PostgreSQL holds it (job_record.status); socket events and the status endpoint report it. */
export const jobStates = ['queued', 'active', 'completed', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;

export const finishedJobStates: readonly JobState[] = ['completed', 'failed', 'cancelled'];

export function isFinished(state: JobState): boolean {
  return finishedJobStates.includes(state);
}

export const jobStatusSchema = z.object({
  id: z.uuid(),
  queue: z.string(),
  name: z.string(),
  state: jobStateSchema,
  /** 0..100 */
  percent: z.number().min(0).max(100),
  /** What the job is doing now, for people. */
  message: z.string().nullable(),
  /** Work done and work in all, in the job's own unit (steps, rows). */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  attempts: z.number().int().min(0),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /**
   * Where a queued job stands: how many jobs of its queue were queued before it and are still waiting, and whether an
   * administrator paused the queue. Given by the API's reads and its pause / resume events; absent elsewhere.
   */
  waiting: z.object({ ahead: z.number().int().min(0), paused: z.boolean() }).nullable().optional(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * The message of a job between a failed attempt and the next one (the queue's backoff): the record still says the
 * failed attempt's number until the next one starts, so the job list reads this to say "attempt n+1 is next" rather
 * than "attempt n". Written by the worker's job runner; read by the web's job words.
 */
export const retryWaitMessage = (failedAttempt: number, attempts: number) => `Attempt ${failedAttempt} of ${attempts} failed; trying again`;

/** The failed attempt and the attempts in all, when the message is a retry wait's; null otherwise. */
export function retryWaitOf(message: string | null): { failedAttempt: number; attempts: number } | null {
  const match = message ? /^Attempt (\d+) of (\d+) failed; trying again$/.exec(message) : null;
  return match ? { failedAttempt: Number(match[1]), attempts: Number(match[2]) } : null;
}
