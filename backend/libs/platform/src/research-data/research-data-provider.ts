import type { LiveDataEstimate, LiveDataSubjectKind } from '@serpwise/contracts';
import type { DomainFiguresRow, KeywordNumbersRow } from '@serpwise/research';
import type { SerpPage } from '../serp/serp-provider.js';

/**
 * The research data port (issue 20): a domain's or keyword's research data on demand, from a provider that sells it
 * (DataForSEO today). Beside the SERP provider port (../serp), which fetches one results page; the demo install has
 * no research data provider at all (DATA_PROVIDER=demo), so nothing calls out and `npm start` needs no credentials.
 * Every figure a provider does not give is null, never 0.
 */
export interface ResearchTarget {
  /** A bare host (lower case, no www.) or a normalised keyword. */
  target: string;
  /** Serpwise territory code. */
  territory: string;
}

/** One answer of the provider: what it gave and what it charged (its `cost`, provider units). */
export interface ProviderAnswer<T> {
  data: T;
  cost: number;
}

/** A keyword's numbers as the provider gives them (Google Ads figures): the shape the warehouse lands them in. */
export type KeywordNumbers = KeywordNumbersRow;

/** A domain's organic result for a keyword. */
export interface RankedKeyword extends KeywordNumbers {
  position: number;
  url: string;
  title: string | null;
}

/** A domain's ad for a keyword. */
export interface PaidKeyword extends KeywordNumbers {
  position: number;
  url: string;
  headline: string;
  body: string;
  displayUrl: string;
}

/** A domain's figures for one month, as the provider estimates them over all its keywords. */
export type DomainFigures = DomainFiguresRow;

export interface MonthFigures extends DomainFigures {
  /** YYYY-MM-01. */
  month: string;
}

export interface Competitor {
  domain: string;
  /** Keywords both rank for. */
  commonKeywords: number;
  /** The competitor's own figures now; null: not given. */
  figures: DomainFigures | null;
}

export interface BacklinkSummary {
  backlinks: number | null;
  referringDomains: number | null;
  referringPages: number | null;
  rank: number | null;
}

export interface Backlink {
  urlFrom: string;
  urlTo: string;
  titleFrom: string | null;
  anchor: string;
  nofollow: boolean;
  /** YYYY-MM-DD. */
  firstSeen: string;
  /** YYYY-MM-DD when lost; null: live. */
  lostOn: string | null;
}

/** How much one fetch asks for: each limit sets its cost. */
export interface FetchLimits {
  keywords: number;
  paidKeywords: number;
  competitors: number;
  backlinks: number;
}

export interface ResearchDataProvider {
  readonly id: 'dataforseo';
  /** The provider as people name it: the data source's label and the page's provenance line. */
  readonly name: string;
  /** The most a fetch of a subject can cost with these limits (shown before the fetch). */
  estimate(kind: LiveDataSubjectKind, limits: FetchLimits): LiveDataEstimate;
  overviewHistory(query: ResearchTarget): Promise<ProviderAnswer<MonthFigures[]>>;
  rankedKeywords(query: ResearchTarget, limit: number): Promise<ProviderAnswer<RankedKeyword[]>>;
  competitors(query: ResearchTarget, limit: number): Promise<ProviderAnswer<Competitor[]>>;
  paidKeywords(query: ResearchTarget, limit: number): Promise<ProviderAnswer<PaidKeyword[]>>;
  backlinksSummary(query: ResearchTarget): Promise<ProviderAnswer<BacklinkSummary | null>>;
  backlinks(query: ResearchTarget, limit: number): Promise<ProviderAnswer<Backlink[]>>;
  keywordNumbers(keywords: readonly string[], territory: string): Promise<ProviderAnswer<KeywordNumbers[]>>;
  /** A keyword's organic results page (the SERP provider's call), for keyword research. */
  resultsPage(keyword: string, territory: string): Promise<ProviderAnswer<SerpPage>>;
}
