import type { PageRequest } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { orderedTable, pageOf, type BuiltQuery, type TableOrder, type TableSpec } from './table-query.js';

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

export const competitorsSpec: TableSpec = {
  sortable: ['domain', 'commonKeywords', 'theirKeywords', 'overlap', 'clicks', 'value'],
  filterColumns: ['domain'],
  defaultSort: 'commonKeywords',
  defaultDirection: 'desc',
  tieBreak: 't."domain" asc',
};

export function competitorsQuery(criteria: { domainId: number; territory: string; month: string }, order: TableOrder): BuiltQuery {
  const sql = `with mine as (
      select distinct r.keyword_id from organic_rank r where r.domain_id = ? and r.territory = ? and r.month = ?::date),
    shared as (
      select r.domain_id, count(distinct r.keyword_id) as common
      from organic_rank r join mine using (keyword_id)
      where r.month = ?::date and r.territory = ? and r.domain_id <> ?
      group by r.domain_id)
    select d.name as "domain", s.common::int as "commonKeywords", dm.organic_keywords::int as "theirKeywords",
      round(100.0 * s.common / ((select count(*) from mine) + dm.organic_keywords - s.common), 1)::float8 as "overlap",
      dm.organic_clicks::float8 as "clicks", dm.organic_value::float8 as "value"
    from shared s join domain d on d.id = s.domain_id
    join domain_month dm on dm.domain_id = s.domain_id and dm.territory = ? and dm.month = ?::date`;
  const { domainId, territory, month } = criteria;
  return orderedTable({ sql, params: [domainId, territory, month, month, territory, domainId, territory, month] }, competitorsSpec, order);
}

export const competitorsPage = (sql: Sql, criteria: { domainId: number; territory: string; month: string }, order: TableOrder, page: PageRequest) =>
  pageOf<CompetitorRow>(sql, competitorsQuery(criteria, order), page);
