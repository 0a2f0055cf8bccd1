import { afterAll, describe, expect, it } from '@jest/globals';
import { diagnosticSteps, loadEnvironment } from '@serpwise/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { CpuPool } from '../cpu/cpu-pool.js';
import type { JobContext } from '../jobs/job-handler.js';
import { DiagnosticProcessor } from './diagnostic.processor.js';

const environment = loadEnvironment({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/unused', REDIS_URL: 'redis://127.0.0.1:6379', DIAGNOSTIC_STEP_MS: '0' });
const pool = new CpuPool(1);
afterAll(() => pool.close());

// The database, Redis and file steps are checkpointed as done, so the run goes on at the compute step (as a run taken
// over after a crash does) and touches neither PostgreSQL nor Redis.
const unreachable = () => {
  throw new Error('a resumed run must not read the database again');
};
const processor = new DiagnosticProcessor(unreachable as () => EntityManager, {} as Redis, environment, pool);
const doneBeforeCompute = diagnosticSteps.slice(0, 3).map((step) => ({ key: step.key, label: step.label, millis: 1, detail: 'done before' }));

function resumedAtCompute(jobId: string) {
  const progress: string[] = [];
  const checkpoints: number[] = [];
  const context: JobContext = {
    jobId,
    attempt: 2,
    checkpoint: { steps: doneBeforeCompute.map((step) => ({ ...step })) },
    progress: async (done, total, message) => {
      progress.push(`${done}/${total} ${message}`);
      return true;
    },
    stillActive: async () => true,
    saveCheckpoint: async (checkpoint) => {
      checkpoints.push((checkpoint.steps as unknown[]).length);
      return true;
    },
  };
  return { context, progress, checkpoints };
}

/** The compute step's answer as the event loop used to work it out: 20,000 chained SHA-256 digests of the job id. */
function hashedOnThisThread(jobId: string): string {
  let digest = jobId;
  for (let round = 0; round < 20_000; round += 1) digest = createHash('sha256').update(digest).digest('hex');
  return digest;
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

describe('DiagnosticProcessor compute step', () => {
  it('answers what hashing on the event loop answered, with the same progress and checkpoints', async () => {
    const jobId = randomUUID();
    const { context, progress, checkpoints } = resumedAtCompute(jobId);
    const result = await processor.handle({ jobId }, context);
    expect(result.steps.map((step) => step.key)).toEqual(diagnosticSteps.map((step) => step.key));
    expect(result.steps[3]!.detail).toBe(`20,000 SHA-256 rounds, ends in ${hashedOnThisThread(jobId).slice(0, 8)}`);
    expect(result.steps[4]!.detail).toBe(`worker pid ${process.pid} on Node ${process.version}`);
    expect(progress).toEqual(['3/5 Crunching numbers', '4/5 Crunching numbers: done', '4/5 Writing the report', '5/5 Finishing']);
    expect(checkpoints).toEqual([4, 5]);
  });

  it('leaves the event loop free: the hashing runs on another thread, not between the other jobs\' callbacks', async () => {
    // Not a timing: where the CPU time goes. A compute step on the event loop spends its CPU on this thread (all of it,
    // in one piece or in slices); on the pool, this thread only posts the task and takes the answer.
    await processor.handle({ jobId: randomUUID() }, resumedAtCompute(randomUUID()).context); // the thread started
    const thisThread = process.threadCpuUsage();
    const wholeProcess = process.cpuUsage();
    await processor.handle({ jobId: randomUUID() }, resumedAtCompute(randomUUID()).context);
    const onThisThread = cpuMicros(process.threadCpuUsage(thisThread));
    const inAll = cpuMicros(process.cpuUsage(wholeProcess));
    expect(onThisThread).toBeLessThan(inAll / 2);
  });
});
