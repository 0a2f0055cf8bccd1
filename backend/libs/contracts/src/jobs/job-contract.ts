import { z } from 'zod';

/** The payload every job carries on the queue: the id of its record. The job's real input lives in the record. */
export const jobIdPayload = z.object({ jobId: z.uuid() });

/**
 * A job contract ties a BullMQ queue and job name to the zod schemas of its payload, its input and its result.
 * - payload: what the queue carries (ids only, never secrets or tokens); validated when added and when taken.
 * - input: what the job's record (job_record.payload) holds, written when the job is started; validated wherever it
 *   is read (the worker's handler, the presenters, the file sweep), so no reader casts it.
 */
export interface JobContract<
  Queue extends string = string,
  Name extends string = string,
  Payload extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Input extends z.ZodType = z.ZodType,
> {
  readonly queue: Queue;
  readonly name: Name;
  readonly payload: Payload;
  readonly input: Input;
  readonly result: Result;
  /** How many times BullMQ runs the job before it fails for good. */
  readonly attempts: number;
}

export type JobPayload<C extends JobContract> = z.infer<C['payload']>;
export type JobResult<C extends JobContract> = z.infer<C['result']>;
/** The job's input as read back from its record. */
export type JobInput<C extends JobContract> = z.output<C['input']>;
/** The job's input as written when it is started (defaults not yet applied). */
export type JobInputToStore<C extends JobContract> = z.input<C['input']>;

/** A job without an input of its own (its record holds only its id). */
const noInput = z.object({});

export function defineJob<Queue extends string, Name extends string, Payload extends z.ZodType, Result extends z.ZodType, Input extends z.ZodType = typeof noInput>(
  contract: Omit<JobContract<Queue, Name, Payload, Result, Input>, 'input'> & { input?: Input },
): JobContract<Queue, Name, Payload, Result, Input> {
  return Object.freeze({ ...contract, input: contract.input ?? (noInput as unknown as Input) });
}

/** A job record whose stored input does not match its contract (written by an older version, or by hand). */
export class InvalidJobInputError extends Error {
  constructor(jobName: string, details: string) {
    super(`The record of job ${jobName} holds an invalid input: ${details}`);
    this.name = 'InvalidJobInputError';
  }
}

/** The typed input of a job, read from its record's stored payload; throws InvalidJobInputError when it does not match. */
export function readJobInput<C extends JobContract>(contract: C, stored: unknown): JobInput<C> {
  const parsed = contract.input.safeParse(stored);
  if (!parsed.success) throw new InvalidJobInputError(contract.name, parsed.error.message);
  return parsed.data as JobInput<C>;
}

/** What a job's record stores as its payload: its id (what the queue carries) beside its input. */
export function storedJobInput<C extends JobContract>(contract: C, jobId: string, input: JobInputToStore<C>): Record<string, unknown> {
  // Validated before it is written, so a reader never meets an input the contract refuses.
  return { jobId, ...(readJobInput(contract, input) as Record<string, unknown>) };
}
