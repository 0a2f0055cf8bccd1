import { z } from 'zod';
import { keywordCountAnswerSchema, projectSummarySchema } from '../projects/index.js';

/** GET /rest/hq/dashboard: the campaign dashboard of /hq (docs/product/site.md §2). */
export const hqDashboardSchema = z.object({
  projects: z.array(projectSummarySchema),
  reconReports: z.array(
    z.object({ id: z.string(), type: z.enum(['seo', 'ppc']), name: z.string(), primaryDomain: z.string(), territory: z.string(), keywordCount: z.number(), competitorCount: z.number() }),
  ),
  /** Tracked keywords against the allowance (the keyword count widget's numbers). */
  keywords: keywordCountAnswerSchema,
  /** The current billing period of the account's subscription; null without one. */
  billing: z
    .object({
      plan: z.string(),
      billing: z.string(),
      status: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      daysLeft: z.number(),
      daysInPeriod: z.number(),
    })
    .nullable(),
});
export type HqDashboard = z.infer<typeof hqDashboardSchema>;

/** GET /rest/projects/competitors: each project with its organic competitors in the newest month. */
export const competitorProjectSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  primaryDomainName: z.string(),
  territory: z.string(),
  month: z.string().nullable(),
  competitors: z.array(z.object({ domain: z.string(), commonKeywords: z.number(), organicKeywords: z.number(), organicClicks: z.number() })),
});
export type CompetitorProject = z.infer<typeof competitorProjectSchema>;
