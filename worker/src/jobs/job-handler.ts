import type { JobContract, JobPayload, JobResult } from '@serpwise/contracts';

/** What a handler gets besides its payload: progress reporting and a checkpoint that survives a crash. */
export interface JobContext {
  readonly jobId: string;
  /**
   * 1 on the first run; higher when the job is run again after a failure, a killed worker or a lost lock. It is also
   * the run's fencing token: files a run makes carry it in their name, and only the run holding the job's current
   * attempt may record progress, checkpoints or its result.
   */
  readonly attempt: number;
  /** What the last attempt saved with saveCheckpoint, or null. */
  readonly checkpoint: Record<string, unknown> | null;
  /**
   * Records progress; answers false once this run no longer owns the job (cancelled, or another run took it over
   * after this one lost its lock), and the handler should stop.
   */
  progress(done: number, total: number, message: string): Promise<boolean>;
  /** One indexed read of the job's record: false once this run no longer owns it (as progress). Cheap enough for every batch. */
  stillActive(): Promise<boolean>;
  /** False (nothing saved) once this run no longer owns the job. */
  saveCheckpoint(checkpoint: Record<string, unknown>): Promise<boolean>;
}

/** One handler per job contract; the worker refuses to start if a registered contract has none. */
export interface JobHandler<C extends JobContract = JobContract> {
  readonly contract: C;
  handle(payload: JobPayload<C>, context: JobContext): Promise<JobResult<C>>;
  /**
   * handle() finished but its result was not recorded: the job was cancelled meanwhile, or another run took it over
   * (this one lost its lock) and publishes its own result. Undo what this run made that the job will not keep (its
   * file), so a cancelled job leaves nothing behind and a fenced-off run leaves nothing beside the published result.
   */
  discard?(payload: JobPayload<C>, result: JobResult<C>, unpublished: UnpublishedRun): Promise<void>;
}

/** Why a finished run's result was not recorded, and which attempt it was. */
export interface UnpublishedRun {
  readonly reason: 'cancelled' | 'superseded';
  readonly attempt: number;
}

/** Thrown by a handler that saw its job cancelled: the run ends without a result and without failing. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled');
    this.name = 'JobCancelledError';
  }
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

export class MissingJobHandlerError extends Error {
  constructor(readonly missing: string[]) {
    super(`The worker has no handler for: ${missing.join(', ')}. Register one in the handlers list of worker/src/worker.ts before starting.`);
    this.name = 'MissingJobHandlerError';
  }
}

/** Maps job names to handlers, failing loudly on a missing or duplicate handler. */
export function indexHandlers(registry: readonly JobContract[], handlers: readonly JobHandler[]): Map<string, JobHandler> {
  const byName = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byName.has(handler.contract.name)) throw new Error(`Two handlers claim the job ${handler.contract.name}.`);
    byName.set(handler.contract.name, handler);
  }
  const missing = registry.filter((contract) => !byName.has(contract.name)).map((contract) => contract.name);
  if (missing.length) throw new MissingJobHandlerError(missing);
  return byName;
}
