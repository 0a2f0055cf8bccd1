import type { PageRequest } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import type { CompetitorRow } from '@serpwise/contracts';
import { type BuiltQuery, orderedTable, pageOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { CompetitorRow };

export const competitorsSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'commonKeywords', 'theirKeywords', 'overlap', 'clicks', 'value']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'commonKeywords', direction: 'desc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

type CompetitorsCriteria = { domainId: number; territory: string; month: string };

/**
 * The month's ranks of the domain's keywords by other domains, as `shared_ranks`. The keyword ids go in as an array
 * (`= any(array(…))`), so each keyword's rows are read through the primary key (month, keyword_id, …), where a
 * join made PostgreSQL read and hash the whole month of the territory (≈ 3× slower for a large domain).
 */
const sharedRanks = `mine as (
      select distinct r.keyword_id from organic_rank r where r.domain_id = ? and r.territory = ? and r.month = ?::date),
    shared_ranks as (
      select r.domain_id, r.keyword_id
      from organic_rank r
      where r.month = ?::date and r.territory = ? and r.domain_id <> ? and r.keyword_id = any(array(select keyword_id from mine)))`;

const sharedRanksParams = ({ domainId, territory, month }: CompetitorsCriteria) => [domainId, territory, month, month, territory, domainId];

export function competitorsQuery(criteria: CompetitorsCriteria, order: TableOrder): BuiltQuery {
  const { territory, month } = criteria;
  const sql = `with ${sharedRanks},
    shared as (select domain_id, count(distinct keyword_id) as common from shared_ranks group by domain_id)
    select d.name as "domain", s.common::int as "commonKeywords", dm.organic_keywords::int as "theirKeywords",
      round(100.0 * s.common / ((select count(*) from mine) + dm.organic_keywords - s.common), 1)::float8 as "overlap",
      dm.organic_clicks::float8 as "clicks", dm.organic_value::float8 as "value"
    from shared s join domain d on d.id = s.domain_id
    join domain_month dm on dm.domain_id = s.domain_id and dm.territory = ? and dm.month = ?::date`;
  // Counting needs which domains share a keyword, not how many keywords each shares: a semi-join, no distinct count.
  const countSql = `with ${sharedRanks}
    select dm.domain_id from domain_month dm join domain d on d.id = dm.domain_id
    where dm.territory = ? and dm.month = ?::date and dm.domain_id in (select domain_id from shared_ranks)`;
  // At most one row per domain of the territory: a page counts them in its own statement (pageOf).
  return orderedTable({ sql, countSql, params: [...sharedRanksParams(criteria), territory, month], fewRows: true }, competitorsSpec, order);
}

export const competitorsPage = (sql: Sql, criteria: CompetitorsCriteria, order: TableOrder, page: PageRequest) =>
  pageOf<CompetitorRow>(sql, competitorsQuery(criteria, order), page);
