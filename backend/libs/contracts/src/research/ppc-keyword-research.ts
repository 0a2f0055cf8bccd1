/**
 * The rows and answers of the PPC and keyword research tables (/rest/research/ppc/*, /rest/research/keyword/*),
 * as the web client reads them; formulas and definitions in docs/research-data.md ("PPC and keyword research
 * tables"). The query modules in @serpwise/research build rows of the same shape.
 */
import type { PaidKombatSegment, RecommendationType, RelatedKeywordType, PaidSearchType } from './enumerations.js';
import type { TablePage } from '../tables/research-table.js';
import type { OrganicMonthPoint } from './seo-research.js';

/** Every PPC / keyword table answer: the withheld page plus the query, territory, month and whether it was found. */
export type PpcKeywordTable<Row> = TablePage<Row> & { query: string; territory: string; month: string | null; wasQueryFound: boolean };

export interface PpcMonthPoint {
  month: string;
  /** Distinct keywords the domain's ads showed for that month. */
  paidKeywords: number;
  /** Σ estimated paid clicks (volume × paid CTR(position)); withheld (null) for visitors and free users. */
  paidClicks: number | null;
  /** Withheld (null) for visitors and free users. */
  budget: number | null;
}

export interface PpcOverviewAnswer {
  domain: string;
  territory: string;
  wasQueryFound: boolean;
  /** The newest month of the domain's paid history; null when it never advertised in the territory. */
  month: string | null;
  latest: PpcMonthPoint | null;
  /** Distinct ad texts shown in the newest month. */
  adCopies: number;
  /** Oldest first, every month the domain has a domain_month row in the territory (0 when it did not advertise). */
  history: PpcMonthPoint[];
}

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

export interface PpcKombatExtra {
  domains: string[];
  missingDomains: string[];
  venn: { regions: { domains: string[]; keywords: number }[]; segments: Record<PaidKombatSegment, number> };
}

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

export interface KeywordOverviewAnswer {
  keyword: string;
  territory: string;
  wasQueryFound: boolean;
  month: string | null;
  volume: number | null;
  /** One point per month of keyword.volume_history, oldest first; null for a month whose volume is not known. */
  volumeHistory: { month: string; volume: number | null }[];
  /** Withheld (null) for visitors and free users. */
  cpc: number | null;
  difficulty: number | null;
  competition: number | null;
  resultCount: number | null;
  isQuestion: boolean;
  isTransactional: boolean;
  /** The organic top 10 of the month, by position. */
  organic: { position: number; domain: string; url: string; title: string | null; clicks: number | null }[];
  /** The ads of the month, by position; paidClicks withheld for visitors and free users. */
  advertisers: { position: number; domain: string; headline: string; body: string; displayUrl: string; paidClicks: number | null }[];
}

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
export interface DomainMonthPoint extends OrganicMonthPoint {
  paidKeywords: number;
  paidClicks: number | null;
  budget: number | null;
}

export interface DomainOverviewAnswer {
  domain: string;
  domainId: number;
  territory: string;
  /** The newest month with data for the domain in the territory; null when it has none. */
  month: string | null;
  latest: DomainMonthPoint | null;
  /** Oldest first, one point per month the domain had data. */
  history: DomainMonthPoint[];
  isDemoData: boolean;
}
