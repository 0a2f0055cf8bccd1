import { domainOverviewAnswerSchema, keywordOverviewAnswerSchema, projectSummarySchema, urlOverviewAnswerSchema } from '@serpwise/contracts';
import { z } from 'zod';

/**
 * What the public API answers, as zod schemas: the OpenAPI document is generated from these (and the requests' own
 * schemas), and the integration test checks every answer against the generated document.
 */

const nullableNumber = z.number().nullable();

/* A research table's page is the catalogue's (researchTablePageSchemaOf in @serpwise/research): rows column by column. */

/** The screens' domain overview, cut in two calls: the newest month, and the history. */
export const domainOverviewResponseSchema = domainOverviewAnswerSchema.pick({ domain: true, territory: true, month: true, latest: true, isDemoData: true });
export const domainHistoryResponseSchema = domainOverviewAnswerSchema.pick({ domain: true, territory: true, history: true });

export const urlOverviewResponseSchema = urlOverviewAnswerSchema;
export const keywordOverviewResponseSchema = keywordOverviewAnswerSchema;

export const projectsResponseSchema = z.object({ projects: z.array(projectSummarySchema) });

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
