import { Inject, Injectable } from '@nestjs/common';
import type { PageRequest, Viewer } from '@serpwise/contracts';
import {
  bulkKeywordsQuery,
  bulkKeywordsTable,
  keywordOverview,
  orderedTable,
  preparedTable,
  researchMonth,
  researchTablePage,
  unknownKeywords,
  type KeywordOverview,
  type TableOrder,
} from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import { AnalyticsRecorder } from '@serpwise/platform';

type TableInput = TableOrder & PageRequest & { countryCode: string; month?: string | undefined };

/**
 * Keyword research answers beyond the catalogue's tables (issue 4 item 5; ResearchTablesService pages those): the
 * overview and the bulk upload. Paid columns are withheld per viewer (item 6).
 */
@Injectable()
export class KeywordResearchService {
  constructor(
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async overview(term: string, input: { countryCode: string; month?: string | undefined }, viewer: Viewer): Promise<KeywordOverview> {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const overview = await keywordOverview(this.sql, { term, territory: input.countryCode, month });
    this.analytics.record('Keyword_Overview_Viewed', input.countryCode.toLowerCase());
    if (viewer === 'full') return overview;
    return { ...overview, cpc: null, advertisers: overview.advertisers.map((ad) => ({ ...ad, paidClicks: null })) };
  }

  /** The metrics of uploaded keywords: a table of a request body (no export), found when the warehouse knows one of them. */
  async bulk(terms: string[], input: TableInput, viewer: Viewer) {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const query = month ? orderedTable(bulkKeywordsQuery({ terms, territory: input.countryCode, month }), bulkKeywordsTable, input) : null;
    const answer = { query: `${terms.length} keywords`, territory: input.countryCode, month, wasQueryFound: false };
    const [notFound, table] = await Promise.all([
      unknownKeywords(this.sql, { terms, territory: input.countryCode }),
      researchTablePage(this.sql, { paidColumns: ['cpc'] }, preparedTable(query, answer, ''), input, viewer),
    ]);
    return { ...table, wasQueryFound: notFound.length < terms.length, uploaded: terms.length, notFound };
  }
}
