import { countryCodeSchema, hostOfText, kombatSegments, paidSearchTypes, recommendationTypes, relatedKeywordTypes, tableRequestSchema } from '@serpwise/contracts';
import { z } from 'zod';
import { keywordBacklinksTable } from '../keyword/keyword-backlinks.js';
import { keywordRankingHistoryTable } from '../keyword/keyword-ranking-history.js';
import { relatedKeywordsTable } from '../keyword/related-keywords.js';
import { serpAnalysisTable } from '../keyword/serp-analysis.js';
import { adHistorySortNames } from '../ppc/ad-history.js';
import { adTemplatesTable } from '../ppc/ad-templates.js';
import { advisorTable } from '../ppc/adwords-advisor.js';
import { ppcCompetitorsTable } from '../ppc/ppc-competitors.js';
import { ppcKeywordsTable } from '../ppc/ppc-keywords.js';
import { ppcKombatTable } from '../ppc/ppc-kombat.js';
import { keywordOfSearch } from '../search/query-classifier.js';
import { sortNames } from '../tables/index.js';

/**
 * Request schemas of the PPC and keyword research tables (docs/research-data.md, "PPC and keyword research tables").
 * They live here, beside the queries, so the API endpoints and the export worker validate a table's parameters alike.
 */

export const domainQuerySchema = z
  .string({ error: 'query is required: a domain name.' })
  .trim()
  .min(1, 'query is required: a domain name.')
  .max(253, 'The domain name is too long.')
  .transform((text, context) => {
    const host = hostOfText(text);
    if (host) return host;
    context.addIssue({ code: 'custom', message: `"${text}" is not a domain name.` });
    return z.NEVER;
  });

/** Longest keyword accepted (Google Ads allows 80 characters per keyword; room for long question searches). */
export const maxKeywordLength = 200;

export const keywordQuerySchema = z
  .string({ error: 'query is required: a keyword.' })
  .transform((text) => keywordOfSearch(text))
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
export const tableSchema = <Shape extends z.ZodRawShape>(names: readonly string[], shape: Shape) =>
  tableRequestSchema.extend({
    sort: z.enum(names as [string, ...string[]], { message: 'The sort column is not valid.' }).optional(),
    countryCode: countryCodeSchema,
    month: monthSchema,
    ...shape,
  });

export const ppcOverviewSchema = z.object({ query: domainQuerySchema, countryCode: countryCodeSchema });
export const ppcCompetitorsSchema = tableSchema(sortNames(ppcCompetitorsTable), { query: domainQuerySchema });
export const ppcKombatSchema = tableSchema(sortNames(ppcKombatTable(3)), {
  query: domainQuerySchema,
  competitors: z
    .string({ error: 'competitors is required: one or two domains, separated by commas.' })
    .transform((text, context) => {
      const names = text.split(',').map((part) => part.trim()).filter(Boolean);
      const hosts = names.map((name) => hostOfText(name));
      const bad = names.find((_, index) => !hosts[index]);
      if (bad !== undefined) context.addIssue({ code: 'custom', message: `"${bad}" is not a domain name.` });
      else if (hosts.length < 1 || hosts.length > 2) context.addIssue({ code: 'custom', message: 'Kombat compares 2 or 3 domains: give one or two competitors.' });
      return hosts as string[];
    }),
  segment: z.enum(kombatSegments.paid, { message: `segment must be one of ${kombatSegments.paid.join(', ')}.` }).default('all'),
});
export const ppcKeywordsSchema = tableSchema(sortNames(ppcKeywordsTable('mostsuccessful')), {
  query: domainQuerySchema,
  type: z.enum(paidSearchTypes, { message: `type must be one of ${paidSearchTypes.join(', ')}.` }).default('mostsuccessful'),
});
export const ppcAdHistorySchema = tableSchema(adHistorySortNames.domain, { query: domainQuerySchema, months: historyMonthsSchema });
export const ppcAdvisorSchema = tableSchema(sortNames(advisorTable), {
  query: domainQuerySchema,
  type: z.enum(recommendationTypes, { message: `type must be one of ${recommendationTypes.join(', ')}.` }).default('buy'),
});
export const ppcAdTemplatesSchema = tableSchema(sortNames(adTemplatesTable), { query: keywordQuerySchema });

export const keywordOverviewSchema = z.object({ query: keywordQuerySchema, countryCode: countryCodeSchema, month: monthSchema });
export const keywordRelatedSchema = tableSchema(sortNames(relatedKeywordsTable), {
  query: keywordQuerySchema,
  type: z.enum(relatedKeywordTypes, { message: `type must be one of ${relatedKeywordTypes.join(', ')}.` }).default('similar'),
});
export const keywordAdHistorySchema = tableSchema(adHistorySortNames.keyword, { query: keywordQuerySchema, months: historyMonthsSchema });
export const keywordRankingHistorySchema = tableSchema(sortNames(keywordRankingHistoryTable([])), { query: keywordQuerySchema, months: historyMonthsSchema });
export const keywordSerpSchema = tableSchema(sortNames(serpAnalysisTable), { query: keywordQuerySchema });
export const keywordBacklinksSchema = tableSchema(sortNames(keywordBacklinksTable), { query: keywordQuerySchema });
export const keywordAdvisorSchema = tableSchema(sortNames(advisorTable), {
  query: keywordQuerySchema,
  type: z.enum(recommendationTypes, { message: `type must be one of ${recommendationTypes.join(', ')}.` }).default('buy'),
});
