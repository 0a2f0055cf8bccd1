import { Inject, Injectable } from '@nestjs/common';
import { isFinished, requestedKeywordsJob, type Environment } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { randomUUID } from 'node:crypto';
import { ENVIRONMENT, JobQueue } from '@serpwise/platform';

/**
 * Starts the job that fetches a user's queued requested keywords from the SERP provider (docs/architecture.md,
 * "How a requested keyword is fetched"). Each request with new queued keywords gets its own job; jobs claim
 * keywords with one conditional UPDATE, so two jobs of one user split the work and none is lost.
 */
@Injectable()
export class RequestedKeywordFetches {
  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly queue: JobQueue,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async start(owner: { userId: string; sessionId: string }): Promise<string> {
    const id = randomUUID();
    const payload = { jobId: id };
    await this.jobs.create({
      id,
      payload: { ...payload, userId: owner.userId, territory: this.environment.REQUESTED_KEYWORDS_TERRITORY },
      queue: requestedKeywordsJob.queue,
      name: requestedKeywordsJob.name,
      owner,
      total: 0,
      message: 'Waiting for a worker…',
    });
    // Redis unreachable: the record stays queued and the worker's reconciler enqueues it later.
    await this.queue.enqueue(requestedKeywordsJob, payload, { jobId: id }).catch(() => undefined);
    return id;
  }

  /** The user's newest fetch job that has not finished, or null. */
  async running(userId: string): Promise<string | null> {
    const [latest] = await this.jobs.listByUser(userId, requestedKeywordsJob.name, 1);
    return latest && !isFinished(latest.state) ? latest.id : null;
  }
}
