import { z } from 'zod';
import { anyJobStatusSchema } from '../jobs/job-center.js';
import { jobStates, jobStateSchema } from '../jobs/job-status.js';
import { optionalText, optionalTime, pageWindowFields, timesInOrder } from './query-fields.js';
import { adminAuditEntrySchema, jobRequesterSchema } from './queues.js';

/** An empty field of the search form is no filter. */
const blankAsNone = (value: unknown) => (value === '' ? undefined : value);

/** GET /rest/admin/jobs (issue 23 point 2): every filter optional; the job records, newest first, paged. */
export const adminJobSearchSchema = z
  .object({
    id: z.preprocess(blankAsNone, z.uuid('id must be a job id.').optional()),
    email: optionalText('email', 254),
    queue: optionalText('queue', 64),
    state: z.preprocess(blankAsNone, z.enum(jobStates, { error: `state must be one of ${jobStates.join(', ')}.` }).optional()),
    from: optionalTime('from'),
    to: optionalTime('to'),
    ...pageWindowFields,
  })
  .refine(...timesInOrder);
export type AdminJobSearch = z.infer<typeof adminJobSearchSchema>;

/** One job record as the search lists it. */
export const adminJobRowSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  state: jobStateSchema,
  ownerEmail: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type AdminJobRow = z.infer<typeof adminJobRowSchema>;

export const adminJobSearchPageSchema = z.object({ jobs: z.array(adminJobRowSchema), total: z.number(), startRow: z.number(), pageSize: z.number() });
export type AdminJobSearchPage = z.infer<typeof adminJobSearchPageSchema>;

/** One run of a job, as the worker that took it noted in the job's log ("attempt 2 on host:pid at <ISO>"). */
export const adminJobAttemptSchema = z.object({
  /** The record's attempt number (it goes on counting across an admin's retries). */
  number: z.number(),
  /** host:pid of the worker process that ran it. */
  worker: z.string(),
  startedAt: z.string().nullable(),
});
export type AdminJobAttempt = z.infer<typeof adminJobAttemptSchema>;

/** A job's full story (issue 23 point 2): the record, its queue entry, each attempt, the owner's view and the admin actions. */
export const adminJobStorySchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  record: z.object({
    state: jobStateSchema,
    attempts: z.number(),
    error: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    requestedBy: jobRequesterSchema,
  }),
  /** The queue's entry; null once BullMQ no longer keeps the job (removed, or trimmed after it finished). */
  queueEntry: z
    .object({
      state: z.string(),
      attemptsMade: z.number(),
      failedReason: z.string().nullable(),
      addedAt: z.string(),
      processedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      waitMs: z.number().nullable(),
      runMs: z.number().nullable(),
    })
    .nullable(),
  /** Each run the workers noted, oldest first (empty once BullMQ no longer keeps the job). */
  attempts: z.array(adminJobAttemptSchema),
  /** The stack of each failed attempt, oldest first, as BullMQ keeps them (at most its last 10). */
  errors: z.array(z.string()),
  /** The job as its owner sees it (the same status their page, the socket and GET /rest/jobs/:id show, its kind's facts too). */
  userFacing: anyJobStatusSchema,
  audit: z.array(adminAuditEntrySchema),
});
export type AdminJobStory = z.infer<typeof adminJobStorySchema>;

export const adminBulkActions = ['retry', 'remove', 'promote', 'cancel'] as const;
export type AdminBulkAction = (typeof adminBulkActions)[number];
export const adminBulkLimit = 100;

/** POST /rest/admin/jobs/bulk: one action on up to 100 jobs, each audited like a single one. */
export const adminBulkSchema = z.object({
  action: z.enum(adminBulkActions, { error: `action must be one of ${adminBulkActions.join(', ')}.` }),
  jobs: z
    .array(z.object({ queue: z.string().min(1).max(64), id: z.string().min(1).max(128) }), { error: 'jobs must be a list of { queue, id }.' })
    .min(1, 'Choose at least one job.')
    .max(adminBulkLimit, `At most ${adminBulkLimit} jobs at once.`),
});
export type AdminBulkRequest = z.infer<typeof adminBulkSchema>;

export const adminBulkAnswerSchema = z.object({ results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().nullable() })) });
export type AdminBulkAnswer = z.infer<typeof adminBulkAnswerSchema>;

/** The line a worker writes to a job's log when it starts an attempt, and its reading (the console's story). */
export const attemptLogLine = (attempt: number, worker: string, at: Date) => `attempt ${attempt} on ${worker} at ${at.toISOString()}`;

export function attemptOfLog(line: string): AdminJobAttempt | null {
  const match = /^attempt (\d+) on (\S+) at (\S+)$/.exec(line);
  return match ? { number: Number(match[1]), worker: match[2]!, startedAt: Number.isNaN(Date.parse(match[3]!)) ? null : match[3]! } : null;
}
