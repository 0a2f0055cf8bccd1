import { z } from 'zod';
import type { JobStatus } from '../jobs/job-status.js';
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

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.');

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
  date: z
    .union([isoDay, z.literal('')])
    .transform((text) => text || null)
    .nullable()
    .default(null),
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
} as const;

/** An import as its owner sees it: the job status plus the file, the counts and, once done, the error report. */
export interface ImportStatus extends JobStatus {
  import: {
    format: ImportFormat;
    fileName: string;
    fileBytes: number;
    territory: string;
    domain: string | null;
    date: string | null;
    /** The counts once finished (null while running; the status message carries the live count). */
    rowsRead: number | null;
    rowsLanded: number | null;
    rowsDuplicate: number | null;
    rowsRejected: number | null;
    /** The CSV of rejected rows (line, reason), when there were any. */
    errorReportUrl: string | null;
  };
}

/** The columns of a SERP file and of the full-history export (which is a SERP file, so it imports back as one). */
export const serpFileColumns = ['keyword', 'territory', 'date', 'position', 'url', 'title', 'volume', 'cpc', 'competition', 'difficulty', 'clicks', 'impressions'] as const;
