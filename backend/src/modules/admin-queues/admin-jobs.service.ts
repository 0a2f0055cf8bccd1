import { HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { attemptOfLog, type AdminBulkAnswer, type AdminBulkRequest, type AdminJobStory } from '@serpwise/contracts';
import { AdminAuditLogRepository, JobRecordRepository } from '@serpwise/database';
import { JOB_PRESENTERS, presentJob, type JobPresenters } from '@serpwise/domain';
import { JobQueue } from '@serpwise/platform';
import type { Job } from 'bullmq';
import { AdminQueuesService, adminQueueMessages, adminQueueNames, type AdminActor } from './admin-queues.service.js';
import { recordDurationMs } from './queue-figures.js';

const iso = (time: number | undefined) => (time ? new Date(time).toISOString() : null);

/** A job's full story and the bulk actions (issue 23 point 2); single actions stay in AdminQueuesService. */
@Injectable()
export class AdminJobsService {
  constructor(
    private readonly records: JobRecordRepository,
    private readonly audit: AdminAuditLogRepository,
    private readonly queues: JobQueue,
    private readonly actions: AdminQueuesService,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
  ) {}

  /** The record (PostgreSQL, always there), the queue's entry, each attempt and error, the owner's view, the admin actions. */
  async story(id: string): Promise<AdminJobStory> {
    const record = await this.records.findById(id);
    if (!record) throw new NotFoundException(adminQueueMessages.jobNotFound);
    const job = adminQueueNames().includes(record.queue) ? ((await this.queues.queue(record.queue).getJob(id)) ?? null) : null;
    const [entryState, logs, audit, email] = await Promise.all([
      job ? job.getState() : null,
      job ? this.queues.queue(record.queue).getJobLogs(id, 0, 99, true) : { logs: [] as string[] },
      this.audit.forJob(id),
      record.owner.userId ? this.records.requesterEmail(record.owner.userId) : null,
    ]);
    return {
      id: record.id,
      queue: record.queue,
      name: record.name,
      record: {
        state: record.state,
        attempts: record.attempts,
        error: record.error,
        createdAt: record.createdAt,
        startedAt: record.startedAt,
        finishedAt: record.finishedAt,
        durationMs: recordDurationMs(record),
        requestedBy: { userId: record.owner.userId, email, sessionId: record.owner.sessionId },
      },
      queueEntry: job ? this.entryOf(job, String(entryState)) : null,
      attempts: logs.logs.flatMap((line) => attemptOfLog(line) ?? []),
      errors: job?.stacktrace ?? [],
      userFacing: presentJob(this.presenters, record),
      audit,
    };
  }

  private entryOf(job: Job, state: string): AdminJobStory['queueEntry'] {
    return {
      state,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason || null,
      addedAt: new Date(job.timestamp).toISOString(),
      processedAt: iso(job.processedOn),
      finishedAt: iso(job.finishedOn),
      waitMs: job.processedOn ? Math.max(0, job.processedOn - job.timestamp) : null,
      runMs: job.processedOn && job.finishedOn ? Math.max(0, job.finishedOn - job.processedOn) : null,
    };
  }

  /**
   * One action on each chosen job, one after the other, each exactly as the single action (audited first, the owner
   * told); a job the action does not fit is answered with its reason and the others go on.
   */
  async bulk(actor: AdminActor, request: AdminBulkRequest): Promise<AdminBulkAnswer> {
    const results: AdminBulkAnswer['results'] = [];
    for (const { queue, id } of request.jobs) {
      try {
        if (request.action === 'retry') await this.actions.retry(actor, queue, id);
        else if (request.action === 'remove') await this.actions.remove(actor, queue, id);
        else if (request.action === 'promote') await this.actions.promote(actor, queue, id);
        else await this.actions.cancel(actor, queue, id);
        results.push({ id, ok: true, error: null });
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        results.push({ id, ok: false, error: error.message });
      }
    }
    return { results };
  }
}
