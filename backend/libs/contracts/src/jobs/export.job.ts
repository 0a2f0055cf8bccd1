import { z } from 'zod';
import { defineJob } from './job-contract.js';

/** What an export job writes (docs/product/account-exports-reports.md §2 export dropdown): a CSV or XLSX file, or a new spreadsheet in the user's Google Drive. */
export const exportFormats = ['csv', 'xlsx', 'sheets'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** The formats that leave a file in the file store (a Sheets export leaves a spreadsheet url instead). */
export type ExportFileFormat = Exclude<ExportFormat, 'sheets'>;

export const exportContentTypes: Record<ExportFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A table export. The payload is only the record's id: the table, its parameters, the row limit and the owner live
 * in job_record.payload, written by the API (docs/product/account-exports-reports.md §6 allowance applied there and again by the worker).
 */
export const exportJob = defineJob({
  queue: 'exports',
  name: 'export.table',
  payload: z.object({ jobId: z.uuid() }),
  result: z.object({
    format: z.enum(exportFormats),
    fileName: z.string(),
    rows: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** True when the plan's allowance stopped the file before the table's last row. */
    truncated: z.boolean(),
    /** A Sheets export: the new spreadsheet's address (docs/product/account-exports-reports.md §7 ExportGoogleSheets answers url). */
    url: z.url().optional(),
  }),
  attempts: 3,
});
export type ExportResult = z.infer<typeof exportJob.result>;
