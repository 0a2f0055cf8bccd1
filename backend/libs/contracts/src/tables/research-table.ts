import { z } from 'zod';
import { pageRequestSchema } from './pagination.js';

/**
 * What every research table endpoint takes (issue 4 item 5): the page window, a sort, a filter and the territory
 * (countryCode, added to every search-API call by the web client). The sort cycles of docs/product/site.md §9 are the
 * client's; the server receives the resulting column and direction, or none.
 */
export const tableRequestSchema = pageRequestSchema.extend({
  sort: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,40}$/, 'The sort column is not valid.').optional(),
  sortDirection: z.enum(['asc', 'desc'], { message: 'The sort direction must be asc or desc.' }).optional(),
  /** Free text matched against the table's main text column (keyword, domain or URL), case-insensitive. */
  filter: z.string().trim().max(200, 'The filter is at most 200 characters.').optional(),
  /** Where empty values go when sorting: 'high' puts them first in a descending sort, 'low' last (docs/product/site.md §9). */
  emptyValues: z.enum(['high', 'low']).optional(),
});
export type TableRequest = z.infer<typeof tableRequestSchema>;

/** Who is looking, for withholding paid data on the server (docs/product/site.md §6). */
export const viewerSchema = z.enum(['visitor', 'free', 'full']);
export type Viewer = z.infer<typeof viewerSchema>;

/** Rows a viewer sees in full per table query; the rest of the page comes back locked (no data). */
export const visibleRowAllowance: Record<Viewer, number> = { visitor: 10, free: 25, full: Number.POSITIVE_INFINITY };

/** The lock overlay texts and where they link (docs/product/site.md §6, docs/product/account-exports-reports.md §2). */
export const lockOverlay = {
  visitor: { text: 'Log in to see all results', link: '/auth/login' },
  free: { text: 'Unlock all the data', link: '/mainpurchase' },
} as const;

/** A row the viewer may not see: only its position in the table is sent. */
export const lockedRowSchema = z.object({ locked: z.literal(true), rowNumber: z.int() });
export type LockedRow = z.infer<typeof lockedRowSchema>;

/** What every page of a research table carries beside its rows (the answer's schema; TablePage adds the typed rows). */
export const tablePageFieldsSchema = z.object({
  /** Rows matching the request (before paging). */
  totalRows: z.int().min(0).describe('Rows matching the request, before paging.'),
  startRow: z.int().min(1),
  pageSize: z.int().min(1),
  viewer: viewerSchema.describe('The plan class the rows were cut for.'),
  /** Rows of this page sent as LockedRow. */
  lockedRows: z.int().min(0),
  /** Columns whose values were withheld (sent as null) for this viewer. */
  throttledColumns: z.array(z.string()).describe('Columns withheld (null) for the viewer’s plan.'),
  lock: z.object({ text: z.string(), link: z.string() }).nullable(),
});

export type TablePage<Row> = z.infer<typeof tablePageFieldsSchema> & { rows: (Row | LockedRow)[] };

/**
 * One page of a research table with its rows described column by column: the row's own schema (paid columns null
 * for a viewer whose plan does not show them), a locked row in its place past the allowance, and the table's answer
 * fields after the page (`answerFields` when the table has its own, e.g. kombat's Venn; the rest left open).
 */
export function researchTablePageOf(row: z.ZodObject, paidColumns: readonly string[], answerFields?: z.ZodObject): z.ZodObject {
  const withheld = Object.fromEntries(paidColumns.filter((column) => column in row.shape).map((column) => [column, (row.shape[column] as z.ZodType).nullable()]));
  return tablePageFieldsSchema
    .extend({
      rows: z
        .array(z.union([lockedRowSchema, row.extend(withheld)]))
        .describe('The rows of the page; a row past the plan’s allowance is { "locked": true, "rowNumber": n }. Paid columns are null for a plan that does not show them.'),
      ...answerFields?.shape,
    })
    .loose();
}

export const isLockedRow = <Row>(row: Row | LockedRow): row is LockedRow =>
  typeof row === 'object' && row !== null && (row as LockedRow).locked === true;

/**
 * Every research table, by the path of its endpoint under /rest/research/: the catalogue's ids
 * (@serpwise/research catalogue/), and the `table` an export names.
 */
export const researchTableIds = [
  'seo/competitors',
  'seo/kombat',
  'seo/keywords',
  'seo/ranking-history',
  'seo/top-pages',
  'seo/backlinks',
  'outreach/top-domains',
  'outreach/keyword-list',
  'outreach/custom-list',
  'outreach/leads',
  'ppc/competitors',
  'ppc/kombat',
  'ppc/keywords',
  'ppc/ad-history',
  'ppc/adwords-advisor',
  'ppc/ad-templates',
  'keyword/related',
  'keyword/ad-history',
  'keyword/ranking-history',
  'keyword/serp-analysis',
  'keyword/backlinks',
  'keyword/adwords-advisor',
] as const;
export type ResearchTableId = (typeof researchTableIds)[number];
