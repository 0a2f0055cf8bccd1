import { z } from 'zod';
import { exportFormats, exportScopes } from '../jobs/export.job.js';
import { jobStatusSchema } from '../jobs/job-status.js';
import { hasFullPlan } from '../accounts/roles.js';
import { defaultMaxExportRows, type ProductAllowance } from '../accounts/user-state.js';
import { visibleRowAllowance } from '../tables/research-table.js';

/**
 * POST /rest/exports: export every row of a research table (not the page on screen) with the request's sort and
 * filter. `table` is the path of the table's endpoint under /rest/research/ ("seo/keywords"); `params` are the
 * query parameters the table was read with (countryCode, sort, filter …; paging ones are ignored).
 * scope 'full' asks for every row and is refused over the plan's allowance; 'partial' stops at the allowance
 * (docs/product/account-exports-reports.md §4 keyword export: Partial, limited by plan, or Full).
 */
export const startExportSchema = z
  .object({
    table: z.string().regex(/^[a-z]+\/[a-z-]+$/, 'The table is not valid.'),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).default({}),
    format: z.enum(exportFormats, { message: 'The format must be csv, xlsx or sheets.' }).default('csv'),
    scope: z.enum(exportScopes, { message: 'The scope must be full or partial.' }).default('full'),
  })
  .strict();
export type StartExportRequest = z.input<typeof startExportSchema>;

/** POST /Endpoints/Core/ExportCsv (docs/product/account-exports-reports.md §7): rows the page already holds, as JSON text; the answer is the CSV file. */
export const exportCsvSchema = z.object({
  filename: z.string().trim().max(120, 'The file name is at most 120 characters.').default('export'),
  jsonString: z.string({ error: 'jsonString is required.' }).max(5_000_000, 'The export is too large; export the table instead.'),
});

/** The documented upsell (docs/product/account-exports-reports.md §8) when the table has more rows than the plan allows. */
export const exportUpsellMessage = (rows: number) => `Upgrade to get all ${rows.toLocaleString('en-US')} rows.`;

export const exportMessages = {
  notFound: 'Export not found.',
  unknownTable: 'That table cannot be exported.',
  notReady: 'The export is not ready yet.',
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired. Open your exports to get a new one.',
  fileRemoved: 'This export was removed after its retention period. Export the table again.',
  notCancellable: 'This export has already finished.',
  badJson: 'jsonString must be a JSON array of rows.',
} as const;

/** An export job as its owner sees it: the job status plus what was exported and, once ready, a signed link. */
export const exportFactsSchema = z.object({
  table: z.string(),
  /** The table's parameters as asked (subject, territory, month, sort, filters): its row's words, and "Run again" posts them back. */
  params: z.record(z.string(), z.unknown()),
  format: z.enum(exportFormats),
  scope: z.enum(exportScopes),
  /** The table's rows when asked, and the most the file will hold (null: no limit). */
  tableRows: z.number(),
  rowLimit: z.number().nullable(),
  /** Once completed and until the file is removed: a link only this user can use, valid until linkExpiresAt. */
  downloadUrl: z.string().nullable(),
  /** A finished Google Sheets export: the spreadsheet's address. */
  spreadsheetUrl: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  /** When the finished file is removed (EXPORT_FILE_TTL_HOURS after it finished). */
  fileExpiresAt: z.string().nullable(),
  /**
   * A running export that went on from the rows an earlier, stopped attempt committed (issue 21 item 4): those rows.
   * Null when it started from row 1, and once it ended. Absent from older servers' answers.
   */
  resumedFrom: z.number().nullable().optional(),
});
export const exportStatusSchema = jobStatusSchema.extend({ export: exportFactsSchema });
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/**
 * The export row allowance of a plan (docs/product/account-exports-reports.md §6): full plans export up to EXPORT_MAX_ROWS (default 500,000) rows, recon
 * plans without limit; other users cannot export (maxExportRows 0).
 */
export function exportAllowanceOf(planRoles: readonly string[], maxExportRows = defaultMaxExportRows): ProductAllowance {
  if (!hasFullPlan(planRoles)) return { maxExportRows: 0, hasUnlimitedExportRows: false };
  return { maxExportRows, hasUnlimitedExportRows: planRoles.includes('recon_full') };
}

/**
 * The most rows one export of this plan may hold (null: no limit), decided here for every export: the API's table
 * exports before a job is recorded, the page exports (ExportCsv, ExportGoogleSheets), and the worker again when the
 * job runs, as the plan stands then. Only full plans may ask for an export; a plan that lapsed between the request
 * and the run exports what a table shows a free user.
 */
export function exportRowLimitOf(planRoles: readonly string[], maxExportRows = defaultMaxExportRows): number | null {
  if (!hasFullPlan(planRoles)) return visibleRowAllowance.free;
  const allowance = exportAllowanceOf(planRoles, maxExportRows);
  return allowance.hasUnlimitedExportRows ? null : allowance.maxExportRows;
}
