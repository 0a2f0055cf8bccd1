import { adHistoryRowSchema, advisorRowSchema, keywordBacklinkRowSchema, keywordRankingHistoryRowSchema, relatedKeywordRowSchema, serpAnalysisRowSchema } from '@serpwise/contracts';
import { keywordAdvisorQuery } from '../keyword/keyword-advisor.js';
import { keywordBacklinksQuery, keywordBacklinksTable } from '../keyword/keyword-backlinks.js';
import { keywordRankingHistoryQuery, keywordRankingHistoryTable } from '../keyword/keyword-ranking-history.js';
import { relatedFirstPages } from '../keyword/related-keyword-words.js';
import { relatedKeywordsQuery, relatedKeywordsTable } from '../keyword/related-keywords.js';
import { serpAnalysisQuery, serpAnalysisTable } from '../keyword/serp-analysis.js';
import { adHistoryQuery, adHistoryTable } from '../ppc/ad-history.js';
import { advisorTable } from '../ppc/adwords-advisor.js';
import {
  keywordAdHistorySchema,
  keywordAdvisorSchema,
  keywordBacklinksSchema,
  keywordRankingHistorySchema,
  keywordRelatedSchema,
  keywordSerpSchema,
} from '../requests/ppc-keyword-requests.js';
import type { Sql } from '../sql.js';
import { keywordOf, type BuiltQuery } from '../tables/index.js';
import { windowMonths } from '../warehouse/lookups.js';
import { ordered, queryContext } from './ppc-tables.js';
import { preparedTable, researchTable, stem, type TableInput } from './research-table.js';

const keywordContext = async (sql: Sql, input: TableInput & { query: string }) => {
  const { found: keyword, month, answer } = await queryContext(sql, input, (sql, term) => keywordOf(sql, input.countryCode, term));
  return { keyword, month, answer };
};

/** The keyword research tables (docs/research-data.md, "PPC and keyword research tables"). */
export const keywordTables = {
  'keyword/related': researchTable({
    id: 'keyword/related',
    row: relatedKeywordRowSchema,
    schema: keywordRelatedSchema,
    paidColumns: ['cpc'],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      const criteria = keyword && month ? { keywordId: keyword.id, term: input.query, territory: input.countryCode, month, type: input.type } : null;
      const query = criteria ? ordered(relatedKeywordsTable, relatedKeywordsQuery(criteria), input) : null;
      // Beside a giant subject a word of the keyword is a word of 125,000 others (issue 27): a first page that does not score them all.
      const paged = query && criteria ? await relatedFirstPages(sql, query, criteria, input) : query;
      return preparedTable(paged, { ...answer, type: input.type }, stem('related-keywords', input.query, input.type));
    },
  }),
  'keyword/ad-history': researchTable({
    id: 'keyword/ad-history',
    row: adHistoryRowSchema,
    schema: keywordAdHistorySchema,
    paidColumns: ['paidClicks'],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      const window = month ? windowMonths(month, input.months) : [];
      const base = keyword && month ? adHistoryQuery({ by: { keywordId: keyword.id }, territory: input.countryCode, months: window }) : null;
      return preparedTable(ordered(adHistoryTable('keyword', window), base, input), { ...answer, months: window }, stem('keyword-ad-history', input.query));
    },
  }),
  'keyword/ranking-history': researchTable({
    id: 'keyword/ranking-history',
    row: keywordRankingHistoryRowSchema,
    schema: keywordRankingHistorySchema,
    paidColumns: [],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      const window = month ? windowMonths(month, input.months) : [];
      const base = keyword && month ? keywordRankingHistoryQuery({ keywordId: keyword.id, month, months: window }) : null;
      return preparedTable(ordered(keywordRankingHistoryTable(window), base, input), { ...answer, months: window }, stem('keyword-ranking-history', input.query));
    },
  }),
  'keyword/serp-analysis': researchTable({
    id: 'keyword/serp-analysis',
    row: serpAnalysisRowSchema,
    schema: keywordSerpSchema,
    paidColumns: ['value'],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      const base = keyword && month ? serpAnalysisQuery({ keywordId: keyword.id, territory: input.countryCode, month }) : null;
      return preparedTable(ordered(serpAnalysisTable, base, input), answer, stem('serp-analysis', input.query));
    },
  }),
  'keyword/backlinks': researchTable({
    id: 'keyword/backlinks',
    row: keywordBacklinkRowSchema,
    schema: keywordBacklinksSchema,
    paidColumns: [],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      const base = keyword && month ? keywordBacklinksQuery({ keywordId: keyword.id, month }) : null;
      return preparedTable(ordered(keywordBacklinksTable, base, input), answer, stem('keyword-backlinks', input.query));
    },
  }),
  'keyword/adwords-advisor': researchTable({
    id: 'keyword/adwords-advisor',
    row: advisorRowSchema,
    schema: keywordAdvisorSchema,
    paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'],
    prepare: async (sql, input) => {
      const { keyword, month, answer } = await keywordContext(sql, input);
      let base: BuiltQuery | null = null;
      if (keyword && month) {
        const advertisers = await sql.query<{ domain_id: number }>('select distinct domain_id from paid_ad where month = ?::date and keyword_id = ?', [month, keyword.id]);
        const advertiserIds = advertisers.map((row) => row.domain_id);
        // Nothing to recommend buying without advertisers to learn from.
        if (input.type === 'negativematch' || advertiserIds.length > 0) base = keywordAdvisorQuery({ keyword, advertiserIds, territory: input.countryCode, month, type: input.type });
      }
      return preparedTable(ordered(advisorTable, base, input), { ...answer, type: input.type }, stem('keyword-adwords-advisor', input.query, input.type));
    },
  }),
};
