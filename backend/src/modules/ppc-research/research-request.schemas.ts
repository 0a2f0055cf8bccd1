import { countryCodeSchema, tableRequestSchema, type TablePage, type Viewer } from '@serpwise/contracts';
import { normaliseHost, normaliseTerm, withholdPage } from '@serpwise/research';
import type { Request } from 'express';
import { z } from 'zod';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';

/** Request parts shared by the PPC and keyword research endpoints (docs/research-data.md, "PPC and keyword research tables"). */

const hostOf = (text: string) => normaliseHost(text.trim().replace(/^https?:\/\//i, '').split('/')[0]!);

export const domainQuerySchema = z
  .string({ error: 'query is required: a domain name.' })
  .trim()
  .min(1, 'query is required: a domain name.')
  .max(253, 'The domain name is too long.')
  .transform((text, context) => {
    const host = hostOf(text);
    if (host) return host;
    context.addIssue({ code: 'custom', message: `"${text}" is not a domain name.` });
    return z.NEVER;
  });

/** Longest keyword accepted (Google Ads allows 80 characters per keyword; room for long question searches). */
export const maxKeywordLength = 200;

export const keywordQuerySchema = z
  .string({ error: 'query is required: a keyword.' })
  .transform((text) => normaliseTerm(text))
  .pipe(
    z
      .string()
      .min(1, 'query is required: a keyword.')
      .max(maxKeywordLength, `A keyword is at most ${maxKeywordLength} characters.`)
      // eslint-disable-next-line no-control-regex
      .refine((term) => !/[\u0000-\u001f\u007f]/.test(term), 'A keyword cannot contain control characters.'),
  );

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be written YYYY-MM.')
  .optional();

/** How many months a history table shows, ending at the month (default 12). */
export const historyMonthsSchema = z.coerce.number().int().min(1, 'months must be 1 to 24.').max(24, 'months must be 1 to 24.').default(12);

/** A table request: page window, filter, one of the table's sort names, territory and month. */
export const tableSchema = <Shape extends z.ZodRawShape>(sortNames: readonly string[], shape: Shape) =>
  tableRequestSchema.extend({
    sort: z.enum(sortNames as [string, ...string[]], { message: 'The sort column is not valid.' }).optional(),
    countryCode: countryCodeSchema,
    month: monthSchema,
    ...shape,
  });

export const viewerOfRequest = (request: Request): Viewer => viewerOf(identityOf(request));

export interface ResearchTableAnswer<Row> extends TablePage<Row> {
  query: string;
  territory: string;
  /** The month the numbers are for ('YYYY-MM-DD'); null when the territory has no data. */
  month: string | null;
  /** false when the warehouse does not know the domain or keyword (then rows is empty). */
  wasQueryFound: boolean;
}

export function tableAnswer<Row extends object>(input: {
  table: { rows: Row[]; totalRows: number };
  request: { startRow: number; pageSize: number };
  viewer: Viewer;
  paidColumns: readonly (keyof Row & string)[];
  query: string;
  territory: string;
  month: string | null;
  wasQueryFound: boolean;
}): ResearchTableAnswer<Row> {
  const page = withholdPage({ rows: input.table.rows, totalRows: input.table.totalRows, startRow: input.request.startRow, pageSize: input.request.pageSize, viewer: input.viewer, paidColumns: input.paidColumns });
  return { ...page, query: input.query, territory: input.territory, month: input.month, wasQueryFound: input.wasQueryFound };
}

export const emptyTable = { rows: [], totalRows: 0 };
