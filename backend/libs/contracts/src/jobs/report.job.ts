import { z } from 'zod';
import { defineJob } from './job-contract.js';

/**
 * A PDF report: rendered in the worker, kept as a file to open (ExportAsync), e-mailed (Export, a scheduled
 * report's delivery) or both. The payload is only the record's id: the report options, the addresses and the owner
 * live in job_record.payload, written by the API or by the schedule that fired.
 */
export const reportJob = defineJob({
  queue: 'reports',
  name: 'report.pdf',
  payload: z.object({ jobId: z.uuid() }),
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
