import type { KeywordCountAnswer } from '../projects/index.js';
import type { ProjectSummary } from '../projects/index.js';

/** GET /rest/hq/dashboard: the campaign dashboard of /hq (docs/product/site.md §2). */
export interface HqDashboard {
  projects: ProjectSummary[];
  reconReports: { id: string; type: 'seo' | 'ppc'; name: string; primaryDomain: string; territory: string; keywordCount: number; competitorCount: number }[];
  /** Tracked keywords against the allowance (the keyword count widget's numbers). */
  keywords: KeywordCountAnswer;
  /** The current billing period of the account's subscription; null without one. */
  billing: {
    plan: string;
    billing: string;
    status: string;
    periodStart: string;
    periodEnd: string;
    daysLeft: number;
    daysInPeriod: number;
  } | null;
}

/** GET /rest/projects/competitors: each project with its organic competitors in the newest month. */
export interface CompetitorProject {
  projectId: string;
  projectName: string;
  primaryDomainName: string;
  territory: string;
  month: string | null;
  competitors: { domain: string; commonKeywords: number; organicKeywords: number; organicClicks: number }[];
}
