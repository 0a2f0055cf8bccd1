import { z } from 'zod';
import { reportOptionsSchema } from '../reports/report.api.js';
import { defineJob, jobIdPayload, type JobInput } from './job-contract.js';

/**
 * A PDF report: rendered in the worker, kept as a file to open (ExportAsync), e-mailed (Export, a scheduled
 * report's delivery) or both. The payload is only the record's id; its input (the report options, the addresses)
 * lives in job_record.payload, written by the API or by the schedule that fired.
 */
export const reportJob = defineJob({
  queue: 'reports',
  name: 'report.pdf',
  payload: jobIdPayload,
  input: z.object({
    report: reportOptionsSchema,
    /** Keep the PDF for its owner to open (ExportAsync). */
    store: z.boolean(),
    /** Where to e-mail it (resolved addresses, the owner's own included when asked). */
    emailTo: z.array(z.string()),
    /** The browser's export session id (docs/product/account-exports-reports.md §3 Export request), read by GetStatus. */
    sessionId: z.string().nullable(),
    /** The scheduled report this job delivers, if any. */
    scheduleId: z.string().nullable(),
    /** A scheduled delivery: its scheduler fired, or its owner pressed Send now (issue 22). */
    trigger: z.enum(['schedule', 'send-now']).optional(),
    /** A scheduled delivery's frequency, for the e-mail's words ("your weekly report"). */
    scheduleFrequency: z.enum(['WEEKLY', 'MONTHLY']).optional(),
    /** Set by the sweep once the file is gone. */
    fileRemoved: z.boolean().optional(),
  }),
  result: z.object({
    fileName: z.string(),
    bytes: z.number().int().min(0),
    /** Whether the PDF was kept in the file store for its owner to open. */
    stored: z.boolean(),
    /** The addresses it was e-mailed to (none for a download). */
    emailedTo: z.array(z.string()),
  }),
  attempts: 3,
});
export type ReportJobResult = z.infer<typeof reportJob.result>;
export type ReportJobInput = JobInput<typeof reportJob>;
