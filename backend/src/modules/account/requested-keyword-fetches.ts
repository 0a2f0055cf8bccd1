import { Inject, Injectable } from '@nestjs/common';
import { isFinished, requestedKeywordsJob, type Environment } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { ENVIRONMENT, JobStarter } from '@serpwise/platform';

/**
 * Starts the job that fetches a user's queued requested keywords from the SERP provider (docs/architecture.md,
 * "How a requested keyword is fetched"). Each request with new queued keywords gets its own job; jobs claim
 * keywords with one conditional UPDATE, so two jobs of one user split the work and none is lost.
 */
@Injectable()
export class RequestedKeywordFetches {
  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async start(owner: { userId: string; sessionId: string }): Promise<string> {
    // Redis unreachable: the record stays queued and the worker's reconciler enqueues it later.
    const { job } = await this.starter.start(requestedKeywordsJob, {
      owner,
      input: { userId: owner.userId, territory: this.environment.REQUESTED_KEYWORDS_TERRITORY },
      total: 0,
      whenQueueDown: 'reconcile',
    });
    return job.id;
  }

  /** The user's newest fetch job that has not finished, or null. */
  async running(userId: string): Promise<string | null> {
    const [latest] = await this.jobs.listByUser(userId, requestedKeywordsJob.name, 1);
    return latest && !isFinished(latest.state) ? latest.id : null;
  }
}
