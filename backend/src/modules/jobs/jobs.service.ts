import { ConflictException, GoneException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import {
  findJobContract,
  importDeleteJob,
  importDeletionCheckpoint,
  importJob,
  isJobCenterJob,
  jobCenterJobNames,
  jobCenterMessages,
  jobListCursor,
  readJobListCursor,
  type JobCenterEntry,
  type JobListPage,
  type JobStatus,
  type ListJobsQuery,
} from '@serpwise/contracts';
import { JOB_PRESENTERS, presentJob, type JobPresenters } from '@serpwise/domain';
import { JobQueue, notQueuedReason } from '@serpwise/platform';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { RequestSession } from '../sessions/request-session.js';
import { QueueStanding } from './queue-standing.js';

export const jobNotFoundMessage = 'Job not found.';

/** Reads of job records, always scoped to their owner; the job center's list, cancel and retry (issue 21). */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobRecordRepository,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly standing: QueueStanding,
    private readonly queues: JobQueue,
    private readonly realtime: RealtimeGateway,
  ) {}

  /**
   * The job as its owner sees it: the same presented form as its socket event and its area's list (an export with
   * its download link, an import with its counts, an import's deletion with what went), so the poll fallback and the
   * socket write the same thing into the browser's cache.
   */
  async statusFor(session: RequestSession, id: string): Promise<JobStatus> {
    const job = await this.jobs.findOwned(id, { sessionId: session.id, userId: session.userId });
    // Someone else's job answers exactly like a missing one, so ids cannot be probed.
    if (!job) throw new NotFoundException(jobNotFoundMessage);
    return this.standing.one(presentJob(this.presenters, job));
  }

  /**
   * A page of the job center: the user's exports, reports, imports, project imports and import deletions, newest
   * first, each as its socket event shows it, the queued ones with where they stand. Scoped by user id: the jobs
   * of the user's other sessions are theirs too, nobody else's are.
   */
  async list(userId: string, query: ListJobsQuery): Promise<JobListPage> {
    const before = query.before ? readJobListCursor(query.before) : undefined;
    const rows = await this.jobs.pageByUser(userId, jobCenterJobNames, query.limit + 1, before);
    const unfinished = await this.jobs.countUnfinishedByUser(userId, jobCenterJobNames);
    const page = rows.slice(0, query.limit);
    const jobs = await this.standing.of(page.map((job) => this.present(job)));
    return { jobs, next: rows.length > query.limit ? jobListCursor(page.at(-1)!) : null, unfinished };
  }

  /**
   * Cancels a queued or running job of the job center. An import's deletion that already removed the rows is past
   * cancelling (its checkpoint), as on the import's own row.
   */
  async cancel(userId: string, id: string): Promise<JobCenterEntry> {
    const job = await this.ownedCenterJob(userId, id);
    const cancelled = await this.jobs.cancel(id, job.name === importDeleteJob.name ? importDeletionCheckpoint : undefined);
    if (!cancelled) throw new ConflictException(jobCenterMessages.notCancellable);
    const status = this.present(cancelled);
    this.realtime.jobUpdated(cancelled.owner, status);
    return status;
  }

  /**
   * Tries a failed job again: the same record goes back in line (same id, so its row in the list changes in place)
   * and the queue runs it again. An import whose uploaded file was swept cannot: the file is gone.
   */
  async retry(userId: string, id: string): Promise<JobCenterEntry> {
    const job = await this.ownedCenterJob(userId, id);
    if (job.state !== 'failed') throw new ConflictException(jobCenterMessages.notRetryable);
    if (job.name === importJob.name && job.payload.fileRemoved === true) throw new GoneException(jobCenterMessages.fileGone);
    const requeued = await this.jobs.retryFailed(id);
    if (!requeued) throw new ConflictException(jobCenterMessages.notRetryable);
    try {
      await this.queueAgain(requeued);
    } catch {
      // Redis away: nothing was accepted, so nothing starts later behind the user's back.
      const failed = await this.jobs.fail(id, notQueuedReason);
      if (failed) this.realtime.jobUpdated(failed.owner, this.present(failed));
      throw new ServiceUnavailableException(notQueuedReason);
    }
    const status = await this.standing.one(this.present(requeued));
    this.realtime.jobUpdated(requeued.owner, status);
    return status;
  }

  /** The BullMQ job of a record put back in line: a failed one is retried from a fresh count, a missing one added again. */
  private async queueAgain(job: OwnedJobStatus): Promise<void> {
    const contract = findJobContract(job.name)!;
    const queued = await this.queues.queue(contract.queue).getJob(job.id);
    if (queued && (await queued.isFailed())) return queued.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    // Finished in Redis without failing there (a record its handler ended failed), or gone: it is added anew.
    if (queued && (await queued.isCompleted())) await queued.remove();
    else if (queued) return; // still waiting or running in Redis: the record being queued again is enough
    await this.queues.enqueue(contract, { jobId: job.id }, { jobId: job.id });
  }

  private async ownedCenterJob(userId: string, id: string): Promise<OwnedJobStatus> {
    const job = await this.jobs.findById(id);
    // Anyone else's job, or one the job center does not show, answers exactly like a missing one.
    if (!job || job.owner.userId !== userId || !isJobCenterJob(job.name)) throw new NotFoundException(jobCenterMessages.notFound);
    return job;
  }

  private present(job: OwnedJobStatus): JobCenterEntry {
    return presentJob(this.presenters, job) as JobCenterEntry;
  }
}
