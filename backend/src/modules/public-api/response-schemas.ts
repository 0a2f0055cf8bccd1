import { z } from 'zod';

/**
 * What the public API answers, as zod schemas: the OpenAPI document is generated from these (and the requests' own
 * schemas), and the integration test checks every answer against the generated document.
 */

const nullableNumber = z.number().nullable();

/**
 * One page of a research table, as the screens get it: the rows the key owner's plan may see (paid columns null,
 * rows past the allowance sent as { locked, rowNumber }), then the table's own answer fields (month, query …).
 */
export const tablePageSchema = z.looseObject({
  rows: z.array(z.record(z.string(), z.unknown())).describe('The rows of the page; a row past the plan’s allowance is { "locked": true, "rowNumber": n }.'),
  totalRows: z.int().min(0).describe('Rows matching the request, before paging.'),
  startRow: z.int().min(1),
  pageSize: z.int().min(1),
  viewer: z.enum(['visitor', 'free', 'full']).describe('The plan class the rows were cut for.'),
  lockedRows: z.int().min(0),
  throttledColumns: z.array(z.string()).describe('Columns withheld (null) for the key owner’s plan.'),
  lock: z.object({ text: z.string(), link: z.string() }).nullable(),
});

/** A domain's month: organic and paid numbers; money figures null when the plan does not show them. */
const domainMonthSchema = z.looseObject({
  month: z.string(),
  paidKeywords: z.number(),
  paidClicks: nullableNumber,
  budget: nullableNumber,
});

export const domainOverviewResponseSchema = z.object({
  domain: z.string(),
  territory: z.string(),
  month: z.string().nullable().describe('The newest month with data; null when the domain has none in the territory.'),
  latest: domainMonthSchema.nullable(),
  isDemoData: z.boolean().describe('True while the installation shows the generated demo market.'),
});

export const domainHistoryResponseSchema = z.object({
  domain: z.string(),
  territory: z.string(),
  history: z.array(domainMonthSchema).describe('Oldest first, one point per month the domain had data.'),
});

const urlMonthSchema = z.looseObject({ month: z.string() });
export const urlOverviewResponseSchema = z.looseObject({
  url: z.string(),
  domain: z.string(),
  territory: z.string(),
  month: z.string().nullable(),
  latest: urlMonthSchema.nullable(),
  history: z.array(urlMonthSchema),
});

export const keywordOverviewResponseSchema = z.object({
  keyword: z.string(),
  territory: z.string(),
  wasQueryFound: z.boolean(),
  month: z.string().nullable(),
  volume: nullableNumber,
  volumeHistory: z.array(z.object({ month: z.string(), volume: nullableNumber })),
  cpc: nullableNumber.describe('Null when the plan does not show money figures.'),
  difficulty: nullableNumber,
  competition: nullableNumber,
  resultCount: nullableNumber,
  isQuestion: z.boolean(),
  isTransactional: z.boolean(),
  organic: z.array(z.object({ position: z.number(), domain: z.string(), url: z.string(), title: z.string().nullable(), clicks: nullableNumber })),
  advertisers: z.array(
    z.object({ position: z.number(), domain: z.string(), headline: z.string(), body: z.string(), displayUrl: z.string(), paidClicks: nullableNumber }),
  ),
});

export const projectsResponseSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      projectName: z.string(),
      primaryDomainName: z.string(),
      territory: z.string(),
      keywordCount: z.number(),
      groupCount: z.number(),
      linkCount: z.number(),
      createdAt: z.string(),
    }),
  ),
});

export const trackedKeywordsResponseSchema = z.object({
  keywords: z.array(
    z.object({
      termId: z.number(),
      keyword: z.string(),
      monthlySearches: nullableNumber,
      costPerClick: nullableNumber,
      rankingDifficulty: nullableNumber,
      currentRank: nullableNumber,
      previousRank: nullableNumber,
      rankChange: nullableNumber,
      clickChange: nullableNumber,
      groupsCsv: z.string(),
      groupCount: z.number(),
      labelsCsv: z.string(),
      labelCount: z.number(),
      addedAt: z.string(),
    }),
  ),
  totalRowCount: z.int().min(0),
  month: z.string().nullable(),
  comparedTo: z.string().nullable(),
  projectDomain: z.string(),
});
