import { z } from 'zod';
import { defineJob, jobIdPayload } from './job-contract.js';

/** The steps a diagnostic run goes through, in order. Each proves one part of the pipeline works. */
export const diagnosticSteps = [
  { key: 'database', label: 'Reading from PostgreSQL' },
  { key: 'redis', label: 'Round-trip through Redis' },
  { key: 'files', label: 'Writing and reading the file store' },
  { key: 'compute', label: 'Crunching numbers' },
  { key: 'report', label: 'Writing the report' },
] as const;
export type DiagnosticStepKey = (typeof diagnosticSteps)[number]['key'];

export const diagnosticJob = defineJob({
  queue: 'diagnostics',
  name: 'diagnostic.run',
  payload: jobIdPayload,
  result: z.object({
    steps: z.array(
      z.object({ key: z.string(), label: z.string(), millis: z.number().int().min(0), detail: z.string() }),
    ),
    totalMillis: z.number().int().min(0),
  }),
  attempts: 3,
});
export type DiagnosticResult = z.infer<typeof diagnosticJob.result>;
