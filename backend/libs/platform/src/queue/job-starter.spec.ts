import { describe, expect, it, jest } from '@jest/globals';
import { diagnosticJob, exportJob } from '@serpwise/contracts';
import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';
import type { JobQueue } from './job-queue.js';
import { JobStarter } from './job-starter.js';

const owner = { sessionId: 's1', userId: 'u1' };
const exportInput = { table: 'seo/keywords', params: {}, format: 'csv', scope: 'full', tableRows: 3, rowLimit: null, fileName: 'f' } as const;

/** A record store and a queue that remember what they were asked; the queue refuses when told to. */
function fakes(options: { queueDown?: boolean; runningId?: string; createFails?: boolean } = {}) {
  const created: Record<string, unknown>[] = [];
  const failed: string[] = [];
  const enqueued: string[] = [];
  const record = (input: { id: string }) => ({ id: input.id }) as OwnedJobStatus;
  const records = {
    create: async (input: { id: string }) => {
      if (options.createFails) throw new Error('database away');
      created.push(input);
      return record(input);
    },
    createUnlessRunning: async (input: { id: string }) =>
      options.runningId ? { job: record({ id: options.runningId }), created: false } : (created.push(input), { job: record(input), created: true }),
    createOnce: async (input: { id: string }) => ({ job: record(input), created: false }),
    fail: async (id: string) => (failed.push(id), null),
  } as unknown as JobRecordRepository;
  const queue = {
    enqueue: async (_contract: unknown, _payload: unknown, { jobId }: { jobId: string }) => {
      if (options.queueDown) throw new Error('Redis away');
      enqueued.push(jobId);
    },
  } as unknown as JobQueue;
  return { starter: new JobStarter(records, queue), created, failed, enqueued };
}

describe('JobStarter', () => {
  it('records the job with its input beside its id, then queues it under that id', async () => {
    const { starter, created, enqueued } = fakes();
    const { job, created: isNew } = await starter.start(exportJob, { owner, input: exportInput, total: 3, whenQueueDown: 'fail' });
    expect(isNew).toBe(true);
    expect(created[0]).toMatchObject({ id: job.id, name: exportJob.name, queue: exportJob.queue, payload: { jobId: job.id, ...exportInput }, total: 3 });
    expect(enqueued).toEqual([job.id]);
  });

  it('answers the running job of the same dedupe key, queues nothing and gives the start’s cost back', async () => {
    const { starter, enqueued } = fakes({ runningId: 'running' });
    const giveBack = jest.fn(async () => undefined);
    const { job, created } = await starter.start(exportJob, { owner, input: exportInput, total: 3, dedupeKey: 'k', whenQueueDown: 'fail', giveBack });
    expect({ id: job.id, created }).toEqual({ id: 'running', created: false });
    expect(enqueued).toEqual([]);
    expect(giveBack).toHaveBeenCalledTimes(1);
  });

  it('gives the cost back when the record cannot be written', async () => {
    const { starter } = fakes({ createFails: true });
    const giveBack = jest.fn(async () => undefined);
    await expect(starter.start(diagnosticJob, { owner, input: {}, total: 5, whenQueueDown: 'fail', giveBack })).rejects.toThrow('database away');
    expect(giveBack).toHaveBeenCalledTimes(1);
  });

  it('queues a repeated start of a named job again (a no-op for the queue)', async () => {
    const { starter, enqueued } = fakes();
    await starter.start(diagnosticJob, { id: 'firing', once: true, owner, input: {}, total: 5, whenQueueDown: 'throw' });
    expect(enqueued).toEqual(['firing']);
  });

  it('with the queue away: fails the record (fail), leaves it for the reconciler (reconcile) or only passes the error on (throw)', async () => {
    const down = fakes({ queueDown: true });
    await expect(down.starter.start(diagnosticJob, { id: 'a', owner, input: {}, total: 5, whenQueueDown: 'fail' })).rejects.toThrow('Redis away');
    expect(down.failed).toEqual(['a']);
    await expect(down.starter.start(diagnosticJob, { id: 'b', owner, input: {}, total: 5, whenQueueDown: 'reconcile' })).resolves.toMatchObject({ created: true });
    await expect(down.starter.start(diagnosticJob, { id: 'c', owner, input: {}, total: 5, whenQueueDown: 'throw' })).rejects.toThrow('Redis away');
    expect(down.failed).toEqual(['a']);
  });
});
