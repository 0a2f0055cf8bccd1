import { Inject, Injectable } from '@nestjs/common';
import { storedJobInput, type JobContract, type JobInputToStore } from '@serpwise/contracts';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { randomUUID } from 'node:crypto';
import { enqueueRecorded } from './enqueue-recorded.js';
import { JobQueue } from './job-queue.js';

/**
 * What a queue that does not answer (Redis away) means for a job just recorded:
 * - 'fail': the record fails ('could not be queued') and the error goes on, so the request answers 503 and nothing
 *   starts behind the user's back later (enqueue-recorded.ts);
 * - 'reconcile': the record stays queued and the worker's reconciler queues it once Redis is back;
 * - 'throw': the record stays queued and the error goes on (a scheduled firing that BullMQ runs again).
 */
export type WhenQueueDown = 'fail' | 'reconcile' | 'throw';

export interface JobStart<C extends JobContract> {
  /** The record's id: a new one unless the start names it (a schedule's firing always names the same job). */
  id?: string;
  owner: { sessionId: string; userId: string | null };
  input: JobInputToStore<C>;
  /** Work in all, in the job's own unit (rows, bytes, steps). */
  total: number;
  /**
   * Jobs with the same key do not run side by side: while one is queued or running, starting another answers that
   * one (created false) and queues nothing.
   */
  dedupeKey?: string;
  /** A start that names its id and may be repeated: the second one answers the first record (created false) and queues it again, a no-op. */
  once?: boolean;
  whenQueueDown: WhenQueueDown;
  /** Gives back what the start cost (a quota unit) when it made no record: creating it failed, or an identical job runs. */
  giveBack?: () => Promise<unknown>;
}

/**
 * The one way to start a job (docs/architecture.md, "How an export flows"): the record in PostgreSQL first (its
 * input checked against the contract), then the BullMQ job whose id is the record's id, so a retry or a double click
 * cannot make two. The caller presents the answered record (job-presenters.ts).
 */
@Injectable()
export class JobStarter {
  // Named explicitly: this library is compiled without decorator metadata.
  constructor(
    @Inject(JobRecordRepository) private readonly records: JobRecordRepository,
    @Inject(JobQueue) private readonly queue: JobQueue,
  ) {}

  async start<C extends JobContract>(contract: C, start: JobStart<C>): Promise<{ job: OwnedJobStatus; created: boolean }> {
    const id = start.id ?? randomUUID();
    const record = {
      id,
      queue: contract.queue,
      name: contract.name,
      owner: start.owner,
      payload: storedJobInput(contract, id, start.input),
      total: start.total,
      message: 'Waiting for a worker…',
    };
    let answer: { job: OwnedJobStatus; created: boolean };
    try {
      if (start.dedupeKey !== undefined) answer = await this.records.createUnlessRunning({ ...record, dedupeKey: start.dedupeKey });
      else if (start.once) answer = await this.records.createOnce(record);
      else answer = { job: await this.records.create(record), created: true };
    } catch (error) {
      await start.giveBack?.();
      throw error;
    }
    if (!answer.created) await start.giveBack?.();
    // The job of an identical running request is that request's to queue; a repeated start of this id queues it again (a no-op).
    if (answer.job.id === id) await this.enqueue(contract, id, start.whenQueueDown);
    return answer;
  }

  private async enqueue(contract: JobContract, id: string, whenQueueDown: WhenQueueDown): Promise<void> {
    const payload = { jobId: id };
    if (whenQueueDown === 'fail') return enqueueRecorded(this.records, this.queue, contract, payload, id);
    const queued = this.queue.enqueue(contract, payload, { jobId: id });
    return whenQueueDown === 'throw' ? queued : queued.catch(() => undefined);
  }
}
