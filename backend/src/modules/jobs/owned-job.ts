import { ConflictException, NotFoundException } from '@nestjs/common';
import type { JobContract, JobStatus } from '@serpwise/contracts';
import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';

/**
 * A job of this kind that belongs to this user. Anyone else's, or a job of another kind, answers exactly like a
 * missing one (404 with the area's own sentence), so ids cannot be probed.
 */
export async function ownedJob(jobs: JobRecordRepository, contract: JobContract, userId: string, id: string, notFoundMessage: string): Promise<OwnedJobStatus> {
  const job = await jobs.findById(id);
  if (!job || job.name !== contract.name || job.owner.userId !== userId) throw new NotFoundException(notFoundMessage);
  return job;
}

/**
 * Cancels a job the caller owns (check that first with ownedJob): 409 with the area's sentence when it is no longer
 * queued or running. The worker stops at its next progress report; the browser hears of the cancel now.
 */
export async function cancelOwnedJob<S extends JobStatus>(
  jobs: JobRecordRepository,
  realtime: RealtimeGateway,
  id: string,
  notCancellableMessage: string,
  present: (job: OwnedJobStatus) => S,
): Promise<S> {
  const cancelled = await jobs.cancel(id);
  if (!cancelled) throw new ConflictException(notCancellableMessage);
  const status = present(cancelled);
  realtime.jobUpdated(cancelled.owner, status);
  return status;
}
