import { Inject, Injectable, NotFoundException, ConflictException } from '@nestjs/common';
import {
  queueCountKeys,
  registeredQueues,
  scheduledQueue,
  type AdminJobHistory,
  type AdminJobSummary,
  type AdminQueuesOverview,
  type Environment,
  type FailedJobInfo,
  type QueueCounts,
  type QueueSnapshot,
  type ScheduledJobInfo,
} from '@serpwise/contracts';
import { AdminAuditLogRepository, JobRecordRepository, QueueAlertRepository, type OwnedJobStatus } from '@serpwise/database';
import { JOB_PRESENTERS, presentJob, type JobPresenters } from '@serpwise/domain';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ENVIRONMENT, JobQueue, readStalledJobs, readWorkerHeartbeats, REDIS } from '@serpwise/platform';
import { QueueStanding } from '../jobs/queue-standing.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { finishedFigures, recordDurationMs, summariseJob } from './queue-figures.js';

export const adminQueueMessages = {
  unknownQueue: 'Unknown queue.',
  jobNotFound: 'Job not found.',
  notRetryable: 'Only a failed job can be retried.',
  notCancellable: 'Only a waiting or running job can be cancelled.',
  notPromotable: 'Only a delayed job can be promoted.',
} as const;

/** Who did an admin action, for the audit log. */
export interface AdminActor {
  userId: string;
  sessionId: string;
}

/** Every queue the admin views know: the registry's and the scheduled-task queue. */
export const adminQueueNames = () => [...registeredQueues(), scheduledQueue];

const sampleSize = 200;

/**
 * BullMQ 6 has no separate paused list: a paused queue's jobs stay in `wait`. The page counts them as paused
 * while the queue is paused, and as waiting otherwise (so the six figures add up to the jobs Redis holds).
 */
export function countsOf(raw: Record<string, number>, isPaused: boolean): QueueCounts {
  const waiting = (raw.waiting ?? 0) + (raw.prioritized ?? 0);
  const counts: QueueCounts = { waiting: isPaused ? 0 : waiting, active: raw.active ?? 0, completed: raw.completed ?? 0, failed: raw.failed ?? 0, delayed: raw.delayed ?? 0, paused: isPaused ? waiting : 0 };
  for (const key of queueCountKeys) counts[key] ??= 0;
  return counts;
}
const listedJobs = 25;
const stalledListed = 20;

/**
 * The admin queue views and actions (issue 7): figures from BullMQ's getters, history from job_record, and each
 * action written to admin_audit_log before it is answered.
 */
@Injectable()
export class AdminQueuesService {
  constructor(
    private readonly queues: JobQueue,
    private readonly records: JobRecordRepository,
    private readonly audit: AdminAuditLogRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly standing: QueueStanding,
    private readonly alerts: QueueAlertRepository,
  ) {}

  /** Tells the job's owner what an admin did to it, in the form their own actions would (an export's link …). */
  private tellOwner(status: OwnedJobStatus): void {
    this.realtime.jobUpdated(status.owner, presentJob(this.presenters, status));
  }

  private queue(name: string): Queue {
    if (!adminQueueNames().includes(name)) throw new NotFoundException(adminQueueMessages.unknownQueue);
    return this.queues.queue(name);
  }

  async overview(): Promise<AdminQueuesOverview> {
    const [queues, workers, scheduled, stalled, alerts] = await Promise.all([
      Promise.all(adminQueueNames().map((name) => this.snapshot(name))),
      readWorkerHeartbeats(this.redis, this.environment.REDIS_PREFIX),
      this.scheduled(),
      readStalledJobs(this.redis, this.environment.REDIS_PREFIX, stalledListed),
      this.alerts.open(),
    ]);
    return { at: new Date().toISOString(), queues, workers, scheduled, stalled, alerts };
  }

  async snapshot(name: string): Promise<QueueSnapshot> {
    const queue = this.queue(name);
    const now = Date.now();
    const [counts, isPaused, finished, running, failed, retrying] = await Promise.all([
      queue.getJobCounts('waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'),
      queue.isPaused(),
      queue.getJobs(['completed', 'failed'], 0, sampleSize - 1, false),
      this.jobsIn(queue, ['active', 'waiting', 'prioritized', 'delayed']),
      queue.getJobs(['failed'], 0, 4, false),
      this.retrying(queue),
    ]);
    const recent = await Promise.all(
      finished
        .filter((job) => job.finishedOn)
        .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))
        .slice(0, 10)
        .map(async (job) => summariseJob(job, failed.some((f) => f.id === job.id) || job.failedReason ? 'failed' : 'completed')),
    );
    return {
      name,
      isPaused,
      counts: countsOf(counts, isPaused),
      ...finishedFigures(finished, now),
      jobs: [...running, ...recent].slice(0, listedJobs),
      retrying,
    };
  }

  /**
   * Jobs on a second or later attempt: running again (active) or waiting out their backoff (delayed). A waiting job
   * that was retried is found once it runs; reading the whole waiting line every second would cost too much under a flood.
   */
  private async retrying(queue: Queue): Promise<AdminJobSummary[]> {
    const [active, delayed] = await Promise.all([queue.getJobs(['active'], 0, 99, true), queue.getJobs(['delayed'], 0, 99, true)]);
    return [...active.map((job) => [job, 'active'] as const), ...delayed.map((job) => [job, 'delayed'] as const)]
      .filter(([job]) => job.attemptsMade > 0)
      .slice(0, listedJobs)
      .map(([job, state]) => summariseJob(job, state));
  }

  private async jobsIn(queue: Queue, states: ('active' | 'waiting' | 'delayed' | 'prioritized')[]): Promise<AdminJobSummary[]> {
    const paused = await queue.isPaused();
    const shown = (state: string) => (state === 'prioritized' ? 'waiting' : state === 'waiting' && paused ? 'paused' : state);
    const lists = await Promise.all(states.map(async (state) => (await queue.getJobs([state], 0, listedJobs - 1, true)).map((job) => summariseJob(job, shown(state)))));
    return lists.flat().slice(0, listedJobs);
  }

  async scheduled(): Promise<ScheduledJobInfo[]> {
    const schedulers = await this.queue(scheduledQueue).getJobSchedulers(0, 99, true);
    return schedulers.map((scheduler) => ({
      key: scheduler.key,
      name: scheduler.name,
      everyMs: scheduler.every ? Number(scheduler.every) : null,
      pattern: scheduler.pattern ?? null,
      tz: scheduler.tz ?? null,
      nextRun: scheduler.next ? new Date(scheduler.next).toISOString() : null,
    }));
  }

  async failed(name: string): Promise<FailedJobInfo[]> {
    const jobs = await this.queue(name).getJobs(['failed'], 0, 99, false);
    return jobs.map((job) => ({
      id: job.id ?? '',
      name: job.name,
      failedReason: job.failedReason,
      stacktrace: job.stacktrace ?? [],
      attemptsMade: job.attemptsMade,
      failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    }));
  }

  async history(id: string): Promise<AdminJobHistory> {
    const record = await this.records.findById(id);
    if (!record) throw new NotFoundException(adminQueueMessages.jobNotFound);
    return {
      id: record.id,
      queue: record.queue,
      name: record.name,
      state: record.state,
      requestedBy: {
        userId: record.owner.userId,
        email: record.owner.userId ? await this.records.requesterEmail(record.owner.userId) : null,
        sessionId: record.owner.sessionId,
      },
      createdAt: record.createdAt,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt,
      attempts: record.attempts,
      durationMs: recordDurationMs(record),
      error: record.error,
      audit: await this.audit.forJob(id),
    };
  }

  private async job(queue: Queue, id: string): Promise<Job> {
    const job = await queue.getJob(id);
    if (!job) throw new NotFoundException(adminQueueMessages.jobNotFound);
    return job;
  }

  private async record(actor: AdminActor, action: string, queue: string, jobId: string | null, detail: Record<string, unknown> | null = null) {
    await this.audit.add({ ...actor, action, queue, jobId, detail });
  }

  async retry(actor: AdminActor, name: string, id: string): Promise<{ ok: true }> {
    const queue = this.queue(name);
    const job = await this.job(queue, id);
    if (!(await job.isFailed())) throw new ConflictException(adminQueueMessages.notRetryable);
    await this.record(actor, 'job.retry', name, id, { failedReason: job.failedReason });
    await this.requeueRecord(id);
    await job.retry('failed');
    return { ok: true };
  }

  async retryAll(actor: AdminActor, name: string): Promise<{ retried: number }> {
    const queue = this.queue(name);
    const failed = await queue.getJobs(['failed'], 0, 9_999, false);
    await this.record(actor, 'queue.retry-all', name, null, { count: failed.length });
    for (const job of failed) if (job.id) await this.requeueRecord(job.id);
    await queue.retryJobs({ state: 'failed', count: 1_000 });
    return { retried: failed.length };
  }

  async remove(actor: AdminActor, name: string, id: string): Promise<{ ok: true }> {
    const queue = this.queue(name);
    const job = await this.job(queue, id);
    await this.record(actor, 'job.remove', name, id);
    await job.remove();
    // A removed job that had not ended will never run: its record says so.
    const cancelled = await this.records.cancel(id);
    if (cancelled) this.tellOwner(cancelled);
    return { ok: true };
  }

  async cancel(actor: AdminActor, name: string, id: string): Promise<{ ok: true }> {
    this.queue(name);
    await this.record(actor, 'job.cancel', name, id);
    // The record is the truth: the worker's next progress report sees it cancelled and the handler stops.
    const cancelled = await this.records.cancel(id);
    if (!cancelled) throw new ConflictException(adminQueueMessages.notCancellable);
    this.tellOwner(cancelled);
    const job = await this.queues.queue(name).getJob(id);
    // A waiting job is simply taken off the queue; a running one is left to notice.
    if (job && ((await job.isWaiting()) || (await job.isDelayed()))) await job.remove().catch(() => undefined);
    return { ok: true };
  }

  /** Runs a delayed job (waiting out its retry backoff) now; its record stays queued, as it was. */
  async promote(actor: AdminActor, name: string, id: string): Promise<{ ok: true }> {
    const queue = this.queue(name);
    const job = await this.job(queue, id);
    if (!(await job.isDelayed())) throw new ConflictException(adminQueueMessages.notPromotable);
    await this.record(actor, 'job.promote', name, id);
    await job.promote();
    return { ok: true };
  }

  async promoteAll(actor: AdminActor, name: string): Promise<{ promoted: number }> {
    const queue = this.queue(name);
    const delayed = await queue.getDelayedCount();
    await this.record(actor, 'queue.promote-all', name, null, { count: delayed });
    await queue.promoteJobs({ count: 10_000 });
    return { promoted: delayed };
  }

  pause(actor: AdminActor, name: string): Promise<{ ok: true }> {
    return this.holdOrRelease(actor, name, 'pause');
  }

  resume(actor: AdminActor, name: string): Promise<{ ok: true }> {
    return this.holdOrRelease(actor, name, 'resume');
  }

  /** Pauses or resumes a queue: recorded first, then done, then the waiting jobs' owners told. */
  private async holdOrRelease(actor: AdminActor, name: string, action: 'pause' | 'resume'): Promise<{ ok: true }> {
    const queue = this.queue(name);
    await this.record(actor, `queue.${action}`, name, null);
    await (action === 'pause' ? queue.pause() : queue.resume());
    await this.tellWaitingOwners(name);
    return { ok: true };
  }

  /**
   * The owners of the jobs waiting in a queue hear at once that it was paused or resumed (issue 21: never "Generating…
   * 0%" while an administrator holds the queue). The oldest 1,000: a longer line learns it on its next read.
   */
  private async tellWaitingOwners(name: string): Promise<void> {
    const waiting = await this.records.queuedIn(name, 1000);
    const standings = await this.standing.of(waiting.map((status) => presentJob(this.presenters, status)));
    waiting.forEach((status, at) => this.realtime.jobUpdated(status.owner, standings[at]!));
  }

  private async requeueRecord(id: string): Promise<void> {
    const requeued = await this.records.requeue(id);
    if (requeued) this.tellOwner(requeued);
  }
}
