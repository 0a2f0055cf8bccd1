/**
 * The rows and answers of the SEO and outreach research tables (/rest/research/seo/*, /rest/research/outreach/*,
 * /rest/research/url-overview); formulas and definitions in docs/research-data.md.
 */
import { z } from 'zod';
import { kombatSegments } from './enumerations.js';
import type { TablePage } from '../tables/research-table.js';
import { rowFields } from './row-fields.js';

/** Every research table answer: the withheld page, the month it reads (YYYY-MM-DD) and whether the query was found. */
export type ResearchTable<Row> = TablePage<Row> & { month: string | null; wasQueryFound: boolean };

/** A site's best position in one month (null = not ranked): a point of a ranking history. */
export const monthPositionSchema = z.object({ month: z.string(), position: z.number().nullable() });

/**
 * SEO keywords (every organic search type) and ranking history (every ranking-history type) of a domain or URL:
 * month M against the month before (P). Per keyword the subject's best position in each month (a site with two
 * pages for a keyword counts at its best one, clicks summed) — see docs/research-data.md for each type.
 */
export const keywordComparisonRowSchema = z.object({
  keyword: z.string(),
  url: z.string().nullable(),
  position: z.number().nullable(),
  previousPosition: z.number().nullable(),
  /** previousPosition − position: positive = moved up. Null unless it ranked in both months. */
  positionChange: z.number().nullable(),
  ...rowFields('volume', 'cpc', 'difficulty'),
  clicks: z.number().nullable(),
  /** Impressions and CTR (percent, two decimals) of the month where the viewer's own Search Console export reports them; else null. */
  impressions: z.number().nullable(),
  ctr: z.number().nullable(),
  previousClicks: z.number().nullable(),
  clicksChange: z.number().nullable(),
  value: z.number().nullable(),
  /** Competitor types: the best-placed competitor above the subject in M, and its position. */
  competitor: z.string().nullable(),
  competitorPosition: z.number().nullable(),
  /** Ranking history only: the subject's best position per month, the 12 months up to M (null = not ranked). */
  history: z.array(monthPositionSchema).optional(),
});
export type KeywordComparisonRow = z.infer<typeof keywordComparisonRowSchema>;

/** SEO competitors: the domains sharing the most keywords with a domain in month M (docs/research-data.md). */
export const competitorRowSchema = z.object({
  domain: z.string(),
  /** Keywords both domains rank for in M. */
  commonKeywords: z.number(),
  /** Keywords the competitor ranks for in M (domain_month.organic_keywords). */
  theirKeywords: z.number(),
  /** common / (mine + theirs − common) × 100, one decimal (Jaccard overlap of the two keyword sets). */
  overlap: z.number(),
  clicks: z.number(),
  value: z.number(),
});
export type CompetitorRow = z.infer<typeof competitorRowSchema>;

/**
 * SEO kombat of 2–3 domains in month M: the first domain is "you", the others the competitors. Per keyword every
 * domain's best position; the segments (docs/research-data.md) are predicates over those positions.
 */
export const kombatRowSchema = z.object({
  ...rowFields('keyword', 'volume', 'cpc', 'difficulty'),
  position1: z.number().nullable(),
  position2: z.number().nullable(),
  position3: z.number().nullable(),
  /** Estimated clicks of all the compared domains together. */
  clicks: z.number().nullable(),
});
export type KombatRow = z.infer<typeof kombatRowSchema>;

export const kombatCountsSchema = z.object({
  /** Exclusive Venn regions: keywords ranked by exactly these domains (in the order given). */
  venn: z.array(z.object({ domains: z.array(z.string()), keywords: z.int() })),
  segments: z.record(z.enum(kombatSegments.organic), z.int()),
});
export type KombatCounts = z.infer<typeof kombatCountsSchema>;
/** The kombat page's fields beside its rows: the counts, and the compared domains the research data does not hold (then no counts). */
export const kombatAnswerSchema = kombatCountsSchema.extend({ missingDomains: z.array(z.string()) });
export type KombatAnswer = z.infer<typeof kombatAnswerSchema>;


/** Top pages of a domain in month M: mosttraffic = every page that ranks; newpages = pages ranking in M for the first time. */
export const topPageRowSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  /** Keywords the page ranks for in M; null for a page known only from the viewer's own Search Console export. */
  keywords: z.number().nullable(),
  /** Best position of the page over its keywords; null as keywords. */
  bestPosition: z.number().nullable(),
  /** Estimated clicks, or the measured clicks of the viewer's own site (Search Console). */
  clicks: z.number(),
  /** Impressions and CTR (percent, two decimals) where the viewer's own Search Console export reports them; else null. */
  impressions: z.number().nullable(),
  ctr: z.number().nullable(),
  /** Clicks × CPC of its keywords; null where the keywords are not known. */
  value: z.number().nullable(),
  /** The page's share of the domain's clicks in M, percent with one decimal; null when the site's clicks are not known. */
  clicksShare: z.number().nullable(),
});
export type TopPageRow = z.infer<typeof topPageRowSchema>;

/** Links pointing at a domain (any of its pages) or at one URL. Backlinks have no territory. */
export const backlinkRowSchema = z.object({ ...rowFields('sourceUrl', 'sourceDomain', 'targetUrl', 'anchor', 'nofollow', 'firstSeen', 'lastSeen'), live: z.boolean() });
export type BacklinkRow = z.infer<typeof backlinkRowSchema>;

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
export const domainMetricsRowSchema = z.object({
  domain: z.string(),
  topic: z.string().nullable(),
  keywords: z.number(),
  top10: z.number(),
  clicks: z.number(),
  value: z.number(),
  paidKeywords: z.number(),
  budget: z.number(),
});
export type DomainMetricsRow = z.infer<typeof domainMetricsRowSchema>;

export const keywordListRowSchema = z.object({
  domain: z.string(),
  /** Keywords of the set the domain ranks for in M. */
  keywords: z.number(),
  top10: z.number(),
  /** Average of its best position over those keywords. */
  averagePosition: z.number(),
  clicks: z.number(),
  value: z.number(),
});
export type KeywordListRow = z.infer<typeof keywordListRowSchema>;

export const customListRowSchema = domainMetricsRowSchema.omit({ topic: true }).extend({
  /** False when the warehouse does not know the domain (its numbers are then 0). */
  found: z.boolean(),
  /** Position in the submitted list, from 1. */
  listIndex: z.number(),
  liveBacklinks: z.number(),
  referringDomains: z.number(),
});
export type CustomListRow = z.infer<typeof customListRowSchema>;

export const leadRowSchema = z.object({
  domain: z.string(),
  /** How many of the competitors it links to (live links). */
  competitorsLinked: z.number(),
  /** Its live links to the competitors. */
  links: z.number(),
  clicks: z.number(),
  keywords: z.number(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;
