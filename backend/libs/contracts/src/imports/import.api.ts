import { z } from 'zod';
import { importDeletionStatusSchema } from '../jobs/import-delete.job.js';
import { jobStatusSchema } from '../jobs/job-status.js';
import { territoryCodes } from '../research/territories.js';

/** The file kinds a user can import. */
export const importFormats = ['gsc', 'keyword-planner', 'organic-positions', 'serp'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importFormatLabels: Record<ImportFormat, string> = {
  gsc: 'Google Search Console Performance export (ZIP or Queries.csv)',
  'keyword-planner': 'Google Ads Keyword Planner download',
  'organic-positions': 'Organic Positions export (SEO tool)',
  serp: 'SERP file (CSV or JSON lines) or a Serpwise history export',
};

/** The largest file an upload may carry (bytes). A million SERP rows is about 150 MB of CSV. */
export const importMaxBytes = 1024 * 1024 * 1024;

/** How much of a text file the form sends to be inspected (its head: the header and the lines before it). */
export const importInspectHeadBytes = 512 * 1024;
/** A ZIP is inspected whole (its tables are spread through it) up to this size; Search Console's are a few hundred KB. */
export const importInspectZipBytes = 64 * 1024 * 1024;


const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.');
const optionalDay = z
  .union([isoDay, z.literal('')])
  .transform((text) => text || null)
  .nullable()
  .default(null);

/**
 * The form fields sent with the file (multipart/form-data, before the `file` field): the format it claims to be,
 * the territory of its searches, and what the file may not say itself (the site's domain of a Search Console
 * export, the date of a SERP file without a date column).
 */
export const startImportSchema = z.object({
  format: z.enum(importFormats, { message: 'Choose what kind of file this is.' }),
  territory: z
    .string()
    .trim()
    .toUpperCase()
    .transform((code) => (code === 'GB' ? 'UK' : code))
    .pipe(z.enum(territoryCodes, { message: 'The territory is not supported.' }))
    .default('US'),
  domain: z
    .string()
    .trim()
    .max(253)
    .transform((text) => text || null)
    .nullable()
    .default(null),
  date: optionalDay,
  /** The first and last day of the data, for a file that covers a range and does not say it (Search Console's Queries.csv alone). */
  dateFrom: optionalDay,
  dateTo: optionalDay,
}).refine((options) => !options.dateFrom || !options.dateTo || options.dateFrom <= options.dateTo, {
  message: 'The first day of the range must not be after its last day.',
  path: ['dateFrom'],
});
export type StartImportRequest = z.input<typeof startImportSchema>;
export type ImportOptionsInput = z.output<typeof startImportSchema>;

export const importMessages = {
  notFound: 'Import not found.',
  noFile: 'Choose a file to import.',
  tooLarge: `The file is too large: at most ${importMaxBytes / 1024 / 1024 / 1024} GB.`,
  stillRunning: 'The import is still running. Delete it once it has finished.',
  notCancellable: 'This import has already finished.',
  noErrors: 'This import has no rejected rows.',
  formatFirst: 'Send the format and territory fields before the file.',
  inspectTooLarge: `Send the first 512 KB of a text file to inspect it, or a ZIP of at most ${importInspectZipBytes / 1024 / 1024} MB.`,
  /** An import whose every row was rejected ends failed with the most common reason (docs/product/imports.md). */
  noRowImported: (most: number, read: number, problem: string) =>
    `No row could be imported: ${most.toLocaleString('en-US')} of ${read.toLocaleString('en-US')} rows: ${problem}`,
  noRows: 'No row could be imported: the file has no rows after its header.',
} as const;

/**
 * How a Search Console export's totals were shared out over the months of its range (docs/decisions.md, issue 19):
 * by the export's daily table, evenly by the days of each month, or not at all (the range is one month).
 */
export const importSpreads = ['daily', 'even', 'single-month'] as const;
export type ImportSpread = (typeof importSpreads)[number];

/** Where a running import's reading stands: rows of the file read and rejected so far, and the bytes read. */
export const importReadingSchema = z.object({ rows: z.number(), rejected: z.number(), bytes: z.number() });
export type ImportReading = z.infer<typeof importReadingSchema>;

/** The key under which a running import keeps its reading counts in its record's result (its checkpoint). */
export const importReadingCheckpoint = 'importReading';

/** An import as its owner sees it: the job status plus the file, the counts and, once done, the error report. */
export const importFactsSchema = z.object({
  format: z.enum(importFormats),
  fileName: z.string(),
  fileBytes: z.number(),
  territory: z.string(),
  domain: z.string().nullable(),
  date: z.string().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  /**
   * While the file is read: the rows read and rejected so far and the file's bytes read (issue 21 item 5); null
   * before the first count and once finished (the counts below take over). Absent from older records' events.
   */
  reading: importReadingSchema.nullable().optional(),
  /** The counts once finished (null while running; `reading` carries the live count). */
  rowsRead: z.number().nullable(),
  rowsLanded: z.number().nullable(),
  rowsDuplicate: z.number().nullable(),
  rowsRejected: z.number().nullable(),
  /** How a Search Console export was spread over its months (null for other formats, and while running). */
  spread: z.enum(importSpreads).nullable(),
  /** The months that received rows (YYYY-MM-DD, first days), once finished. */
  months: z.array(z.string()).nullable(),
  /** The CSV of rejected rows (line, reason), when there were any. */
  errorReportUrl: z.string().nullable(),
  /**
   * What a finished import brought, for links to the research pages that show it: the site most of its results are
   * of, its keyword with the most searches (a Keyword Planner file), the newest month it landed; null while running.
   */
  brought: z.object({ site: z.string().nullable(), keyword: z.string().nullable(), month: z.string().nullable() }).nullable(),
});

export const importStatusSchema = jobStatusSchema.extend({
  import: importFactsSchema,
  /** Its deletion while it runs, or the last one when it failed or was cancelled (list and status only; issue 19). */
  deletion: importDeletionStatusSchema.nullable().optional(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The columns of a SERP file and of the full-history export (which is a SERP file, so it imports back as one). */
export const serpFileColumns = ['keyword', 'territory', 'date', 'position', 'url', 'title', 'volume', 'cpc', 'competition', 'difficulty', 'clicks', 'impressions', 'site'] as const;

/** A detail the user may have to give with a file: what the file does not say itself. */
export const importDetails = ['site', 'date', 'dateRange', 'territory'] as const;
export type ImportDetail = (typeof importDetails)[number];

/** The form fields of POST /rest/imports/inspect (multipart/form-data, before the `file` part: the head of the file, or a whole ZIP). */
export const inspectImportFieldsSchema = z.object({
  format: z.enum(importFormats, { message: 'Choose what kind of file this is.' }),
  /** The whole file's size, when the browser sends only its head; absent, what is sent is the whole file. */
  fileSize: z.coerce.number().int().min(0).optional(),
});

/**
 * What the import form learns from the head of a file before the upload (POST /rest/imports/inspect): the details
 * this file needs from the user, the values the file itself gives (to pre-fill the form), and a refusal in words when
 * the file is not of the chosen format.
 */
export const importInspectionSchema = z.object({
  format: z.enum(importFormats),
  /** The details the form must ask for (the rest are hidden). */
  needs: z.array(z.enum(importDetails)),
  /** What the file says itself: pre-filled in the form, and used when the user leaves them. */
  found: z.object({
    site: z.string().nullable().optional(),
    date: z.string().nullable().optional(),
    dateFrom: z.string().nullable().optional(),
    dateTo: z.string().nullable().optional(),
    territory: z.string().nullable().optional(),
  }),
  /** Why the file cannot be imported as this format; null when it can. */
  problem: z.string().nullable(),
});
export type ImportInspection = z.infer<typeof importInspectionSchema>;

/**
 * The words for a detail a file needs and the request did not give: the API's 400 and the job's failure say them,
 * the form asks for the detail instead (docs/product/imports.md).
 */
export function importDetailMissing(format: ImportFormat, detail: ImportDetail): string {
  switch (detail) {
    case 'site':
      return 'The file does not say which site it is about: give the site\'s domain (domain).';
    case 'dateRange':
      return 'The file does not say the dates of its data: give its first and last day (dateFrom, dateTo).';
    case 'date':
      return format === 'keyword-planner'
        ? 'The file has no monthly columns and does not say its date range: give the month of its data (date).'
        : 'The file has no date column: give the date of its results (date).';
    case 'territory':
      return 'Choose the territory of the searches (territory).';
  }
}

/** The first need of `inspection` that `options` leave unanswered, in words; null when every need is met. */
export function unmetImportDetail(
  inspection: Pick<ImportInspection, 'format' | 'needs'>,
  options: { domain?: string | null; date?: string | null; dateFrom?: string | null; dateTo?: string | null; territory?: string | null },
): string | null {
  const given: Record<ImportDetail, boolean> = {
    site: Boolean(options.domain),
    date: Boolean(options.date),
    dateRange: Boolean(options.dateFrom && options.dateTo),
    territory: Boolean(options.territory),
  };
  const unmet = inspection.needs.find((detail) => !given[detail]);
  return unmet ? importDetailMissing(inspection.format, unmet) : null;
}
