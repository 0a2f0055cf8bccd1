import { diagnosticJob, diagnosticSteps, type DiagnosticResult, type DiagnosticStepKey, type Environment, type JobPayload } from '@serpwise/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CpuPool } from '../cpu/cpu-pool.js';
import type { JobContext, JobHandler } from '../jobs/job-handler.js';

type StepOutcome = DiagnosticResult['steps'][number];

/** The compute step's chained SHA-256 digests of the job id. */
const computeRounds = 20_000;

let sharedPool: CpuPool | null = null;
/** The pool of processors made without one (tests): made once, of WORKER_CPU_THREADS; idle, it holds nothing open. */
const ownPool = (environment: Environment) => (sharedPool ??= new CpuPool(environment.WORKER_CPU_THREADS));

/**
 * The diagnostic run: one small real check per part of the pipeline (PostgreSQL, Redis, file store, CPU),
 * reported step by step. Finished steps are checkpointed, so a run taken over after a worker died resumes
 * at the first unfinished step and does no step twice.
 */
export class DiagnosticProcessor implements JobHandler<typeof diagnosticJob> {
  readonly contract = diagnosticJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly redis: Redis,
    private readonly environment: Environment,
    /** Where the compute step runs, off the event loop; absent: a pool of this module's own (the worker passes its one). */
    private readonly cpu: CpuPool = ownPool(environment),
  ) {}

  async handle(payload: JobPayload<typeof diagnosticJob>, context: JobContext): Promise<DiagnosticResult> {
    const done: StepOutcome[] = Array.isArray(context.checkpoint?.steps) ? (context.checkpoint.steps as StepOutcome[]) : [];
    const total = diagnosticSteps.length;
    for (const step of diagnosticSteps.slice(done.length)) {
      await context.progress(done.length, total, step.label);
      const started = performance.now();
      const detail = await this.runStep(step.key, payload.jobId);
      await sleep(this.environment.DIAGNOSTIC_STEP_MS);
      done.push({ key: step.key, label: step.label, millis: Math.round(performance.now() - started), detail });
      await context.saveCheckpoint({ steps: done });
      await context.progress(done.length, total, done.length === total ? 'Finishing' : `${step.label}: done`);
    }
    return { steps: done, totalMillis: done.reduce((sum, step) => sum + step.millis, 0) };
  }

  private async runStep(key: DiagnosticStepKey, jobId: string): Promise<string> {
    switch (key) {
      case 'database': {
        const [row] = await this.em().execute<{ version: string; jobs: string }[]>(
          `select current_setting('server_version') as version, (select count(*) from job_record)::text as jobs`,
        );
        return `PostgreSQL ${row?.version}, ${row?.jobs} ${row?.jobs === '1' ? 'job' : 'jobs'} on record`;
      }
      case 'redis': {
        const key = `${this.environment.REDIS_PREFIX}:diagnostic:${jobId}`;
        const started = performance.now();
        await this.redis.set(key, jobId, 'EX', 60);
        const echoed = await this.redis.get(key);
        await this.redis.del(key);
        if (echoed !== jobId) throw new Error('Redis returned a different value than was written');
        return `write, read and delete in ${(performance.now() - started).toFixed(1)} ms`;
      }
      case 'files': {
        const folder = resolve(this.environment.DATA_DIR, 'diagnostics');
        const file = join(folder, `${jobId}.txt`);
        await mkdir(folder, { recursive: true });
        await writeFile(file, `diagnostic ${jobId}`);
        const back = await readFile(file, 'utf8');
        await rm(file);
        if (back !== `diagnostic ${jobId}`) throw new Error('The file store returned different content');
        return `wrote and read back ${back.length} bytes under ${folder}`;
      }
      case 'compute': {
        // On a pool thread: 40–90 ms of hashing on the event loop, even in slices, held up every other job's database
        // answers and completion events (the jobs bench, docs/decisions.md "Job work off the event loop").
        const digest = await this.cpu.run('sha256Chain', { seed: jobId, rounds: computeRounds });
        return `20,000 SHA-256 rounds, ends in ${digest.slice(0, 8)}`;
      }
      case 'report':
        return `worker pid ${process.pid} on Node ${process.version}`;
    }
  }
}
