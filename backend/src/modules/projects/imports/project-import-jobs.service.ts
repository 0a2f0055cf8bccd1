import { Injectable } from '@nestjs/common';
import type { JobContract } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { randomUUID } from 'node:crypto';
import { enqueueRecorded, JobQueue } from '@serpwise/platform';
import type { KeywordImportJobPayload, OutreachImportJobPayload } from '@serpwise/domain';
import type { RequestSession } from '../../sessions/request-session.js';

/**
 * Puts a large import on the project-imports queue (issue 9), like exports and file imports: the job record is
 * written first (PostgreSQL is the record), then the BullMQ job whose id is the record's id, so a retry or a
 * repeated add cannot make two. If Redis is down the record fails ('could not be queued') and the request answers 503.
 */
@Injectable()
export class ProjectImportJobs {
  constructor(
    private readonly records: JobRecordRepository,
    private readonly queue: JobQueue,
  ) {}

  async start<P extends KeywordImportJobPayload | OutreachImportJobPayload>(
    contract: JobContract,
    session: RequestSession,
    payload: (jobId: string) => P,
    total: number,
  ): Promise<string> {
    const id = randomUUID();
    const full = payload(id);
    await this.records.create({
      id,
      queue: contract.queue,
      name: contract.name,
      owner: { sessionId: session.id, userId: full.userId },
      payload: full as unknown as Record<string, unknown>,
      total,
      message: 'Waiting for a worker…',
    });
    await enqueueRecorded(this.records, this.queue, contract, { jobId: id } as never, id);
    return id;
  }
}
