import { Injectable, NotFoundException } from '@nestjs/common';
import { JobRecordRepository, withoutOwner } from '@serpwise/database';
import type { JobStatus } from '@serpwise/contracts';
import type { RequestSession } from '../sessions/request-session.js';

export const jobNotFoundMessage = 'Job not found.';

/** Reads of job records, always scoped to their owner. */
@Injectable()
export class JobsService {
  constructor(private readonly jobs: JobRecordRepository) {}

  async statusFor(session: RequestSession, id: string): Promise<JobStatus> {
    const job = await this.jobs.findOwned(id, { sessionId: session.id, userId: session.userId });
    // Someone else's job answers exactly like a missing one, so ids cannot be probed.
    if (!job) throw new NotFoundException(jobNotFoundMessage);
    return withoutOwner(job);
  }
}
