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

/**
 * The checkpoint key of a file export (issue 21 item 4): where the last committed batch left the file, so a retried
 * attempt goes on from there instead of row 1. Written after the batch's bytes reached the disk, by the run holding
 * the job only.
 */
export const exportResumeCheckpoint = 'exportResume';

/** One ZIP entry as far as it was written: where its local header starts, its running CRC-32 and sizes. */
const zipEntrySchema = z.object({ name: z.string(), offset: z.number().int().min(0), crc: z.number().int(), compressed: z.number().int().min(0), size: z.number().int().min(0) });

/** An XLSX archive cut at a commit: its entries' DOS time stamp, the entries ended, and the one still open (the sheet). */
export const zipResumeSchema = z.object({
  time: z.number().int().min(0),
  day: z.number().int().min(0),
  entries: z.array(zipEntrySchema),
  open: zipEntrySchema,
});
export type ZipResumeState = z.infer<typeof zipResumeSchema>;

export const exportResumeSchema = z.object({
  /** The attempt whose part file holds the committed bytes. */
  attempt: z.number().int().min(1),
  /** What the attempt exported (query, parameters, withheld columns, limits): a retry that would export something else starts over. */
  fingerprint: z.string(),
  /** Data rows in the committed bytes (the header not counted). */
  rows: z.number().int().min(0),
  /** Bytes of the file committed with those rows (safe from the writer's death: FileStore's ResumableUpload.sync); 0 for a spreadsheet. */
  bytes: z.number().int().min(0),
  /** Where those bytes hold: null on disk anywhere the part is, else the machine and boot whose page cache has them. */
  scope: z.string().nullable(),
  /** The file's columns, in order (the header already written). */
  columns: z.array(z.string()),
  /** The last written row's order keys (sort columns, then tie-break) as PostgreSQL's text; the next read starts after them. */
  lastKey: z.array(z.string().nullable()),
  /** Written rows at the end whose keys all equal lastKey (1 when the tie-break is unique): a resumed read skips them. */
  ties: z.number().int().min(1),
  /** An XLSX file: the archive as far as the committed bytes (zip-stream.ts), so the next attempt goes on inside its sheet entry. */
  zip: zipResumeSchema.optional(),
  /**
   * An XLSX file: its shared strings so far, in index order (the rows' provenance cells: a few per file), written as
   * xl/sharedStrings.xml when the file ends. Absent in an archive begun without that part: its rows stay inline.
   */
  sharedStrings: z.array(z.string()).optional(),
  /** The rows this attempt took over from an earlier one when it started (absent: it started from row 1). */
  resumedFrom: z.number().int().min(0).optional(),
  /** A Google Sheets export: the spreadsheet the committed rows are in (the next attempt appends to it). */
  sheet: z.object({ spreadsheetId: z.string(), url: z.string(), sheetTitle: z.string() }).optional(),
})
  // A file's checkpoint always holds bytes (its header at least); only a spreadsheet's has none.
  .refine((point) => point.sheet !== undefined || point.bytes >= 1, { message: 'A file checkpoint holds bytes' });
export type ExportResumePoint = z.infer<typeof exportResumeSchema>;

/**
 * The checkpoint key under which a Google Sheets export records the spreadsheet it made, as soon as Google answers
 * its creation and before any row is sent: a retry goes on in it instead of making a second one, and an export that
 * ends failed or cancelled deletes it (or says where it was left).
 */
export const exportSpreadsheetCheckpoint = 'exportSpreadsheet';
export const exportSpreadsheetSchema = z.object({ spreadsheetId: z.string(), url: z.string(), sheetTitle: z.string() });
export type ExportSpreadsheet = z.infer<typeof exportSpreadsheetSchema>;
