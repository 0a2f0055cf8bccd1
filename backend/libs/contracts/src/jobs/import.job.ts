import { z } from 'zod';
import { importFormats, importSpreads } from '../imports/import.api.js';
import { defineJob, jobIdPayload, type JobInput } from './job-contract.js';

/**
 * A file import (issue 8): reads the uploaded file from the file store with the parser of its format and lands its
 * rows in the warehouse. The payload is the record's id; its input (the format, file and options) lives in job_record.payload.
 * Landing is idempotent (natural keys), so a second attempt after a crash never adds rows twice.
 */
export const importJob = defineJob({
  queue: 'imports',
  name: 'import.file',
  payload: jobIdPayload,
  input: z.object({
    format: z.enum(importFormats),
    fileName: z.string(),
    fileBytes: z.number().int().min(0),
    territory: z.string(),
    domain: z.string().nullable(),
    date: z.string().nullable(),
    /** The range of the data when the user gave it (records written before it have neither). */
    dateFrom: z.string().nullable().optional(),
    dateTo: z.string().nullable().optional(),
    /** Set by the worker when rows were rejected and the error report was written. */
    errorReport: z.boolean().optional(),
    /** Set by the worker when no row could be imported: the job fails without a result, and these are its counts. */
    rowsRead: z.number().int().min(0).optional(),
    rowsRejected: z.number().int().min(0).optional(),
  }),
  result: z.object({
    rowsRead: z.number().int().min(0),
    rowsLanded: z.number().int().min(0),
    rowsDuplicate: z.number().int().min(0),
    rowsRejected: z.number().int().min(0),
    /** First days of the months that received rows. */
    months: z.array(z.string()),
    /** What it brought, for links to the research pages that show it (records written before it have none). */
    brought: z.object({ site: z.string().nullable(), keyword: z.string().nullable(), month: z.string().nullable() }).optional(),
    /** How a Search Console export was spread over its months (results written before issue 19 have none). */
    spread: z.enum(importSpreads).nullable().optional(),
  }),
  attempts: 2,
});
export type ImportResult = z.infer<typeof importJob.result>;
export type ImportJobInput = JobInput<typeof importJob>;
