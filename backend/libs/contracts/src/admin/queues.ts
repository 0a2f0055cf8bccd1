import { queueAlertSchema } from './queue-alerts.js';
import { z } from 'zod';

/** The BullMQ job counts the admin queue page shows, per queue. */
export const queueCountKeys = ['waiting', 'active', 'completed', 'failed', 'delayed', 'paused'] as const;
export const queueCountsSchema = z.object(Object.fromEntries(queueCountKeys.map((key) => [key, z.number()])) as Record<(typeof queueCountKeys)[number], z.ZodNumber>);
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** Percentiles in milliseconds over the recent finished jobs of a queue; null when there were none. */
export const durationPercentilesSchema = z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() });
export type DurationPercentiles = z.infer<typeof durationPercentilesSchema>;

/** One job as the admin page lists it (BullMQ's view, not the job record). */
export const adminJobSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  percent: z.number(),
  attemptsMade: z.number(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  failedReason: z.string().nullable(),
});
export type AdminJobSummary = z.infer<typeof adminJobSummarySchema>;

export const queueSnapshotSchema = z.object({
  name: z.string(),
  isPaused: z.boolean(),
  counts: queueCountsSchema,
  /** Jobs finished (completed or failed) in the last 60 s. */
  throughputPerMinute: z.number(),
  waitMs: durationPercentilesSchema,
  runMs: durationPercentilesSchema,
  /** Active, waiting, delayed and paused jobs first, then the latest finished ones; bounded. */
  jobs: z.array(adminJobSummarySchema),
  /** Unfinished jobs on their second or later attempt (running again, or waiting out their backoff); bounded. */
  retrying: z.array(adminJobSummarySchema),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;

/** A job a worker was running when the worker stopped answering; another worker took it again (or gave it up). */
export const stalledJobInfoSchema = z.object({ queue: z.string(), id: z.string(), name: z.string().nullable(), at: z.string() });
export type StalledJobInfo = z.infer<typeof stalledJobInfoSchema>;

/** One queue in one minute (issue 23): the console's 24-hour charts. Unknown figures are null, never 0. */
export const queueSampleSchema = z.object({
  /** The minute's start, ISO. */
  at: z.string(),
  waiting: z.number(),
  active: z.number(),
  failed: z.number(),
  delayed: z.number(),
  /** Jobs that finished in that minute: completed, and failed for good. */
  completed: z.number(),
  failedInMinute: z.number(),
  /** Over the jobs finished in that minute; null when none did. */
  waitP50: z.number().nullable(),
  waitP95: z.number().nullable(),
  runP50: z.number().nullable(),
  runP95: z.number().nullable(),
});
export type QueueSample = z.infer<typeof queueSampleSchema>;

/** GET /rest/admin/queues/samples: the last 24 hours of per-minute samples, oldest first, per queue. */
export const queueSamplesAnswerSchema = z.object({ from: z.string(), to: z.string(), queues: z.record(z.string(), z.array(queueSampleSchema)) });
export type QueueSamplesAnswer = z.infer<typeof queueSamplesAnswerSchema>;

/** A worker process, from its heartbeat in Redis (expires when the worker stops beating). */
export const workerHeartbeatSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number(),
  /** WORKER_CONCURRENCY: jobs at once on each queue that has no setting of its own. */
  concurrency: z.number(),
  /** Every queue's own (the reports queue's is WORKER_REPORTS_CONCURRENCY); null from a worker too old to say. */
  queueConcurrency: z.record(z.string(), z.number()).nullable(),
  queues: z.array(z.string()),
  lastHeartbeat: z.string(),
  /** When the worker process started, ISO (uptime = now − startedAt); null from a worker too old to say. */
  startedAt: z.string().nullable(),
  /** Resident set size and V8 heap in use, bytes, at the last heartbeat; null from a worker too old to say. */
  rssBytes: z.number().nullable(),
  heapUsedBytes: z.number().nullable(),
  /** The jobs this process was running at its last heartbeat. */
  currentJobs: z.array(z.object({ queue: z.string(), id: z.string(), name: z.string() })),
});
export type WorkerHeartbeat = z.infer<typeof workerHeartbeatSchema>;

export const scheduledJobInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  everyMs: z.number().nullable(),
  pattern: z.string().nullable(),
  /** The pattern's time zone; null means the server's (BullMQ's default). */
  tz: z.string().nullable(),
  nextRun: z.string().nullable(),
});
export type ScheduledJobInfo = z.infer<typeof scheduledJobInfoSchema>;

/** Everything /admin/queues shows; the socket event `admin.queues` carries the same shape. */
export const adminQueuesOverviewSchema = z.object({
  at: z.string(),
  queues: z.array(queueSnapshotSchema),
  workers: z.array(workerHeartbeatSchema),
  scheduled: z.array(scheduledJobInfoSchema),
  /** The latest stalled jobs of every queue, newest first (bounded). */
  stalled: z.array(stalledJobInfoSchema),
  /** The queue alerts raised and not cleared yet (issue 23 point 3), oldest first. */
  alerts: z.array(queueAlertSchema),
});
export type AdminQueuesOverview = z.infer<typeof adminQueuesOverviewSchema>;

export const failedJobInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  failedReason: z.string(),
  stacktrace: z.array(z.string()),
  attemptsMade: z.number(),
  failedAt: z.string().nullable(),
});
export type FailedJobInfo = z.infer<typeof failedJobInfoSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  action: z.string(),
  queue: z.string().nullable(),
  jobId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** Who asked for a job: from job_record. */
export const jobRequesterSchema = z.object({ userId: z.string().nullable(), email: z.string().nullable(), sessionId: z.string() });

/** A job's history: who asked and when, from job_record; attempts and timings; the admin actions on it. */
export const adminJobHistorySchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  state: z.string(),
  requestedBy: jobRequesterSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  audit: z.array(adminAuditEntrySchema),
});
export type AdminJobHistory = z.infer<typeof adminJobHistorySchema>;

/** What a single queue action answers (retry, remove, promote, cancel, pause, resume). */
export const adminActionDoneSchema = z.object({ ok: z.literal(true) });
/** POST /rest/admin/queues/:queue/retry-all */
export const adminRetriedAllSchema = z.object({ retried: z.number() });

export const adminQueueParamSchema = z.object({ queue: z.string().min(1).max(64) });
export const adminJobParamSchema = z.object({ queue: z.string().min(1).max(64), id: z.string().min(1).max(128) });
export const adminJobIdParamSchema = z.object({ id: z.string().min(1).max(128) });

/** Socket.IO room of admins' sockets: live queue figures go there. */
export const adminsRoom = 'admins';
