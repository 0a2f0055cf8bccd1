import { z } from 'zod';
import { defineJob, jobIdPayload, type JobInput } from './job-contract.js';

/** What an export job writes (docs/product/account-exports-reports.md §2 export dropdown): a CSV or XLSX file, or a new spreadsheet in the user's Google Drive. */
export const exportFormats = ['csv', 'xlsx', 'sheets'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** The formats that leave a file in the file store (a Sheets export leaves a spreadsheet url instead). */
export type ExportFileFormat = Exclude<ExportFormat, 'sheets'>;

export const exportContentTypes: Record<ExportFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** 'full' asks for every row and is refused over the allowance; 'partial' stops at the allowance. */
export const exportScopes = ['full', 'partial'] as const;

/**
 * A table export. The payload is only the record's id; its input (the table, its parameters, the row limit) lives in
 * job_record.payload, written by the API (docs/product/account-exports-reports.md §6 allowance applied there and again by the worker).
 */
export const exportJob = defineJob({
  queue: 'exports',
  name: 'export.table',
  payload: jobIdPayload,
  input: z.object({
    table: z.string(),
    params: z.record(z.string(), z.unknown()),
    format: z.enum(exportFormats),
    scope: z.enum(exportScopes),
    /** Rows the table had when asked (the export's total for progress). */
    tableRows: z.number().int().min(0),
    /** The most rows the file may hold (the plan's allowance); null = no limit. */
    rowLimit: z.number().int().min(0).nullable(),
    /** File name without extension, e.g. "seo-keywords-alpha.example-2026-11-23". */
    fileName: z.string(),
    /** Set by the sweep once the file is gone. */
    fileRemoved: z.boolean().optional(),
  }),
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
export type ExportJobInput = JobInput<typeof exportJob>;
