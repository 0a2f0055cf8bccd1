/**
 * The rows and answers of the PPC and keyword research tables (/rest/research/ppc/*, /rest/research/keyword/*),
 * as the web client reads them; formulas and definitions in docs/research-data.md ("PPC and keyword research
 * tables"). The query modules in @serpwise/research build rows of the same shape.
 */
import { z } from 'zod';
import { kombatSegments, type PaidKombatSegment, type RecommendationType, type RelatedKeywordType, type PaidSearchType } from './enumerations.js';
import { researchTablePageSchema, type TablePage } from '../tables/research-table.js';
import { organicMonthPointSchema } from './seo-research.js';

/** Every PPC / keyword table answer: the withheld page plus the query, territory, month and whether it was found. */
export type PpcKeywordTable<Row> = TablePage<Row> & { query: string; territory: string; month: string | null; wasQueryFound: boolean };

export const ppcMonthPointSchema = z.object({
  month: z.string(),
  /** Distinct keywords the domain's ads showed for that month. */
  paidKeywords: z.number(),
  /** Σ estimated paid clicks (volume × paid CTR(position)); withheld (null) for visitors and free users. */
  paidClicks: z.number().nullable(),
  /** Withheld (null) for visitors and free users. */
  budget: z.number().nullable(),
});
export type PpcMonthPoint = z.infer<typeof ppcMonthPointSchema>;

/** GET /rest/research/ppc/overview. */
export const ppcOverviewAnswerSchema = z.object({
  domain: z.string(),
  territory: z.string(),
  wasQueryFound: z.boolean(),
  /** The newest month of the domain's paid history; null when it never advertised in the territory. */
  month: z.string().nullable(),
  latest: ppcMonthPointSchema.nullable(),
  /** Distinct ad texts shown in the newest month. */
  adCopies: z.number(),
  /** Oldest first, every month the domain has a domain_month row in the territory (0 when it did not advertise). */
  history: z.array(ppcMonthPointSchema),
});
export type PpcOverviewAnswer = z.infer<typeof ppcOverviewAnswerSchema>;

export interface PpcCompetitorRow {
  domain: string;
  /** Keywords both domains bought in the month. */
  commonKeywords: number;
  /** Jaccard overlap of the two paid keyword sets, 0–1. */
  competitionLevel: number;
  paidKeywords: number;
  paidClicks: number | null;
  budget: number | null;
}

export interface PpcKombatRow {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  /** Best ad position of each domain, in the order given; null = did not buy it. */
  positions: (number | null)[];
  /** Estimated paid clicks of each domain, same order; withheld for visitors and free users. */
  paidClicks: (number | null)[] | null;
}

export const ppcKombatExtraSchema = z.object({
  domains: z.array(z.string()),
  missingDomains: z.array(z.string()),
  venn: z.object({
    regions: z.array(z.object({ domains: z.array(z.string()), keywords: z.int() })),
    segments: z.record(z.enum(kombatSegments.paid), z.int()),
  }),
});
export type PpcKombatExtra = z.infer<typeof ppcKombatExtraSchema>;

/** GET /rest/research/ppc/kombat: a table page (rows open, like every research table) with the domains and the Venn. */
export const paidKombatAnswerSchema = researchTablePageSchema.extend(ppcKombatExtraSchema.shape);

export interface PpcKeywordRow {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  /** Best ad position in M. */
  position: number;
  paidClicks: number | null;
  /** paidClicks × CPC. */
  budget: number | null;
  monthsBought: number;
  firstMonth: string;
  /** The ad shown at the best position in M. */
  headline: string;
  body: string;
  displayUrl: string;
}

export interface AdHistoryAd {
  adCopyId: number;
  headline: string;
  body: string;
  displayUrl: string;
  landingPage: string;
  months: string[];
}

export interface AdHistoryRow {
  /** The keyword (domain ad history) or the advertiser (keyword ad history). */
  keyword?: string;
  domain?: string;
  volume?: number | null;
  cpc?: number | null;
  monthsBought: number;
  /** Σ estimated paid clicks over the window. */
  paidClicks: number | null;
  /** Aligned with the answer's `months`, oldest first. */
  positions: (number | null)[];
  ads: AdHistoryAd[];
}

export interface AdvisorRow {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  /** buy: competitors buying it in M. */
  advertisers: number | null;
  /** buy: most months of the last 6 a competitor bought it. */
  competitorMonths: number | null;
  estimatedClicks: number | null;
  estimatedBudget: number | null;
  /** negativematch: why the keyword looks like waste. */
  reason: 'offtopic' | 'question' | 'noclicks' | null;
  /** negativematch: the domain's ad position and paid clicks in M. */
  position: number | null;
  paidClicks: number | null;
}

export interface AdTemplateRow {
  domain: string;
  headline: string;
  body: string;
  displayUrl: string;
  landingPage: string;
  /** Matching keywords the ad showed for in M. */
  keywords: number;
  bestPosition: number;
  paidClicks: number | null;
}

/** GET /rest/research/keyword/overview. */
export const keywordOverviewAnswerSchema = z.object({
  keyword: z.string(),
  territory: z.string(),
  wasQueryFound: z.boolean(),
  month: z.string().nullable(),
  volume: z.number().nullable(),
  /** One point per month of keyword.volume_history, oldest first; null for a month whose volume is not known. */
  volumeHistory: z.array(z.object({ month: z.string(), volume: z.number().nullable() })),
  /** Withheld (null) for visitors and free users. */
  cpc: z.number().nullable().describe('Null when the plan does not show money figures.'),
  difficulty: z.number().nullable(),
  competition: z.number().nullable(),
  resultCount: z.number().nullable(),
  isQuestion: z.boolean(),
  isTransactional: z.boolean(),
  /** The organic top 10 of the month, by position. */
  organic: z.array(z.object({ position: z.number(), domain: z.string(), url: z.string(), title: z.string().nullable(), clicks: z.number().nullable() })),
  /** The ads of the month, by position; paidClicks withheld for visitors and free users. */
  advertisers: z.array(
    z.object({ position: z.number(), domain: z.string(), headline: z.string(), body: z.string(), displayUrl: z.string(), paidClicks: z.number().nullable() }),
  ),
});
export type KeywordOverviewAnswer = z.infer<typeof keywordOverviewAnswerSchema>;

export interface RelatedKeywordRow {
  keyword: string;
  /** The relevance, a whole percent 1–100 of what the keyword has that this row shares (docs/research-data.md). */
  shared: number;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
  resultCount: number;
}

export interface KeywordRankingHistoryRow {
  domain: string;
  url: string;
  position: number;
  clicks: number | null;
  /** Aligned with the answer's `months`, oldest first. */
  positions: (number | null)[];
}

export interface SerpAnalysisRow {
  position: number;
  domain: string;
  url: string;
  title: string | null;
  clicks: number | null;
  /** clicks × CPC; withheld for visitors and free users. */
  value: number | null;
  domainKeywords: number;
  domainClicks: number;
  domainBacklinks: number;
  pageBacklinks: number;
}

export interface KeywordBacklinkRow {
  sourceDomain: string;
  sourceUrl: string;
  targetUrl: string;
  /** The target page's position for the keyword in M. */
  targetPosition: number;
  anchor: string;
  nofollow: boolean;
  firstSeen: string;
  /** null = still live. */
  lastSeen: string | null;
}

export interface BulkKeywordRow {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
  resultCount: number;
  /** Σ estimated organic clicks of its results in M. */
  organicClicks: number | null;
  /** Distinct advertisers in M. */
  advertisers: number;
}

/** Extra fields some answers carry. */
export interface TypedTableExtra<Type extends string> {
  type: Type;
}
export interface HistoryTableExtra {
  /** The window of months ('YYYY-MM'), oldest first, aligned with each row's positions. */
  months: string[];
}
export interface BulkUploadExtra {
  uploaded: number;
  notFound: string[];
}

export type { PaidKombatSegment, RecommendationType, RelatedKeywordType, PaidSearchType };

/** GET /rest/research/domain-overview: the domain's months in one territory (from domain_month), oldest first. */
/** paidClicks and budget, like value, are paid figures: null for visitors and free users (paid-figures.ts). */
export const domainMonthPointSchema = organicMonthPointSchema.extend({
  paidKeywords: z.number(),
  paidClicks: z.number().nullable(),
  budget: z.number().nullable(),
});
export type DomainMonthPoint = z.infer<typeof domainMonthPointSchema>;

export const domainOverviewAnswerSchema = z.object({
  domain: z.string(),
  domainId: z.int(),
  territory: z.string(),
  /** The newest month with data for the domain in the territory; null when it has none. */
  month: z.string().nullable().describe('The newest month with data; null when the domain has none in the territory.'),
  latest: domainMonthPointSchema.nullable(),
  /** Oldest first, one point per month the domain had data. */
  history: z.array(domainMonthPointSchema).describe('Oldest first, one point per month the domain had data.'),
  isDemoData: z.boolean().describe('True while the installation shows the generated demo market.'),
});
export type DomainOverviewAnswer = z.infer<typeof domainOverviewAnswerSchema>;
