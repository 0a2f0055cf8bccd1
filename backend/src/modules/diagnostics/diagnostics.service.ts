import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { diagnosticJob, diagnosticSteps, type JobStatus } from '@serpwise/contracts';
import { JobRecordRepository, withoutOwner } from '@serpwise/database';
import { enqueueRecorded, JobQueue } from '@serpwise/platform';
import type { RequestSession } from '../sessions/request-session.js';

/** Starts diagnostic runs: a record in PostgreSQL first, then the BullMQ job named by the record's id. */
@Injectable()
export class DiagnosticsService {
  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly queue: JobQueue,
  ) {}

  async start(session: RequestSession): Promise<JobStatus> {
    const id = randomUUID();
    const payload = { jobId: id };
    const record = await this.jobs.create({
      id,
      payload,
      queue: diagnosticJob.queue,
      name: diagnosticJob.name,
      owner: { sessionId: session.id, userId: session.userId },
      total: diagnosticSteps.length,
      message: 'Waiting for a worker…',
    });
    // Redis away: the record fails ('could not be queued') and the request answers 503.
    await enqueueRecorded(this.jobs, this.queue, diagnosticJob, payload, id);
    return withoutOwner(record);
  }
}
