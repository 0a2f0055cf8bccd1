import type { Sql } from '../sql.js';
import { arrayLiteral, type BuiltQuery, ppcKeywordTableOrder, sortableAsNamed, type TableSpec } from '../tables/index.js';
import type { BulkKeywordRow } from '@serpwise/contracts';
export type { BulkKeywordRow };

/**
 * Bulk keyword metrics: for each uploaded keyword the warehouse knows in the territory, its metrics and — in month
 * M — its organic results (top 20 stored), estimated organic clicks and advertisers.
 */
/** Bulk upload: at most this many keywords (after blank lines and repeats are dropped) per request. */
export const bulkKeywordLimit = 1000;

export const bulkKeywordsTable: TableSpec<never, BulkKeywordRow> = {
  sortColumns: sortableAsNamed(['keyword', 'volume', 'cpc', 'competition', 'difficulty', 'resultCount', 'organicClicks', 'advertisers']),
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'volume', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
};

export function bulkKeywordsQuery(input: { terms: string[]; territory: string; month: string }): BuiltQuery {
  return {
    sql: `select k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, k.difficulty::int as difficulty,
            k.result_count::float8 as "resultCount",
            -- no results that month: 0 clicks; results whose clicks are unknown (unknown volume): null
            (select case when count(*) = 0 then 0 else sum(r.clicks) end from organic_rank r where r.month = ?::date and r.keyword_id = k.id)::float8 as "organicClicks",
            (select count(distinct a.domain_id) from paid_ad a where a.month = ?::date and a.keyword_id = k.id)::int as advertisers
          from keyword k where k.territory = ? and k.term = any(?::text[])`,
    params: [input.month, input.month, input.territory, arrayLiteral(input.terms)],
  };
}

/** The uploaded keywords the warehouse does not know in the territory, in upload order. */
export async function unknownKeywords(sql: Sql, input: { terms: string[]; territory: string }): Promise<string[]> {
  const known = await sql.query<{ term: string }>(`select term from keyword where territory = ? and term = any(?::text[])`, [input.territory, arrayLiteral(input.terms)]);
  const found = new Set(known.map((row) => row.term));
  return input.terms.filter((term) => !found.has(term));
}
