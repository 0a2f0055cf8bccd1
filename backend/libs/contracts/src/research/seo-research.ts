/**
 * The rows and answers of the SEO and outreach research tables (/rest/research/seo/*, /rest/research/outreach/*,
 * /rest/research/url-overview); formulas and definitions in docs/research-data.md.
 */
import { z } from 'zod';
import { kombatSegments } from './enumerations.js';
import { researchTablePageSchema, type TablePage } from '../tables/research-table.js';

/** Every research table answer: the withheld page, the month it reads (YYYY-MM-DD) and whether the query was found. */
export type ResearchTable<Row> = TablePage<Row> & { month: string | null; wasQueryFound: boolean };

/**
 * SEO keywords (every organic search type) and ranking history (every ranking-history type) of a domain or URL:
 * month M against the month before (P). Per keyword the subject's best position in each month (a site with two
 * pages for a keyword counts at its best one, clicks summed) — see docs/research-data.md for each type.
 */
export interface KeywordComparisonRow {
  keyword: string;
  url: string | null;
  position: number | null;
  previousPosition: number | null;
  /** previousPosition − position: positive = moved up. Null unless it ranked in both months. */
  positionChange: number | null;
  volume: number | null;
  cpc: number | null;
  difficulty: number | null;
  clicks: number | null;
  /** Impressions and CTR (percent, two decimals) of the month where the viewer's own Search Console export reports them; else null. */
  impressions: number | null;
  ctr: number | null;
  previousClicks: number | null;
  clicksChange: number | null;
  value: number | null;
  /** Competitor types: the best-placed competitor above the subject in M, and its position. */
  competitor: string | null;
  competitorPosition: number | null;
  /** Ranking history only: the subject's best position per month, the 12 months up to M (null = not ranked). */
  history?: { month: string; position: number | null }[];
}

/** SEO competitors: the domains sharing the most keywords with a domain in month M (docs/research-data.md). */
export interface CompetitorRow {
  domain: string;
  /** Keywords both domains rank for in M. */
  commonKeywords: number;
  /** Keywords the competitor ranks for in M (domain_month.organic_keywords). */
  theirKeywords: number;
  /** common / (mine + theirs − common) × 100, one decimal (Jaccard overlap of the two keyword sets). */
  overlap: number;
  clicks: number;
  value: number;
}

/**
 * SEO kombat of 2–3 domains in month M: the first domain is "you", the others the competitors. Per keyword every
 * domain's best position; the segments (docs/research-data.md) are predicates over those positions.
 */
export interface KombatRow {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  difficulty: number | null;
  position1: number | null;
  position2: number | null;
  position3: number | null;
  /** Estimated clicks of all the compared domains together. */
  clicks: number | null;
}

export const kombatCountsSchema = z.object({
  /** Exclusive Venn regions: keywords ranked by exactly these domains (in the order given). */
  venn: z.array(z.object({ domains: z.array(z.string()), keywords: z.int() })),
  segments: z.record(z.enum(kombatSegments.organic), z.int()),
});
export type KombatCounts = z.infer<typeof kombatCountsSchema>;

/** GET /rest/research/seo/kombat: a table page (rows open, like every research table) with the Venn counts beside it. */
export const organicKombatAnswerSchema = researchTablePageSchema.extend(kombatCountsSchema.shape);

/** Top pages of a domain in month M: mosttraffic = every page that ranks; newpages = pages ranking in M for the first time. */
export interface TopPageRow {
  url: string;
  title: string | null;
  /** Keywords the page ranks for in M; null for a page known only from the viewer's own Search Console export. */
  keywords: number | null;
  /** Best position of the page over its keywords; null as keywords. */
  bestPosition: number | null;
  /** Estimated clicks, or the measured clicks of the viewer's own site (Search Console). */
  clicks: number;
  /** Impressions and CTR (percent, two decimals) where the viewer's own Search Console export reports them; else null. */
  impressions: number | null;
  ctr: number | null;
  /** Clicks × CPC of its keywords; null where the keywords are not known. */
  value: number | null;
  /** The page's share of the domain's clicks in M, percent with one decimal; null when the site's clicks are not known. */
  clicksShare: number | null;
}

/** Links pointing at a domain (any of its pages) or at one URL. Backlinks have no territory. */
export interface BacklinkRow {
  sourceUrl: string;
  sourceDomain: string;
  targetUrl: string;
  anchor: string;
  nofollow: boolean;
  firstSeen: string;
  /** Null while the link is live. */
  lastSeen: string | null;
  live: boolean;
}

export type BacklinkStatus = 'all' | 'live' | 'lost';

/** A site's organic numbers in one month: a point of a domain's or a URL's overview chart. */
export const organicMonthPointSchema = z.object({
  month: z.string(),
  /** graph type 'clicks'. */
  clicks: z.number(),
  /** graph type 'keywords': keywords the site ranks for. */
  keywords: z.number(),
  /** graph type 'position': average of the site's best position per keyword. */
  position: z.number().nullable(),
  top3: z.number(),
  top10: z.number(),
  /** A paid figure: null for visitors and free users (paid-figures.ts). */
  value: z.number().nullable(),
});
export type OrganicMonthPoint = z.infer<typeof organicMonthPointSchema>;

export type UrlMonthPoint = OrganicMonthPoint;

/** GET /rest/research/url-overview. */
export const urlOverviewAnswerSchema = z.object({
  url: z.string(),
  pageId: z.int(),
  domain: z.string(),
  territory: z.string(),
  month: z.string().nullable(),
  latest: organicMonthPointSchema.nullable(),
  /** Oldest first, one point per month the URL ranked. */
  history: z.array(organicMonthPointSchema),
});
export type UrlOverview = z.infer<typeof urlOverviewAnswerSchema>;

/**
 * Outreach lists (docs/research-data.md): top domains of a territory (optionally one topic), top domains for a
 * keyword set or topic, metrics of a custom list of domains, and link leads (sites linking to competitors, not you).
 */
export interface DomainMetricsRow {
  domain: string;
  topic: string | null;
  keywords: number;
  top10: number;
  clicks: number;
  value: number;
  paidKeywords: number;
  budget: number;
}

export interface KeywordListRow {
  domain: string;
  /** Keywords of the set the domain ranks for in M. */
  keywords: number;
  top10: number;
  /** Average of its best position over those keywords. */
  averagePosition: number;
  clicks: number;
  value: number;
}

export interface CustomListRow extends Omit<DomainMetricsRow, 'topic'> {
  /** False when the warehouse does not know the domain (its numbers are then 0). */
  found: boolean;
  /** Position in the submitted list, from 1. */
  listIndex: number;
  liveBacklinks: number;
  referringDomains: number;
}

export interface LeadRow {
  domain: string;
  /** How many of the competitors it links to (live links). */
  competitorsLinked: number;
  /** Its live links to the competitors. */
  links: number;
  clicks: number;
  keywords: number;
}
