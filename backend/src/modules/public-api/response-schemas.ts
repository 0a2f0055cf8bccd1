import { domainOverviewAnswerSchema, keywordOverviewAnswerSchema, researchTablePageSchema, urlOverviewAnswerSchema } from '@serpwise/contracts';
import { z } from 'zod';

/**
 * What the public API answers, as zod schemas: the OpenAPI document is generated from these (and the requests' own
 * schemas), and the integration test checks every answer against the generated document.
 */

const nullableNumber = z.number().nullable();

/**
 * One page of a research table, as the screens get it (the same schema as the internal API's): the rows the key
 * owner's plan may see (paid columns null, rows past the allowance sent as { locked, rowNumber }), then the table's
 * own answer fields (month, query …).
 */
export const tablePageSchema = researchTablePageSchema;

/** The screens' domain overview, cut in two calls: the newest month, and the history. */
export const domainOverviewResponseSchema = domainOverviewAnswerSchema.pick({ domain: true, territory: true, month: true, latest: true, isDemoData: true });
export const domainHistoryResponseSchema = domainOverviewAnswerSchema.pick({ domain: true, territory: true, history: true });

export const urlOverviewResponseSchema = urlOverviewAnswerSchema;
export const keywordOverviewResponseSchema = keywordOverviewAnswerSchema;

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
