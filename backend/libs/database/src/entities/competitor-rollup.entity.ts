import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { domainMonthKey } from './domain-month.entity.js';

/**
 * The domain-months whose competitors are precomputed (issue 27: a domain with hundreds of thousands of keywords; the
 * competitors of smaller ones are counted from ranks per request), with the domain's keyword count that month.
 * Installation data only, rebuilt for the months that land (competitorRollupSql in @serpwise/research).
 */
export const CompetitorRollupMonthSchema = defineEntity({
  name: 'CompetitorRollupMonth',
  tableName: 'competitor_rollup_month',
  properties: {
    ...domainMonthKey(),
    keywords: p.integer(),
  },
  indexes: [{ properties: ['month'] }],
});
export type CompetitorRollupMonth = InferEntity<typeof CompetitorRollupMonthSchema>;

/** For a rolled-up domain-month: another domain ranking for one of its keywords, the keywords both rank for, their sources. */
export const CompetitorMonthSchema = defineEntity({
  name: 'CompetitorMonth',
  tableName: 'competitor_month',
  properties: {
    ...domainMonthKey(),
    competitorDomainId: p.integer().primary(),
    commonKeywords: p.integer(),
    sourceIds: p.type('smallint[]').columnType('smallint[]'),
  },
  indexes: [{ properties: ['month'] }],
});
export type CompetitorMonth = InferEntity<typeof CompetitorMonthSchema>;

/**
 * The link counts of a domain with at least backlinkTotalMinLinks backlinks (issue 27: 2,000,000 for the giant), kept
 * by every writer of backlinks (the loader, a provider's backlinks: backlinkTotalsSql in @serpwise/research).
 */
export const BacklinkTotalSchema = defineEntity({
  name: 'BacklinkTotal',
  tableName: 'backlink_total',
  properties: {
    domainId: p.integer().primary(),
    links: p.integer(),
    liveLinks: p.integer(),
    /** Distinct source domains of the live links. */
    referringDomains: p.integer(),
  },
});
export type BacklinkTotal = InferEntity<typeof BacklinkTotalSchema>;

/**
 * For a domain with a backlink_total row: its live links grouped by linking domain, kept with the totals (issue 27:
 * the outreach leads beside a competitor with millions of links read these instead of every link).
 */
export const BacklinkReferrerSchema = defineEntity({
  name: 'BacklinkReferrer',
  tableName: 'backlink_referrer',
  properties: {
    targetDomainId: p.integer().primary(),
    sourceDomainId: p.integer().primary(),
    liveLinks: p.integer(),
    /** The sources of those links. */
    sourceIds: p.type('smallint[]').columnType('smallint[]'),
  },
});
export type BacklinkReferrer = InferEntity<typeof BacklinkReferrerSchema>;

/**
 * For a rolled-up domain-month (competitor_rollup_month): one keyword the domain ranks for, with its clicks that month
 * and whether it ranked the month before, its volume and value (issue 27: the first page of a large domain's SEO
 * keywords is read from the clicks, volume or value index and stops; organicRollupSql in @serpwise/research).
 */
export const OrganicKeywordMonthSchema = defineEntity({
  name: 'OrganicKeywordMonth',
  tableName: 'organic_keyword_month',
  properties: {
    ...domainMonthKey(),
    keywordId: p.integer().primary(),
    /** Null: ranked with clicks nobody knows (unknown volume). */
    clicks: p.integer().nullable(),
    newlyRanked: p.boolean(),
    /** The keyword's volume that month and the value of its clicks (round(clicks × CPC, 2)): the volume and value orders' keys. */
    volume: p.integer().nullable(),
    value: p.double().nullable(),
    /** The domain's best position for the keyword that month, and the keyword's flags: the kombat segments' keys. */
    position: p.smallint().nullable(),
    isQuestion: p.boolean().nullable(),
    isTransactional: p.boolean().nullable(),
  },
  indexes: [{ properties: ['month'] }],
});
export type OrganicKeywordMonth = InferEntity<typeof OrganicKeywordMonthSchema>;

/**
 * For a rolled-up domain-month: its keywords as bitmaps, one row per 8,192 keyword ids (`chunk` = id / 8192, bit
 * id % 8192): ranked, in the top 10, questions, transactional (issue 27: the kombat's Venn and segment counts as bit
 * operations; organicRollupSql in @serpwise/research). Written and read in SQL only.
 */
export const OrganicKeywordBitsSchema = defineEntity({
  name: 'OrganicKeywordBits',
  tableName: 'organic_keyword_bits',
  properties: {
    ...domainMonthKey(),
    chunk: p.integer().primary(),
    ranked: p.string().columnType('bit(8192)'),
    top10: p.string().columnType('bit(8192)'),
    question: p.string().columnType('bit(8192)'),
    transactional: p.string().columnType('bit(8192)'),
  },
  indexes: [{ properties: ['month'] }],
});

/** For a rolled-up domain-month: one page it ranks with, with its clicks that month (the top pages' default order). */
export const OrganicPageMonthSchema = defineEntity({
  name: 'OrganicPageMonth',
  tableName: 'organic_page_month',
  properties: {
    ...domainMonthKey(),
    pageId: p.integer().primary(),
    /** Null: ranked with clicks nobody knows (unknown volume). */
    clicks: p.integer().nullable(),
  },
  indexes: [{ properties: ['month'] }],
});
export type OrganicPageMonth = InferEntity<typeof OrganicPageMonthSchema>;

/** The counts of a rolled-up domain-month: keywords it ranks for, those it did not rank for the month before, pages. */
export const OrganicRollupMonthSchema = defineEntity({
  name: 'OrganicRollupMonth',
  tableName: 'organic_rollup_month',
  properties: {
    ...domainMonthKey(),
    keywords: p.integer(),
    newlyRanked: p.integer(),
    pages: p.integer(),
  },
});
export type OrganicRollupMonth = InferEntity<typeof OrganicRollupMonthSchema>;
