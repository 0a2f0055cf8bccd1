import { z } from 'zod';
import { defineJob } from './job-contract.js';

/**
 * A file import (issue 8): reads the uploaded file from the file store with the parser of its format and lands its
 * rows in the warehouse. The payload is the record's id; the format, file and options live in job_record.payload.
 * Landing is idempotent (natural keys), so a second attempt after a crash never adds rows twice.
 */
export const importJob = defineJob({
  queue: 'imports',
  name: 'import.file',
  payload: z.object({ jobId: z.uuid() }),
  result: z.object({
    rowsRead: z.number().int().min(0),
    rowsLanded: z.number().int().min(0),
    rowsDuplicate: z.number().int().min(0),
    rowsRejected: z.number().int().min(0),
    /** First days of the months that received rows. */
    months: z.array(z.string()),
  }),
  attempts: 2,
});
export type ImportResult = z.infer<typeof importJob.result>;
