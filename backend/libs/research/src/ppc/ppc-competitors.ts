import type { Sql } from '../sql.js';
import { type BuiltQuery, ppcKeywordTableOrder, rowSourceOf, sortableAsNamed, type TableSpec } from '../tables/index.js';
import type { PpcCompetitorRow } from '@serpwise/contracts';
export type { PpcCompetitorRow };

export const ppcCompetitorsTable: TableSpec<never, PpcCompetitorRow> = {
  sortColumns: sortableAsNamed(['domain', 'commonKeywords', 'competitionLevel', 'paidKeywords', 'paidClicks', 'budget']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'commonKeywords', direction: 'desc' }, { column: 'paidClicks', direction: 'desc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
};

/**
 * PPC competitors: the other domains that bought at least one of the domain's paid keywords in the month. The
 * domain's keyword ids go in as an array (`= any(array(…))`), so paid_ad's primary key (month, keyword_id, …) reads
 * the ads of those keywords only, where a join read and hashed the month's every ad (≈ 110 → 10 ms).
 */
export function ppcCompetitorsQuery(input: { domainId: number; territory: string; month: string }): BuiltQuery {
  return {
    sql: `with mine as (
            select distinct keyword_id from paid_ad where domain_id = ? and territory = ? and month = ?::date
          ), shared as (
            select a.domain_id, count(distinct a.keyword_id)::int as common_keywords, array_agg(distinct a.source_id) as sources
            from paid_ad a
            where a.territory = ? and a.month = ?::date and a.domain_id <> ? and a.keyword_id = any(array(select keyword_id from mine))
            group by a.domain_id
          )
          select d.name as domain, s.common_keywords as "commonKeywords",
            round(s.common_keywords::numeric / ((select count(*) from mine) + dm.paid_keywords - s.common_keywords), 4)::float8 as "competitionLevel",
            dm.paid_keywords as "paidKeywords", dm.paid_clicks::float8 as "paidClicks", dm.paid_budget::float8 as budget,
            -- the competitor's ads on the shared keywords (row-source.ts)
            ${rowSourceOf('s.sources')}
          from shared s
          join domain d on d.id = s.domain_id
          join domain_month dm on dm.domain_id = s.domain_id and dm.territory = ? and dm.month = ?::date`,
    params: [input.domainId, input.territory, input.month, input.territory, input.month, input.domainId, input.territory, input.month],
  };
}

/** The ids of a domain's top PPC competitors (most common keywords) in a month, for the adwords advisor. */
export async function topPpcCompetitorIds(sql: Sql, input: { domainId: number; territory: string; month: string; limit: number }): Promise<number[]> {
  const rows = await sql.query<{ domain_id: number }>(
    `with mine as (select distinct keyword_id from paid_ad where domain_id = ? and territory = ? and month = ?::date)
     select a.domain_id from paid_ad a
     where a.territory = ? and a.month = ?::date and a.domain_id <> ? and a.keyword_id = any(array(select keyword_id from mine))
     group by a.domain_id order by count(distinct a.keyword_id) desc, a.domain_id limit ?`,
    [input.domainId, input.territory, input.month, input.territory, input.month, input.domainId, input.limit],
  );
  return rows.map((row) => row.domain_id);
}
