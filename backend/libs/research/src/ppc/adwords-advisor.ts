import type { RecommendationType } from '@serpwise/contracts';
import { paidCtr } from '../formulas/click-through.js';
import { windowStart } from '../warehouse/lookups.js';
import { arrayLiteral, type BuiltQuery, rowSourceOf, ppcKeywordTableOrder, sortableAsNamed, type TableSpec } from '../tables/index.js';
import type { AdvisorRow } from '@serpwise/contracts';
export type { AdvisorRow };

/**
 * The adwords advisor of a domain in month M, against its top 10 PPC competitors (most common paid keywords in M):
 * - buy: keywords at least one of those competitors bought in M *and* in at least 3 of the 6 months ending at M
 *   (an advertiser that keeps paying for a keyword is taken to buy it profitably), which the domain did not buy in M.
 *   advertisers = how many of the competitors bought it in M; competitorMonths = the most months (of the 6) any of
 *   them bought it; estimatedClicks = volume × paid CTR of position 1, rounded; estimatedBudget = that × CPC.
 * - negativematch: keywords the domain bought in M that look like wasted spend, with the first reason that applies:
 *   'offtopic' (the keyword's topic differs from the domain's topic, both known), 'question' (an informational
 *   question search), 'noclicks' (its estimated paid clicks in M round to 0).
 */
export const advisorTable: TableSpec<never, AdvisorRow> = {
  sortColumns: sortableAsNamed([
    'keyword', 'volume', 'cpc', 'competition', 'advertisers', 'competitorMonths', 'estimatedClicks', 'estimatedBudget', 'reason', 'position', 'paidClicks',
  ]),
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'advertisers', direction: 'desc' }, { column: 'volume', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
};

/** How many months back the advisor looks, and how many of them make a keyword "profitable" for a competitor. */
export const advisorWindow = { months: 6, profitableMonths: 3, competitors: 10 } as const;

/** buy rows for the keywords the given advertisers keep buying and the excluded set does not (shared with the keyword advisor). */
export function buyRecommendationsQuery(input: { advertiserIds: number[]; excludedKeywordsSql: string; excludedParams: unknown[]; territory: string; month: string }): BuiltQuery {
  const ctr = paidCtr(1);
  return {
    sql: `with runs as (
            select keyword_id, domain_id, count(distinct month)::int as months, bool_or(month = ?::date) as now
            from paid_ad where territory = ? and month between ?::date and ?::date and domain_id = any(?::int[])
            group by keyword_id, domain_id
          ), candidates as (
            select keyword_id, count(*) filter (where now)::int as advertisers, max(months)::int as competitor_months
            from runs group by keyword_id
            having bool_or(now and months >= ${advisorWindow.profitableMonths})
          )
          select k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, c.advertisers, c.competitor_months as "competitorMonths",
            round(k.volume * ${ctr})::int as "estimatedClicks", round(round(k.volume * ${ctr}) * k.cpc, 2)::float8 as "estimatedBudget",
            null::text as reason, null::int as position, null::int as "paidClicks",
            -- the recommended keyword's numbers (row-source.ts)
            ${rowSourceOf('k.source_id')}
          from candidates c join keyword k on k.id = c.keyword_id
          where c.keyword_id not in (${input.excludedKeywordsSql})`,
    params: [input.month, input.territory, windowStart(input.month, advisorWindow.months), input.month, arrayLiteral(input.advertiserIds), ...input.excludedParams],
  };
}

export function domainAdvisorQuery(input: { domainId: number; competitorIds: number[]; territory: string; month: string; type: RecommendationType }): BuiltQuery {
  if (input.type === 'buy') {
    return buyRecommendationsQuery({
      advertiserIds: input.competitorIds,
      excludedKeywordsSql: 'select keyword_id from paid_ad where domain_id = ? and territory = ? and month = ?::date',
      excludedParams: [input.domainId, input.territory, input.month],
      territory: input.territory,
      month: input.month,
    });
  }
  return {
    sql: `with mine as (
            select keyword_id, min(position)::int as position, sum(clicks)::int as clicks, array_agg(distinct source_id) as sources
            from paid_ad where domain_id = ? and territory = ? and month = ?::date group by keyword_id
          )
          select k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, null::int as advertisers,
            null::int as "competitorMonths", null::int as "estimatedClicks", null::float8 as "estimatedBudget",
            case when k.topic is not null and d.topic is not null and k.topic <> d.topic then 'offtopic'
                 when k.is_question then 'question' else 'noclicks' end as reason,
            m.position, m.clicks as "paidClicks", ${rowSourceOf('m.sources')}
          from mine m join keyword k on k.id = m.keyword_id join domain d on d.id = ?
          where (k.topic is not null and d.topic is not null and k.topic <> d.topic) or k.is_question or m.clicks = 0`,
    params: [input.domainId, input.territory, input.month, input.domainId],
  };
}
