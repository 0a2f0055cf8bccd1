import type { z } from 'zod';
import { urlVariants } from '../search/query-classifier.js';
import { adHistoryQuery, adHistoryTable } from '../ppc/ad-history.js';
import { adTemplatesQuery, adTemplatesTable } from '../ppc/ad-templates.js';
import { advisorTable, advisorWindow, domainAdvisorQuery } from '../ppc/adwords-advisor.js';
import { ppcCompetitorsQuery, ppcCompetitorsTable, topPpcCompetitorIds } from '../ppc/ppc-competitors.js';
import { ppcKeywordsQuery, ppcKeywordsTable } from '../ppc/ppc-keywords.js';
import { ppcKombatQuery, ppcKombatTable } from '../ppc/ppc-kombat.js';
import { keywordAdvisorQuery } from '../keyword/keyword-advisor.js';
import { keywordBacklinksQuery, keywordBacklinksTable } from '../keyword/keyword-backlinks.js';
import { keywordRankingHistoryQuery, keywordRankingHistoryTable } from '../keyword/keyword-ranking-history.js';
import { relatedKeywordsQuery, relatedKeywordsTable } from '../keyword/related-keywords.js';
import { serpAnalysisQuery, serpAnalysisTable } from '../keyword/serp-analysis.js';
import { customListQuery, keywordListQuery, leadsQuery, topDomainsQuery } from '../outreach/outreach.js';
import {
  keywordAdHistorySchema,
  keywordAdvisorSchema,
  keywordBacklinksSchema,
  keywordRankingHistorySchema,
  keywordRelatedSchema,
  keywordSerpSchema,
  ppcAdHistorySchema,
  ppcAdTemplatesSchema,
  ppcAdvisorSchema,
  ppcCompetitorsSchema,
  ppcKeywordsSchema,
  ppcKombatSchema,
} from '../requests/ppc-keyword-requests.js';
import {
  backlinksSchema,
  competitorsSchema,
  customListSchema,
  keywordListSchema,
  kombatSchema,
  leadsSchema,
  rankingHistorySchema,
  seoKeywordsSchema,
  topDomainsSchema,
  topPagesSchema,
} from '../requests/seo-requests.js';
import { backlinksQuery } from '../seo/backlinks.js';
import { competitorsQuery } from '../seo/competitors.js';
import { keywordComparisonQuery } from '../seo/keyword-comparison.js';
import { kombatQuery } from '../seo/kombat.js';
import { topPagesQuery } from '../seo/top-pages.js';
import type { Sql } from '../sql.js';
import { domainIdOf, domainIdsOf, researchMonth, windowMonths } from '../warehouse/lookups.js';
import { type BuiltQuery, keywordOf, orderedTable, ResearchQueryError, type Subject, type TableOrder, type TableSpec } from '../tables/index.js';

/**
 * What an export streams for one research table: the table's whole query with the request's sort and filter and no
 * page window (null when the warehouse does not know the subject, like the endpoint's empty answer), the columns
 * only full users see, and — for the PPC/keyword tables — the mapping from SQL rows to the endpoint's rows.
 */
export interface PreparedExport {
  query: BuiltQuery | null;
  paidColumns: readonly string[];
  /** Turns one SQL row into the row the table endpoint answers; absent when the SQL already names its columns so. */
  map?: (raw: Record<string, unknown>) => object;
  /** A short name for the file: the table and what was asked ("seo-keywords-alpha.example"). */
  fileStem: string;
}

/** One exportable table: the same request schema as its endpoint, and how to prepare its whole query. */
export interface ExportSource<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  prepare(sql: Sql, input: z.output<Schema>): Promise<PreparedExport>;
}

type Month = { countryCode: string; month?: string | undefined };

const source = <Schema extends z.ZodType>(schema: Schema, prepare: (sql: Sql, input: z.output<Schema>) => Promise<PreparedExport>): ExportSource<Schema> => ({
  schema,
  prepare,
});

const monthOf = (sql: Sql, input: Month) => researchMonth(sql, input.countryCode, input.month);
const stem = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('-');

/** A PPC/keyword table: its sorted, filtered SQL, which maps its rows to the endpoint's. */
function kitTable<Raw, Row>(spec: TableSpec<Raw, Row>, base: BuiltQuery | null, order: TableOrder) {
  const query = base ? orderedTable(base, spec, order) : null;
  return { query, ...(query?.map ? { map: query.map } : {}) };
}

async function subjectOf(sql: Sql, input: { domain?: string | undefined; url?: string | undefined }): Promise<Subject | null> {
  if (input.domain !== undefined) {
    const domainId = await domainIdOf(sql, input.domain);
    return domainId === null ? null : { kind: 'domain', domainId };
  }
  const [page] = await sql.query<{ id: number; domain_id: number }>(
    `select id, domain_id from page where url = any(string_to_array(?, ' ')) order by id limit 1`,
    [urlVariants(input.url!).join(' ')],
  );
  return page ? { kind: 'page', pageId: page.id, domainId: page.domain_id } : null;
}

async function seoKeywords(sql: Sql, input: z.output<typeof seoKeywordsSchema>, withHistory: boolean, paidColumns: readonly string[], name: string): Promise<PreparedExport> {
  const subject = await subjectOf(sql, input);
  const competitorIds = input.competitor ? (await domainIdsOf(sql, input.competitor)).filter((id): id is number => id !== null) : [];
  const month = await monthOf(sql, input);
  const found = subject !== null && month !== null && (!input.competitor || competitorIds.length > 0);
  const type = input.type ?? 'all';
  return {
    query: found ? keywordComparisonQuery({ subject, territory: input.countryCode, month, type, competitorIds, withHistory }, input) : null,
    paidColumns,
    fileStem: stem(name, input.domain ?? input.url, type === 'all' ? undefined : type),
  };
}

/**
 * Every research table an export can stream, by the path of its endpoint under /rest/research/. The request is
 * validated with the endpoint's own schema (paging fields are accepted and ignored), so an export is exactly the
 * table on screen — every row of it, not the page.
 */
export const exportSources = {
  'seo/competitors': source(competitorsSchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.domain), monthOf(sql, input)]);
    return {
      query: domainId !== null && month ? competitorsQuery({ domainId, territory: input.countryCode, month }, input) : null,
      paidColumns: ['value'],
      fileStem: stem('seo-competitors', input.domain),
    };
  }),
  'seo/kombat': source(kombatSchema, async (sql, input) => {
    const ids = await domainIdsOf(sql, input.domains);
    const month = await monthOf(sql, input);
    const domainIds = ids.filter((id): id is number => id !== null);
    const found = domainIds.length === ids.length && month !== null;
    return {
      query: found ? kombatQuery({ domainIds, territory: input.countryCode, month }, input.segment, input) : null,
      paidColumns: ['cpc'],
      fileStem: stem('seo-kombat', ...input.domains, input.segment),
    };
  }),
  'seo/keywords': source(seoKeywordsSchema, (sql, input) => seoKeywords(sql, input, false, ['cpc', 'value'], 'seo-keywords')),
  'seo/ranking-history': source(rankingHistorySchema, (sql, input) =>
    seoKeywords(sql, input as unknown as z.output<typeof seoKeywordsSchema>, true, ['cpc', 'value'], 'seo-ranking-history'),
  ),
  'seo/top-pages': source(topPagesSchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.domain), monthOf(sql, input)]);
    return {
      query: domainId !== null && month ? topPagesQuery({ domainId, territory: input.countryCode, month, type: input.type }, input) : null,
      paidColumns: ['value'],
      fileStem: stem('seo-top-pages', input.domain, input.type),
    };
  }),
  'seo/backlinks': source(backlinksSchema, async (sql, input) => {
    const subject = await subjectOf(sql, input);
    const target = subject?.kind === 'page' ? { pageId: subject.pageId } : { domainId: subject?.domainId ?? 0 };
    return {
      query: subject ? backlinksQuery({ target, status: input.status }, input) : null,
      paidColumns: [],
      fileStem: stem('seo-backlinks', input.domain ?? input.url, input.status),
    };
  }),
  'outreach/top-domains': source(topDomainsSchema, async (sql, input) => {
    const month = await monthOf(sql, input);
    return {
      query: month ? topDomainsQuery({ territory: input.countryCode, month, topic: input.topic }, input) : null,
      paidColumns: ['value', 'budget'],
      fileStem: stem('outreach-top-domains', input.topic),
    };
  }),
  'outreach/keyword-list': source(keywordListSchema, async (sql, input) => {
    const month = await monthOf(sql, input);
    return {
      query: month ? keywordListQuery({ territory: input.countryCode, month, terms: input.keywords ?? [], topic: input.topic }, input) : null,
      paidColumns: ['value'],
      fileStem: stem('outreach-keyword-list', input.topic),
    };
  }),
  'outreach/custom-list': source(customListSchema, async (sql, input) => {
    const month = await monthOf(sql, input);
    return {
      query: month ? customListQuery({ territory: input.countryCode, month, domains: input.domains }, input) : null,
      paidColumns: ['value', 'budget'],
      fileStem: 'outreach-custom-list',
    };
  }),
  'outreach/leads': source(leadsSchema, async (sql, input) => {
    const [domainId, ...competitorIds] = await domainIdsOf(sql, [input.domain, ...input.competitors]);
    const known = competitorIds.filter((id): id is number => id !== null);
    const month = await monthOf(sql, input);
    const found = domainId !== null && domainId !== undefined && known.length > 0 && month !== null;
    return {
      query: found ? leadsQuery({ domainId, competitorIds: known, territory: input.countryCode, month }, input) : null,
      paidColumns: [],
      fileStem: stem('outreach-leads', input.domain),
    };
  }),

  'ppc/competitors': source(ppcCompetitorsSchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.query), monthOf(sql, input)]);
    const base = domainId !== null && month ? ppcCompetitorsQuery({ domainId, territory: input.countryCode, month }) : null;
    return { ...kitTable(ppcCompetitorsTable, base, input), paidColumns: ['paidClicks', 'budget'], fileStem: stem('ppc-competitors', input.query) };
  }),
  'ppc/kombat': source(ppcKombatSchema, async (sql, input) => {
    const domains = [input.query, ...input.competitors];
    if (new Set(domains).size !== domains.length) throw new ResearchQueryError('Kombat needs 2 or 3 different domains.');
    const [ids, month] = await Promise.all([domainIdsOf(sql, domains), monthOf(sql, input)]);
    const found = ids.every((id) => id !== null) && month !== null;
    const base = found ? ppcKombatQuery({ domainIds: ids as number[], territory: input.countryCode, month, segment: input.segment }) : null;
    return { ...kitTable(ppcKombatTable(domains.length), base, input), paidColumns: ['cpc', 'paidClicks'], fileStem: stem('ppc-kombat', ...domains, input.segment) };
  }),
  'ppc/keywords': source(ppcKeywordsSchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.query), monthOf(sql, input)]);
    const base = domainId !== null && month ? ppcKeywordsQuery({ domainId, territory: input.countryCode, month, type: input.type }) : null;
    return { ...kitTable(ppcKeywordsTable(input.type), base, input), paidColumns: ['cpc', 'paidClicks', 'budget'], fileStem: stem('ppc-keywords', input.query, input.type) };
  }),
  'ppc/ad-history': source(ppcAdHistorySchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.query), monthOf(sql, input)]);
    const window = month ? windowMonths(month, input.months) : [];
    const base = domainId !== null && month ? adHistoryQuery({ by: { domainId }, territory: input.countryCode, months: window }) : null;
    return { ...kitTable(adHistoryTable('domain', window), base, input), paidColumns: ['cpc', 'paidClicks'], fileStem: stem('ppc-ad-history', input.query) };
  }),
  'ppc/adwords-advisor': source(ppcAdvisorSchema, async (sql, input) => {
    const [domainId, month] = await Promise.all([domainIdOf(sql, input.query), monthOf(sql, input)]);
    let base: BuiltQuery | null = null;
    if (domainId !== null && month) {
      const competitorIds = await topPpcCompetitorIds(sql, { domainId, territory: input.countryCode, month, limit: advisorWindow.competitors });
      if (input.type !== 'buy' || competitorIds.length > 0) base = domainAdvisorQuery({ domainId, competitorIds, territory: input.countryCode, month, type: input.type });
    }
    return { ...kitTable(advisorTable, base, input), paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'], fileStem: stem('ppc-adwords-advisor', input.query, input.type) };
  }),
  'ppc/ad-templates': source(ppcAdTemplatesSchema, async (sql, input) => {
    const month = await monthOf(sql, input);
    const base = month ? adTemplatesQuery({ words: input.query.split(' '), territory: input.countryCode, month }) : null;
    return { ...kitTable(adTemplatesTable, base, input), paidColumns: ['paidClicks'], fileStem: stem('ppc-ad-templates', input.query) };
  }),

  'keyword/related': source(keywordRelatedSchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    const base = keyword && month ? relatedKeywordsQuery({ keywordId: keyword.id, term: input.query, territory: input.countryCode, month, type: input.type }) : null;
    return { ...kitTable(relatedKeywordsTable, base, input), paidColumns: ['cpc'], fileStem: stem('related-keywords', input.query, input.type) };
  }),
  'keyword/ad-history': source(keywordAdHistorySchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    const window = month ? windowMonths(month, input.months) : [];
    const base = keyword && month ? adHistoryQuery({ by: { keywordId: keyword.id }, territory: input.countryCode, months: window }) : null;
    return { ...kitTable(adHistoryTable('keyword', window), base, input), paidColumns: ['paidClicks'], fileStem: stem('keyword-ad-history', input.query) };
  }),
  'keyword/ranking-history': source(keywordRankingHistorySchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    const window = month ? windowMonths(month, input.months) : [];
    const base = keyword && month ? keywordRankingHistoryQuery({ keywordId: keyword.id, month, months: window }) : null;
    return { ...kitTable(keywordRankingHistoryTable(window), base, input), paidColumns: [], fileStem: stem('keyword-ranking-history', input.query) };
  }),
  'keyword/serp-analysis': source(keywordSerpSchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    const base = keyword && month ? serpAnalysisQuery({ keywordId: keyword.id, territory: input.countryCode, month }) : null;
    return { ...kitTable(serpAnalysisTable, base, input), paidColumns: ['value'], fileStem: stem('serp-analysis', input.query) };
  }),
  'keyword/backlinks': source(keywordBacklinksSchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    const base = keyword && month ? keywordBacklinksQuery({ keywordId: keyword.id, month }) : null;
    return { ...kitTable(keywordBacklinksTable, base, input), paidColumns: [], fileStem: stem('keyword-backlinks', input.query) };
  }),
  'keyword/adwords-advisor': source(keywordAdvisorSchema, async (sql, input) => {
    const [keyword, month] = await Promise.all([keywordOf(sql, input.countryCode, input.query), monthOf(sql, input)]);
    let base: BuiltQuery | null = null;
    if (keyword && month) {
      const advertisers = await sql.query<{ domain_id: number }>('select distinct domain_id from paid_ad where month = ?::date and keyword_id = ?', [month, keyword.id]);
      const advertiserIds = advertisers.map((row) => row.domain_id);
      if (input.type === 'negativematch' || advertiserIds.length > 0) base = keywordAdvisorQuery({ keyword, advertiserIds, territory: input.countryCode, month, type: input.type });
    }
    return { ...kitTable(advisorTable, base, input), paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'], fileStem: stem('keyword-adwords-advisor', input.query, input.type) };
  }),
};

export type ExportTableId = keyof typeof exportSources;
export const exportTableIds = Object.keys(exportSources) as ExportTableId[];

export const isExportTableId = (table: string): table is ExportTableId => Object.hasOwn(exportSources, table);

/**
 * Validates an export's table parameters with the table's own schema and prepares its whole query. A malformed
 * request throws the schema's ZodError (the API answers 400); a query the module refuses throws ResearchQueryError.
 */
export async function prepareExport(sql: Sql, table: ExportTableId, params: unknown): Promise<PreparedExport & { input: unknown }> {
  const exportSource = exportSources[table] as unknown as ExportSource;
  const input = exportSource.schema.parse(params);
  return { ...(await exportSource.prepare(sql, input)), input };
}
