import type { JobContract, JobPayload, JobResult } from '@serpwise/contracts';
import type { OwnedJobStatus } from '@serpwise/database';
import type { JobRun } from '@serpwise/domain';

export { JobCancelledError } from '@serpwise/domain';

/**
 * What a handler gets besides its payload: progress reporting and a checkpoint that survives a crash (the JobRun
 * port of @serpwise/domain, which the services the handlers call take), and the job's id.
 */
export interface JobContext extends JobRun {
  readonly jobId: string;
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
  /**
   * The job ended without a result, failed for good or cancelled (`ended`, its record): undo what its runs left
   * outside this system (a Sheets export's spreadsheet in the owner's Google Drive). Answers a sentence for the owner
   * when something is left that could not be undone (the runner adds it to the record), else null.
   */
  abandoned?(payload: JobPayload<C>, ended: OwnedJobStatus): Promise<string | null>;
}

/** Why a finished run's result was not recorded, and which attempt it was. */
export interface UnpublishedRun {
  readonly reason: 'cancelled' | 'superseded';
  readonly attempt: number;
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
