import type { EntityManager } from '@mikro-orm/postgresql';
import { InvalidJobInputError, readJobInput, type JobContract, type JobInput } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { UnrecoverableError } from 'bullmq';

/** A job as its handler reads it from its record: the input, checked against the contract, and the owner. */
export interface RecordedJob<C extends JobContract> {
  readonly input: JobInput<C>;
  readonly ownerUserId: string;
}

/**
 * Reads the record of a job being run. A record that is gone, has no owner or holds an input its contract refuses
 * fails the job for good: running it again would not change that.
 */
export async function recordedJob<C extends JobContract>(em: EntityManager, contract: C, jobId: string): Promise<RecordedJob<C>> {
  const record = await new JobRecordRepository(em).findById(jobId);
  if (!record?.owner.userId) throw new UnrecoverableError(`The job ${contract.name} has no record or no owner`);
  try {
    return { input: readJobInput(contract, record.payload), ownerUserId: record.owner.userId };
  } catch (error) {
    if (error instanceof InvalidJobInputError) throw new UnrecoverableError(error.message);
    throw error;
  }
}

/** The owner of a job whose run made something to discard; null when its record is gone. */
export async function ownerOfJob(em: EntityManager, jobId: string): Promise<string | null> {
  return (await new JobRecordRepository(em).findById(jobId))?.owner.userId ?? null;
}
