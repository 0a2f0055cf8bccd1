import type { CompetitorRow } from '@serpwise/contracts';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { CompetitorRow };

export const competitorsSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'commonKeywords', 'theirKeywords', 'overlap', 'clicks', 'value']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'commonKeywords', direction: 'desc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/** `fromRollup`: read the precomputed competitors (competitorsRolledUp said the viewer may: warehouse/competitor-rollup.ts). */
type CompetitorsCriteria = { domainId: number; territory: string; month: string; fromRollup?: boolean };

/**
 * The month's ranks of the domain's keywords by other domains, as `shared_ranks`. The keyword ids go in as an array
 * (`= any(array(…))`), so each keyword's rows are read through the primary key (month, keyword_id, …), where a
 * join made PostgreSQL read and hash the whole month of the territory (≈ 3× slower for a large domain).
 */
const sharedRanks = `mine as (
      select distinct r.keyword_id from organic_rank r where r.domain_id = ? and r.territory = ? and r.month = ?::date),
    shared_ranks as (
      select r.domain_id, r.keyword_id, r.source_id
      from organic_rank r
      where r.month = ?::date and r.territory = ? and r.domain_id <> ? and r.keyword_id = any(array(select keyword_id from mine)))`;

/**
 * The competitors a data provider named for the domain that month, with the keywords both rank for by its count
 * (issue 20: the warehouse holds the domain's fetched keywords, not the competitors', so ranks cannot show them);
 * where ranks show a competitor too, the larger count is kept.
 */
const providerCompetitors = `select competitor_domain_id as domain_id, common_keywords as common, array[source_id] as sources from provider_competitor
      where domain_id = ? and territory = ? and month = ?::date`;
const providerCompetitorsParams = ({ domainId, territory, month }: CompetitorsCriteria) => [domainId, territory, month];

const sharedRanksParams = ({ domainId, territory, month }: CompetitorsCriteria) => [domainId, territory, month, month, territory, domainId];

/** The competitors ranks show, as (domain_id, common, sources) rows; `mine` the domain's keyword count. */
function competitorsByRanks(criteria: CompetitorsCriteria) {
  if (criteria.fromRollup) {
    const key = [criteria.domainId, criteria.territory, criteria.month];
    return {
      ctes: 'rolled as (select keywords from competitor_rollup_month where domain_id = ? and territory = ? and month = ?::date)',
      named: 'select competitor_domain_id as domain_id, common_keywords as common, source_ids as sources from competitor_month where domain_id = ? and territory = ? and month = ?::date',
      domainIds: 'select competitor_domain_id from competitor_month where domain_id = ? and territory = ? and month = ?::date',
      mine: '(select keywords from rolled)',
      cteParams: key, namedParams: key,
    };
  }
  return {
    ctes: sharedRanks,
    named: 'select domain_id, count(distinct keyword_id) as common, array_agg(distinct source_id) as sources from shared_ranks group by domain_id',
    domainIds: 'select domain_id from shared_ranks',
    mine: '(select count(*) from mine)',
    cteParams: sharedRanksParams(criteria), namedParams: [],
  };
}

export function competitorsQuery(criteria: CompetitorsCriteria, order: TableOrder): BuiltQuery {
  const { territory, month } = criteria;
  const ranks = competitorsByRanks(criteria);
  const sql = `with ${ranks.ctes},
    shared as (select domain_id, max(common) as common, array_agg(distinct source) as sources from (
      ${ranks.named}
      union all ${providerCompetitors}) named cross join unnest(named.sources) as source group by domain_id)
    select d.name as "domain", s.common::int as "commonKeywords", dm.organic_keywords::int as "theirKeywords",
      round(100.0 * s.common / greatest(${ranks.mine} + dm.organic_keywords - s.common, s.common), 1)::float8 as "overlap",
      dm.organic_clicks::float8 as "clicks", dm.organic_value::float8 as "value",
      ${rowSourceOf('s.sources')}
    from shared s join domain d on d.id = s.domain_id
    join domain_month dm on dm.domain_id = s.domain_id and dm.territory = ? and dm.month = ?::date`;
  // Counting needs which domains share a keyword, not how many keywords each shares: a semi-join, no distinct count.
  // The same parameters in the same order as the table's statement: the ranks' domains, then the provider's, the month.
  const countSql = `with ${ranks.ctes}, ranked as (${ranks.domainIds}), named as (${providerCompetitors})
    select dm.domain_id from domain_month dm join domain d on d.id = dm.domain_id
    where dm.territory = ? and dm.month = ?::date and dm.domain_id in (select * from ranked union all select domain_id from named)`;
  // At most one row per domain of the territory: a page counts them in its own statement (pageOf).
  const params = [...ranks.cteParams, ...ranks.namedParams, ...providerCompetitorsParams(criteria), territory, month];
  return orderedTable({ sql, countSql, params, fewRows: true }, competitorsSpec, order);
}
