import { arrayLiteral, type BuiltQuery, rowSourceOf, ppcKeywordTableOrder, type TableSpec } from '../tables/index.js';
import type { KeywordRankingHistoryRow } from '@serpwise/contracts';
export type { KeywordRankingHistoryRow };

interface Raw {
  domain: string;
  url: string;
  position: number;
  clicks: number;
  by_month: { month: string; position: number }[];
}

/**
 * Ranking history of a keyword: one row per domain in its organic top 10 in month M, with the domain's best
 * position in every month of the window ending at M (null = not among the stored top 20 that month).
 */
export const keywordRankingHistoryTable = (months: string[]): TableSpec<Raw, KeywordRankingHistoryRow> => ({
  sortColumns: { domain: 'domain', position: 'position', clicks: 'clicks' },
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'position', direction: 'asc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => {
    const positions = new Map(raw.by_month.map((entry) => [entry.month, entry.position]));
    return { domain: raw.domain, url: raw.url, position: raw.position, clicks: raw.clicks, positions: months.map((month) => positions.get(month) ?? null) };
  },
});

export function keywordRankingHistoryQuery(input: { keywordId: number; month: string; months: string[] }): BuiltQuery {
  return {
    sql: `with current as (
            select distinct on (domain_id) domain_id, page_id, position, clicks, source_id from organic_rank
            where month = ?::date and keyword_id = ? and position <= 10 order by domain_id, position
          ), history as (
            select r.domain_id, r.month, min(r.position)::int as position from organic_rank r join current c on c.domain_id = r.domain_id
            where r.keyword_id = ? and r.month = any(?::date[]) group by r.domain_id, r.month
          )
          select d.name as domain, p.url, c.position::int as position, c.clicks,
            (select json_agg(json_build_object('month', to_char(h.month, 'YYYY-MM-DD'), 'position', h.position)) from history h where h.domain_id = c.domain_id) as by_month,
            -- the domain's rank row of month M shown (row-source.ts)
            ${rowSourceOf('c.source_id')}
          from current c join domain d on d.id = c.domain_id left join page p on p.id = c.page_id`,
    params: [input.month, input.keywordId, input.keywordId, arrayLiteral(input.months)],
  };
}
