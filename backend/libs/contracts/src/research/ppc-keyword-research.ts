/**
 * The rows and answers of the PPC and keyword research tables (/rest/research/ppc/*, /rest/research/keyword/*),
 * as the web client reads them; formulas and definitions in docs/research-data.md ("PPC and keyword research
 * tables"). The query modules in @serpwise/research build rows of the same shape.
 */
import { z } from 'zod';
import { kombatSegments, type PaidKombatSegment, type RecommendationType, type RelatedKeywordType, type PaidSearchType } from './enumerations.js';
import { researchTablePageOf, type TablePage } from '../tables/research-table.js';
import { rowFields } from './row-fields.js';
import { organicMonthPointSchema } from './seo-research.js';

/** Every PPC / keyword table answer: the withheld page plus the query, territory, month and whether it was found. */
export type PpcKeywordTable<Row> = TablePage<Row> & { query: string; territory: string; month: string | null; wasQueryFound: boolean };

/** paidClicks: Σ volume × paid CTR(position) of the month's ads. */
export const ppcMonthPointSchema = z.object({ month: z.string(), ...rowFields('paidKeywords', 'paidClicks', 'budget') });
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

export const ppcCompetitorRowSchema = z.object({
  domain: z.string(),
  /** Keywords both domains bought in the month. */
  commonKeywords: z.number(),
  /** Jaccard overlap of the two paid keyword sets, 0–1. */
  competitionLevel: z.number(),
  ...rowFields('paidKeywords', 'paidClicks', 'budget'),
});
export type PpcCompetitorRow = z.infer<typeof ppcCompetitorRowSchema>;

export const ppcKombatRowSchema = z.object({
  ...rowFields('keyword', 'volume', 'cpc', 'competition'),
  /** Best ad position of each domain, in the order given; null = did not buy it. */
  positions: z.array(z.number().nullable()),
  /** Estimated paid clicks of each domain, same order; withheld for visitors and free users. */
  paidClicks: z.array(z.number().nullable()).nullable(),
});
export type PpcKombatRow = z.infer<typeof ppcKombatRowSchema>;

export const ppcKombatExtraSchema = z.object({
  domains: z.array(z.string()),
  missingDomains: z.array(z.string()),
  venn: z.object({
    regions: z.array(z.object({ domains: z.array(z.string()), keywords: z.int() })),
    segments: z.record(z.enum(kombatSegments.paid), z.int()),
  }),
});
export type PpcKombatExtra = z.infer<typeof ppcKombatExtraSchema>;


export const ppcKeywordRowSchema = z.object({
  ...rowFields('keyword', 'volume', 'cpc'),
  /** Best ad position in M; budget: paidClicks × CPC. */
  position: z.number(),
  ...rowFields('paidClicks', 'budget'),
  monthsBought: z.number(),
  firstMonth: z.string(),
  /** The ad shown at the best position in M. */
  ...rowFields('headline', 'body', 'displayUrl'),
});
export type PpcKeywordRow = z.infer<typeof ppcKeywordRowSchema>;

export const adHistoryAdSchema = z.object({ adCopyId: z.number(), ...rowFields('headline', 'body', 'displayUrl', 'landingPage'), months: z.array(z.string()) });
export type AdHistoryAd = z.infer<typeof adHistoryAdSchema>;

export const adHistoryRowSchema = z.object({
  /** The keyword (domain ad history) or the advertiser (keyword ad history). */
  keyword: z.string().optional(),
  domain: z.string().optional(),
  volume: z.number().nullable().optional(),
  cpc: z.number().nullable().optional(),
  monthsBought: z.number(),
  /** Σ estimated paid clicks over the window. */
  paidClicks: z.number().nullable(),
  /** Aligned with the answer's `months`, oldest first. */
  positions: z.array(z.number().nullable()),
  ads: z.array(adHistoryAdSchema),
});
export type AdHistoryRow = z.infer<typeof adHistoryRowSchema>;

export const advisorRowSchema = z.object({
  ...rowFields('keyword', 'volume', 'cpc', 'competition'),
  /** buy: competitors buying it in M. */
  advertisers: z.number().nullable(),
  /** buy: most months of the last 6 a competitor bought it. */
  competitorMonths: z.number().nullable(),
  estimatedClicks: z.number().nullable(),
  estimatedBudget: z.number().nullable(),
  /** negativematch: why the keyword looks like waste. */
  reason: z.enum(['offtopic', 'question', 'noclicks']).nullable(),
  /** negativematch: the domain's ad position and paid clicks in M. */
  position: z.number().nullable(),
  paidClicks: z.number().nullable(),
});
export type AdvisorRow = z.infer<typeof advisorRowSchema>;

export const adTemplateRowSchema = z.object({
  ...rowFields('domain', 'headline', 'body', 'displayUrl', 'landingPage'),
  /** Matching keywords the ad showed for in M. */
  keywords: z.number(),
  bestPosition: z.number(),
  paidClicks: z.number().nullable(),
});
export type AdTemplateRow = z.infer<typeof adTemplateRowSchema>;

/** An organic result of a search in M, by position; clicks: estimated, or the site's own measured ones. */
export const serpResultSchema = z.object({ position: z.number(), ...rowFields('domain', 'url'), title: z.string().nullable(), clicks: z.number().nullable() });

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
  organic: z.array(serpResultSchema),
  /** The ads of the month, by position; paidClicks withheld for visitors and free users. */
  advertisers: z.array(z.object({ position: z.number(), ...rowFields('domain', 'headline', 'body', 'displayUrl', 'paidClicks') })),
});
export type KeywordOverviewAnswer = z.infer<typeof keywordOverviewAnswerSchema>;

export const relatedKeywordRowSchema = z.object({
  keyword: z.string(),
  /** The relevance, a whole percent 1–100 of what the keyword has that this row shares (docs/research-data.md). */
  shared: z.number(),
  ...rowFields('volume', 'cpc', 'competition', 'difficulty', 'resultCount'),
});
export type RelatedKeywordRow = z.infer<typeof relatedKeywordRowSchema>;

export const keywordRankingHistoryRowSchema = z.object({
  domain: z.string(),
  url: z.string(),
  position: z.number(),
  clicks: z.number().nullable(),
  /** Aligned with the answer's `months`, oldest first. */
  positions: z.array(z.number().nullable()),
});
export type KeywordRankingHistoryRow = z.infer<typeof keywordRankingHistoryRowSchema>;

export const serpAnalysisRowSchema = serpResultSchema.extend({
  /** clicks × CPC; withheld for visitors and free users. */
  value: z.number().nullable(),
  domainKeywords: z.number(),
  domainClicks: z.number(),
  domainBacklinks: z.number(),
  pageBacklinks: z.number(),
});
export type SerpAnalysisRow = z.infer<typeof serpAnalysisRowSchema>;

export const keywordBacklinkRowSchema = z.object({
  ...rowFields('sourceDomain', 'sourceUrl', 'targetUrl'),
  /** The target page's position for the keyword in M. */
  targetPosition: z.number(),
  ...rowFields('anchor', 'nofollow', 'firstSeen', 'lastSeen'),
});
export type KeywordBacklinkRow = z.infer<typeof keywordBacklinkRowSchema>;

export const bulkKeywordRowSchema = z.object({
  ...rowFields('keyword', 'volume', 'cpc', 'competition', 'difficulty', 'resultCount'),
  /** Σ estimated organic clicks of its results in M. */
  organicClicks: z.number().nullable(),
  /** Distinct advertisers in M. */
  advertisers: z.number(),
});
export type BulkKeywordRow = z.infer<typeof bulkKeywordRowSchema>;
/** POST /rest/research/keyword/bulk: a table page of the uploaded keywords, row by row (not a catalogue table). */
export const bulkKeywordPageSchema = researchTablePageOf(bulkKeywordRowSchema, ['cpc']);

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
export const domainMonthPointSchema = organicMonthPointSchema.extend(rowFields('paidKeywords', 'paidClicks', 'budget'));
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
