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
  paidKeywords: number;
  paidClicks: number;
  /** Withheld (null) for visitors and free users. */
  budget: number | null;
}

export interface PpcOverviewAnswer {
  domain: string;
  territory: string;
  wasQueryFound: boolean;
  month: string | null;
  latest: PpcMonthPoint | null;
  adCopies: number;
  history: PpcMonthPoint[];
}

export interface PpcCompetitorRow {
  domain: string;
  commonKeywords: number;
  /** Jaccard overlap of the two paid keyword sets, 0–1. */
  competitionLevel: number;
  paidKeywords: number;
  paidClicks: number | null;
  budget: number | null;
}

export interface PpcKombatRow {
  keyword: string;
  volume: number;
  cpc: number | null;
  competition: number;
  /** Best ad position of each domain, in the order given; null = did not buy it. */
  positions: (number | null)[];
  paidClicks: (number | null)[] | null;
}

export interface PpcKombatExtra {
  domains: string[];
  missingDomains: string[];
  venn: { regions: { domains: string[]; keywords: number }[]; segments: Record<PaidKombatSegment, number> };
}

export interface PpcKeywordRow {
  keyword: string;
  volume: number;
  cpc: number | null;
  position: number;
  paidClicks: number | null;
  budget: number | null;
  monthsBought: number;
  firstMonth: string;
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
  volume?: number;
  cpc?: number | null;
  monthsBought: number;
  paidClicks: number | null;
  /** Aligned with the answer's `months`, oldest first. */
  positions: (number | null)[];
  ads: AdHistoryAd[];
}

export interface AdvisorRow {
  keyword: string;
  volume: number;
  cpc: number | null;
  competition: number;
  advertisers: number | null;
  competitorMonths: number | null;
  estimatedClicks: number | null;
  estimatedBudget: number | null;
  reason: 'offtopic' | 'question' | 'noclicks' | null;
  position: number | null;
  paidClicks: number | null;
}

export interface AdTemplateRow {
  domain: string;
  headline: string;
  body: string;
  displayUrl: string;
  landingPage: string;
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
  volumeHistory: { month: string; volume: number }[];
  cpc: number | null;
  difficulty: number | null;
  competition: number | null;
  resultCount: number | null;
  isQuestion: boolean;
  isTransactional: boolean;
  organic: { position: number; domain: string; url: string; title: string | null; clicks: number }[];
  advertisers: { position: number; domain: string; headline: string; body: string; displayUrl: string; paidClicks: number | null }[];
}

export interface RelatedKeywordRow {
  keyword: string;
  shared: number;
  volume: number;
  cpc: number | null;
  competition: number;
  difficulty: number;
  resultCount: number;
}

export interface KeywordRankingHistoryRow {
  domain: string;
  url: string;
  position: number;
  clicks: number;
  positions: (number | null)[];
}

export interface SerpAnalysisRow {
  position: number;
  domain: string;
  url: string;
  title: string | null;
  clicks: number;
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
  targetPosition: number;
  anchor: string;
  nofollow: boolean;
  firstSeen: string;
  lastSeen: string | null;
}

export interface BulkKeywordRow {
  keyword: string;
  volume: number;
  cpc: number | null;
  competition: number;
  difficulty: number;
  resultCount: number;
  organicClicks: number;
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
export interface DomainMonthPoint extends OrganicMonthPoint {
  paidKeywords: number;
  paidClicks: number;
  budget: number;
}

export interface DomainOverviewAnswer {
  domain: string;
  domainId: number;
  territory: string;
  month: string | null;
  latest: DomainMonthPoint | null;
  history: DomainMonthPoint[];
  isDemoData: boolean;
}
