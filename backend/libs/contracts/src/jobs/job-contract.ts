import type { z } from 'zod';

/**
 * A job contract ties a BullMQ queue and job name to the zod schemas of its payload and result.
 * The producer validates the payload when the job is added; the worker validates it again when taking it.
 * Payloads carry ids, never secrets or tokens.
 */
export interface JobContract<
  Queue extends string = string,
  Name extends string = string,
  Payload extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
> {
  readonly queue: Queue;
  readonly name: Name;
  readonly payload: Payload;
  readonly result: Result;
  /** How many times BullMQ runs the job before it fails for good. */
  readonly attempts: number;
}

export type JobPayload<C extends JobContract> = z.infer<C['payload']>;
export type JobResult<C extends JobContract> = z.infer<C['result']>;

export function defineJob<Queue extends string, Name extends string, Payload extends z.ZodType, Result extends z.ZodType>(
  contract: JobContract<Queue, Name, Payload, Result>,
): JobContract<Queue, Name, Payload, Result> {
  return Object.freeze(contract);
}
