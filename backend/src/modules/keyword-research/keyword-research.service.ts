import { Inject, Injectable } from '@nestjs/common';
import type { PageRequest, RecommendationType, RelatedKeywordType, Viewer } from '@serpwise/contracts';
import {
  adHistoryQuery,
  adHistoryTable,
  advisorTable,
  bulkKeywordsQuery,
  bulkKeywordsTable,
  keywordAdvisorQuery,
  keywordBacklinksQuery,
  keywordBacklinksTable,
  keywordOf,
  keywordOverview,
  keywordRankingHistoryQuery,
  keywordRankingHistoryTable,
  pageTable,
  relatedKeywordsQuery,
  relatedKeywordsTable,
  researchMonth,
  serpAnalysisQuery,
  serpAnalysisTable,
  unknownKeywords,
  windowMonths,
  type KeywordOverview,
  type AdvisorRow,
  type TableOrder,
} from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import { emptyTable, tableAnswer } from '../ppc-research/research-request.schemas.js';

type TableInput = TableOrder & PageRequest & { countryCode: string; month?: string | undefined };

/** Keyword research (issue 4 item 5); paid columns are withheld per viewer (item 6). */
@Injectable()
export class KeywordResearchService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  async overview(term: string, input: { countryCode: string; month?: string | undefined }, viewer: Viewer): Promise<KeywordOverview> {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const overview = await keywordOverview(this.sql, { term, territory: input.countryCode, month });
    if (viewer === 'full') return overview;
    return { ...overview, cpc: null, advertisers: overview.advertisers.map((ad) => ({ ...ad, paidClicks: null })) };
  }

  private async context(term: string, input: TableInput) {
    const [keyword, month] = await Promise.all([keywordOf(this.sql, input.countryCode, term), researchMonth(this.sql, input.countryCode, input.month)]);
    return { keyword, month, base: { query: term, territory: input.countryCode, month, wasQueryFound: keyword !== null } };
  }

  async related(term: string, type: RelatedKeywordType, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    const table = keyword && month ? await pageTable(this.sql, relatedKeywordsTable, relatedKeywordsQuery({ keywordId: keyword.id, term, territory: input.countryCode, month, type }), input) : emptyTable;
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['cpc'], ...base }), type };
  }

  async adHistory(term: string, months: number, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    const window = month ? windowMonths(month, months) : [];
    const table = keyword && month ? await pageTable(this.sql, adHistoryTable('keyword', window), adHistoryQuery({ by: { keywordId: keyword.id }, territory: input.countryCode, months: window }), input) : emptyTable;
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['paidClicks'], ...base }), months: window };
  }

  async rankingHistory(term: string, months: number, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    const window = month ? windowMonths(month, months) : [];
    const table = keyword && month ? await pageTable(this.sql, keywordRankingHistoryTable(window), keywordRankingHistoryQuery({ keywordId: keyword.id, month, months: window }), input) : emptyTable;
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: [], ...base }), months: window };
  }

  async serpAnalysis(term: string, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    const table = keyword && month ? await pageTable(this.sql, serpAnalysisTable, serpAnalysisQuery({ keywordId: keyword.id, territory: input.countryCode, month }), input) : emptyTable;
    return tableAnswer({ table, request: input, viewer, paidColumns: ['value'], ...base });
  }

  async backlinks(term: string, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    const table = keyword && month ? await pageTable(this.sql, keywordBacklinksTable, keywordBacklinksQuery({ keywordId: keyword.id, month }), input) : emptyTable;
    return tableAnswer({ table, request: input, viewer, paidColumns: [], ...base });
  }

  async bulk(terms: string[], input: TableInput, viewer: Viewer) {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const [notFound, table] = await Promise.all([
      unknownKeywords(this.sql, { terms, territory: input.countryCode }),
      month ? pageTable(this.sql, bulkKeywordsTable, bulkKeywordsQuery({ terms, territory: input.countryCode, month }), input) : emptyTable,
    ]);
    const answer = tableAnswer({ table, request: input, viewer, paidColumns: ['cpc'], query: `${terms.length} keywords`, territory: input.countryCode, month, wasQueryFound: notFound.length < terms.length });
    return { ...answer, uploaded: terms.length, notFound };
  }

  async advisor(term: string, type: RecommendationType, input: TableInput, viewer: Viewer) {
    const { keyword, month, base } = await this.context(term, input);
    let table: { rows: AdvisorRow[]; totalRows: number } = emptyTable;
    if (keyword && month) {
      const advertisers = await this.sql.query<{ domain_id: number }>('select distinct domain_id from paid_ad where month = ?::date and keyword_id = ?', [month, keyword.id]);
      const advertiserIds = advertisers.map((row) => row.domain_id);
      if (type === 'negativematch' || advertiserIds.length > 0) {
        table = await pageTable(this.sql, advisorTable, keywordAdvisorQuery({ keyword, advertiserIds, territory: input.countryCode, month, type }), input);
      }
    }
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'], ...base }), type };
  }
}
