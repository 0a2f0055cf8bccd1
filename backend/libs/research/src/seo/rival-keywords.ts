import type { OrderKey } from '../tables/built-query.js';
import { readFromMonthRollup, type TopIds } from '../tables/month-rollup-read.js';
import { arrayLiteral, type BuiltQuery } from '../tables/index.js';
import { previousMonth } from '../warehouse/lookups.js';
import type { RivalSource } from '../warehouse/rival-rollup.js';

/**
 * The SEO keywords' competitor types with named competitors (theyoutrankyou, theyjustsurpassedyou,
 * competitorsjustsurpassedyou) of a rolled-up subject (issue 27 point 1). Their rows are the subject's keywords of M a
 * competitor ranks above; just surpassed: the subject ranked in P too and no competitor was above it then. Grouping
 * every rank of a giant subject in M and P took seconds, and so would walking its keywords by clicks: the keywords a
 * competitor beats are its low-click ones. Instead the keyword ids come from:
 * - `pair`: the precomputed rows of a very large subject and competitor (warehouse/rival-rollup.ts): the count stored,
 *   the first page the K first entries of the pair's clicks index;
 * - `probe`: per request, from the smaller side (`drive`): the subject's rolled-up keywords probing the ranks above
 *   them, or the competitors' keywords of M probing the subject's rolled-up row — then counted and sorted.
 * The table's own statement (keyword-comparison.ts) then computes the page's rows for those ids only.
 */
export function rivalKeywordsFromRollup(
  query: BuiltQuery,
  criteria: { subjectId: number; territory: string; month: string; competitorIds: readonly number[]; justSurpassed: boolean; source: RivalSource },
  narrowed: (top: TopIds) => BuiltQuery,
): BuiltQuery {
  const { subjectId, territory, month, competitorIds, justSurpassed, source } = criteria;
  const key: [number, string, string] = [subjectId, territory, month];
  if (source.kind === 'pair') {
    const rival = Number(source.rivalDomainId);
    return readFromMonthRollup(query, {
      key, totalSql: `select ${justSurpassed ? 'surpassed' : 'outranked'} as total from organic_rival_month where domain_id = ? and territory = ? and month = ?::date and rival_domain_id = ${rival}`,
      table: 'organic_rival_keyword_month', idColumn: 'keyword_id', where: `and k.rival_domain_id = ${rival}${justSurpassed ? ' and k.surpassed' : ''}`,
      keys: { clicks: 'clicks' }, tieBreak: { column: 'keyword', stored: 'term' },
    }, narrowed);
  }
  const candidates = probedCandidates({ ...key, competitorIds, justSurpassed, drive: source.drive, subjectId, territory, month });
  const counted: BuiltQuery = { ...query, totalSql: `with ${candidates.sql} select count(*)::int as total from cand`, totalParams: candidates.params };
  const leading = clicksThenTerm(query.keyset?.keys);
  if (!leading) return counted;
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const page = narrowed({
        sql: `${candidates.sql}, top as (select keyword_id from cand order by clicks ${leading.direction} nulls ${leading.nulls}, term fetch first (?::bigint) rows only)`,
        params: [...candidates.params, offset + limit],
      });
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}

/** The order's leading key when the order is the subject's clicks then the keyword (the candidates' stored keys), else null. */
function clicksThenTerm(keys: readonly OrderKey[] | undefined): OrderKey | null {
  const [leading, second, ...rest] = keys ?? [];
  return leading?.column === 'clicks' && second?.column === 'keyword' && second.direction === 'asc' && !rest.length ? leading : null;
}

/**
 * The CTE `cand` (materialized: counted and sorted once, never walked in the clicks order) of the subject's rolled-up
 * keywords of M the competitors rank above, with its clicks and term. Positions are unique per results page, so a
 * competitor above is a rank of theirs before the subject's best position.
 */
function probedCandidates(criteria: { subjectId: number; territory: string; month: string; competitorIds: readonly number[]; justSurpassed: boolean; drive: 'subject' | 'rivals' }) {
  const { subjectId, territory, month, competitorIds, justSurpassed, drive } = criteria;
  const rivals = arrayLiteral(competitorIds);
  // The keyword's results above a position. From the subject's side a probe by the ranks' primary key (month,
  // keyword, position) per keyword, kept one by OFFSET 0: as a semi-join PostgreSQL hashed every rank of the (larger)
  // competitors. From the competitors' side the planner's join over their (fewer) ranks of the month is the cheaper.
  const probe = drive === 'subject' ? ' offset 0' : '';
  const above = (monthParam: string, position: string) => `exists (select 1 from organic_rank r where r.month = ${monthParam} and r.keyword_id = k.keyword_id
    and r.position < ${position} and r.domain_id = any(?::int[]) and r.domain_id <> ?${probe})`;
  // Just surpassed: the subject ranked in P and no competitor was above it then.
  const notAboveBefore = justSurpassed ? ` and k.previous_position is not null and not ${above('?::date', 'k.previous_position')}` : '';
  const notAboveBeforeParams = justSurpassed ? [previousMonth(month), rivals, subjectId] : [];
  if (drive === 'subject') {
    return {
      sql: `cand as materialized (select k.keyword_id, k.clicks, k.term from organic_keyword_month k
        where k.domain_id = ? and k.territory = ? and k.month = ?::date and ${above('?::date', 'k.position')}${notAboveBefore})`,
      params: [subjectId, territory, month, month, rivals, subjectId, ...notAboveBeforeParams],
    };
  }
  // The competitors' best position per keyword of M, then the subject's row of the keyword by its primary key (OFFSET 0
  // keeps the lateral a probe: joined, PostgreSQL hashed the giant's million rows to meet 10,000 keywords).
  return {
    sql: `cand as materialized (select k.keyword_id, k.clicks, k.term
        from (select r.keyword_id, min(r.position) as position from organic_rank r
          where r.domain_id = any(?::int[]) and r.domain_id <> ? and r.territory = ? and r.month = ?::date group by r.keyword_id) theirs
        cross join lateral (select k.keyword_id, k.clicks, k.term, k.position, k.previous_position from organic_keyword_month k
          where k.domain_id = ? and k.territory = ? and k.month = ?::date and k.keyword_id = theirs.keyword_id offset 0) k
        where theirs.position < k.position${notAboveBefore})`,
    params: [rivals, subjectId, territory, month, subjectId, territory, month, ...notAboveBeforeParams],
  };
}
