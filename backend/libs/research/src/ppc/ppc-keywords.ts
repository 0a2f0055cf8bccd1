import type { PaidSearchType } from '@serpwise/contracts';
import { type BuiltQuery, ppcKeywordTableOrder, rowSourceOf, sortableAsNamed, type TableSpec } from '../tables/index.js';
import type { PpcKeywordRow } from '@serpwise/contracts';
export type { PpcKeywordRow };

/**
 * PPC keywords of a domain in month M (the keywords its ads showed for in M):
 * - mostsuccessful: all of them, by default sorted by months bought (how many months up to M the domain bought the
 *   keyword — the longer an advertiser keeps paying for a keyword the more it earns), then paid clicks;
 * - newkeywords: those bought in M and in no earlier month, by default sorted by paid clicks.
 */
export const ppcKeywordsTable = (type: PaidSearchType): TableSpec<never, PpcKeywordRow> => ({
  sortColumns: sortableAsNamed(['keyword', 'volume', 'cpc', 'position', 'paidClicks', 'budget', 'monthsBought', 'firstMonth']),
  filterColumns: ['keyword'],
  defaultOrder:
    type === 'mostsuccessful'
      ? [{ column: 'monthsBought', direction: 'desc' }, { column: 'paidClicks', direction: 'desc' }]
      : [{ column: 'paidClicks', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
});

export function ppcKeywordsQuery(input: { domainId: number; territory: string; month: string; type: PaidSearchType }): BuiltQuery {
  return {
    sql: `with past as (
            select keyword_id, count(distinct month)::int as months_bought, min(month) as first_month
            from paid_ad where domain_id = ? and territory = ? and month <= ?::date group by keyword_id
          ), current as (
            select distinct on (keyword_id) keyword_id, position, ad_copy_id, source_id, sum(clicks) over (partition by keyword_id)::int as clicks
            from paid_ad where domain_id = ? and territory = ? and month = ?::date
            order by keyword_id, position
          )
          select k.term as keyword, k.volume, k.cpc::float8 as cpc, c.position::int as position, c.clicks as "paidClicks",
            round(c.clicks * k.cpc, 2)::float8 as budget, p.months_bought as "monthsBought", to_char(p.first_month, 'YYYY-MM-DD') as "firstMonth",
            ac.headline, ac.body, ac.display_url as "displayUrl",
            -- the ad row shown: the domain's best position of the month (row-source.ts)
            ${rowSourceOf('c.source_id')}
          from current c join past p on p.keyword_id = c.keyword_id
          join keyword k on k.id = c.keyword_id join ad_copy ac on ac.id = c.ad_copy_id
          ${input.type === 'newkeywords' ? 'where p.first_month = ?::date' : ''}`,
    params: [input.domainId, input.territory, input.month, input.domainId, input.territory, input.month, ...(input.type === 'newkeywords' ? [input.month] : [])],
  };
}
