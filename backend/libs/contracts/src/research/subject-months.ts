import { z } from 'zod';
import { importFormats, type ImportFormat } from '../imports/import.api.js';

/**
 * GET /rest/research/months: the months a research subject (a domain or a keyword) has data for in a territory, as
 * the viewer sees them — installation data and their own imports — and, per month, which of the viewer's own
 * imports its figures come from (docs/decisions.md, "Issue 19: imported data shows where users look").
 */
export const subjectMonthSchema = z.object({
  /** YYYY-MM-DD, the month's first day. */
  month: z.string(),
  /** The kinds of file of the viewer's own imports behind the month's figures; empty: installation data only. */
  own: z.array(z.enum(importFormats)),
});
export type SubjectMonth = z.infer<typeof subjectMonthSchema>;

export const subjectMonthsAnswerSchema = z.object({
  /** Oldest first. */
  months: z.array(subjectMonthSchema),
  /** The newest of them (what the research pages show when no month is asked for); null: no data. */
  latest: z.string().nullable(),
  /**
   * A keyword's current numbers (volume, CPC …, whatever month a page shows) when they are the viewer's own: the
   * month and kind of import they come from; null when they are the installation's (and always for a domain).
   */
  numbers: subjectMonthSchema.nullable(),
});
export type SubjectMonthsAnswer = z.infer<typeof subjectMonthsAnswerSchema>;

/** The short names the pages give each kind of import ("Your data: Search Console, Nov 2024"). */
export const importSourceNames: Record<ImportFormat, string> = {
  gsc: 'Search Console',
  'keyword-planner': 'Keyword Planner',
  'organic-positions': 'Organic Positions',
  serp: 'SERP file',
};
