import type { QueueAlert } from './queue-alerts.js';
import { z } from 'zod';

/** The BullMQ job counts the admin queue page shows, per queue. */
export const queueCountKeys = ['waiting', 'active', 'completed', 'failed', 'delayed', 'paused'] as const;
export type QueueCounts = Record<(typeof queueCountKeys)[number], number>;

/** Percentiles in milliseconds over the recent finished jobs of a queue; null when there were none. */
export interface DurationPercentiles {
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** One job as the admin page lists it (BullMQ's view, not the job record). */
export interface AdminJobSummary {
  id: string;
  name: string;
  state: string;
  percent: number;
  attemptsMade: number;
  createdAt: string;
  processedAt: string | null;
  finishedAt: string | null;
  failedReason: string | null;
}

export interface QueueSnapshot {
  name: string;
  isPaused: boolean;
  counts: QueueCounts;
  /** Jobs finished (completed or failed) in the last 60 s. */
  throughputPerMinute: number;
  waitMs: DurationPercentiles;
  runMs: DurationPercentiles;
  /** Active, waiting, delayed and paused jobs first, then the latest finished ones; bounded. */
  jobs: AdminJobSummary[];
  /** Unfinished jobs on their second or later attempt (running again, or waiting out their backoff); bounded. */
  retrying: AdminJobSummary[];
}

/** A job a worker was running when the worker stopped answering; another worker took it again (or gave it up). */
export interface StalledJobInfo {
  queue: string;
  id: string;
  name: string | null;
  at: string;
}

/** One queue in one minute (issue 23): the console's 24-hour charts. Unknown figures are null, never 0. */
export interface QueueSample {
  /** The minute's start, ISO. */
  at: string;
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
  /** Jobs that finished in that minute: completed, and failed for good. */
  completed: number;
  failedInMinute: number;
  /** Over the jobs finished in that minute; null when none did. */
  waitP50: number | null;
  waitP95: number | null;
  runP50: number | null;
  runP95: number | null;
}

/** GET /rest/admin/queues/samples: the last 24 hours of per-minute samples, oldest first, per queue. */
export interface QueueSamplesAnswer {
  from: string;
  to: string;
  queues: Record<string, QueueSample[]>;
}

/** A worker process, from its heartbeat in Redis (expires when the worker stops beating). */
export interface WorkerHeartbeat {
  id: string;
  host: string;
  pid: number;
  /** WORKER_CONCURRENCY: jobs at once on each queue that has no setting of its own. */
  concurrency: number;
  /** Every queue's own (the reports queue's is WORKER_REPORTS_CONCURRENCY); null from a worker too old to say. */
  queueConcurrency: Record<string, number> | null;
  queues: string[];
  lastHeartbeat: string;
  /** When the worker process started, ISO (uptime = now − startedAt); null from a worker too old to say. */
  startedAt: string | null;
  /** Resident set size and V8 heap in use, bytes, at the last heartbeat; null from a worker too old to say. */
  rssBytes: number | null;
  heapUsedBytes: number | null;
  /** The jobs this process was running at its last heartbeat. */
  currentJobs: { queue: string; id: string; name: string }[];
}

export interface ScheduledJobInfo {
  key: string;
  name: string;
  everyMs: number | null;
  pattern: string | null;
  /** The pattern's time zone; null means the server's (BullMQ's default). */
  tz: string | null;
  nextRun: string | null;
}

/** Everything /admin/queues shows; the socket event `admin.queues` carries the same shape. */
export interface AdminQueuesOverview {
  at: string;
  queues: QueueSnapshot[];
  workers: WorkerHeartbeat[];
  scheduled: ScheduledJobInfo[];
  /** The latest stalled jobs of every queue, newest first (bounded). */
  stalled: StalledJobInfo[];
  /** The queue alerts raised and not cleared yet (issue 23 point 3), oldest first. */
  alerts: QueueAlert[];
}

export interface FailedJobInfo {
  id: string;
  name: string;
  failedReason: string;
  stacktrace: string[];
  attemptsMade: number;
  failedAt: string | null;
}

export interface AdminAuditEntry {
  id: string;
  userId: string;
  action: string;
  queue: string | null;
  jobId: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

/** A job's history: who asked and when, from job_record; attempts and timings; the admin actions on it. */
export interface AdminJobHistory {
  id: string;
  queue: string;
  name: string;
  state: string;
  requestedBy: { userId: string | null; email: string | null; sessionId: string };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  attempts: number;
  durationMs: number | null;
  error: string | null;
  audit: AdminAuditEntry[];
}

export const adminQueueParamSchema = z.object({ queue: z.string().min(1).max(64) });
export const adminJobParamSchema = z.object({ queue: z.string().min(1).max(64), id: z.string().min(1).max(128) });
export const adminJobIdParamSchema = z.object({ id: z.string().min(1).max(128) });

/** Socket.IO room of admins' sockets: live queue figures go there. */
export const adminsRoom = 'admins';
