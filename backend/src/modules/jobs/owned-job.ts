import { NotFoundException } from '@nestjs/common';
import type { JobContract } from '@serpwise/contracts';
import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';

/**
 * A job of this kind that belongs to this user. Anyone else's, or a job of another kind, answers exactly like a
 * missing one (404 with the area's own sentence), so ids cannot be probed.
 */
export async function ownedJob(jobs: JobRecordRepository, contract: JobContract, userId: string, id: string, notFoundMessage: string): Promise<OwnedJobStatus> {
  const job = await jobs.findById(id);
  if (!job || job.name !== contract.name || job.owner.userId !== userId) throw new NotFoundException(notFoundMessage);
  return job;
}
