import type { JobContract, JobPayload, JobResult } from '@serpwise/contracts';

/** What a handler gets besides its payload: progress reporting and a checkpoint that survives a crash. */
export interface JobContext {
  readonly jobId: string;
  /** 1 on the first run; higher when the job is run again after a failure or a killed worker. */
  readonly attempt: number;
  /** What the last attempt saved with saveCheckpoint, or null. */
  readonly checkpoint: Record<string, unknown> | null;
  /** Records progress; answers false once the job is no longer active (cancelled), and the handler should stop. */
  progress(done: number, total: number, message: string): Promise<boolean>;
  /** One indexed read of the job's record: false once it is no longer running (cancelled). Cheap enough for every batch. */
  stillActive(): Promise<boolean>;
  saveCheckpoint(checkpoint: Record<string, unknown>): Promise<void>;
}

/** One handler per job contract; the worker refuses to start if a registered contract has none. */
export interface JobHandler<C extends JobContract = JobContract> {
  readonly contract: C;
  handle(payload: JobPayload<C>, context: JobContext): Promise<JobResult<C>>;
  /**
   * The job was cancelled after handle() had finished but before its result was recorded: undo what it made (a
   * file), so a cancelled job leaves nothing behind.
   */
  discard?(payload: JobPayload<C>, result: JobResult<C>): Promise<void>;
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
    super(`The worker has no handler for: ${missing.join(', ')}. Register one in worker.module.ts before starting.`);
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
