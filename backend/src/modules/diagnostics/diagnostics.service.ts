import { Injectable } from '@nestjs/common';
import { diagnosticJob, diagnosticSteps, type JobStatus } from '@serpwise/contracts';
import { withoutOwner } from '@serpwise/database';
import { JobStarter } from '@serpwise/platform';
import type { RequestSession } from '../sessions/request-session.js';

/** Starts diagnostic runs: a record in PostgreSQL first, then the BullMQ job named by the record's id. */
@Injectable()
export class DiagnosticsService {
  constructor(private readonly jobs: JobStarter) {}

  async start(session: RequestSession): Promise<JobStatus> {
    // Redis away: the record fails ('could not be queued') and the request answers 503.
    const { job } = await this.jobs.start(diagnosticJob, {
      owner: { sessionId: session.id, userId: session.userId },
      input: {},
      total: diagnosticSteps.length,
      whenQueueDown: 'fail',
    });
    return withoutOwner(job);
  }
}
