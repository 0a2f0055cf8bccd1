import { Injectable, Logger } from '@nestjs/common';
import type { JobStatus } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { JobQueue } from '@serpwise/platform';

/**
 * Where a queued job stands (issue 21: "waiting, with how many jobs are ahead", "paused by an administrator"), added
 * to what the API answers about a job: the jobs of its queue queued before it, from job_record, and whether its
 * BullMQ queue is paused, from Redis. A job that is not queued, or a Redis that does not answer, gets none.
 */
@Injectable()
export class QueueStanding {
  private readonly logger = new Logger(QueueStanding.name);

  constructor(
    private readonly queues: JobQueue,
    private readonly records: JobRecordRepository,
  ) {}

  /** The statuses, each queued one with its `waiting` (one pause check per queue). */
  async of<T extends JobStatus>(statuses: readonly T[]): Promise<T[]> {
    const paused = new Map<string, Promise<boolean | null>>();
    const pausedOf = (queue: string) => {
      let answer = paused.get(queue);
      if (!answer) paused.set(queue, (answer = this.isPaused(queue)));
      return answer;
    };
    return Promise.all(
      statuses.map(async (status) => {
        if (status.state !== 'queued') return status;
        const [isPaused, ahead] = await Promise.all([pausedOf(status.queue), this.records.queuedBefore(status.queue, status.createdAt)]);
        return isPaused === null ? status : { ...status, waiting: { ahead, paused: isPaused } };
      }),
    );
  }

  async one<T extends JobStatus>(status: T): Promise<T> {
    const [standing] = await this.of([status]);
    return standing!;
  }

  private async isPaused(queue: string): Promise<boolean | null> {
    try {
      return await this.queues.queue(queue).isPaused();
    } catch (error) {
      // The poll fallback must answer while Redis is away: the job's state is PostgreSQL's, its standing is unknown.
      this.logger.warn(`Could not ask whether queue ${queue} is paused: ${(error as Error).message}`);
      return null;
    }
  }
}
