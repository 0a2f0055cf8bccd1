import type { Sql } from '../sql.js';
import { windowMonths } from '../warehouse/lookups.js';
import type { KeywordComparisonCriteria } from './keyword-comparison.js';
import { arrayLiteral, subjectCondition } from '../tables/index.js';

/**
 * Columns of the keyword comparison built for the rows of one page (or one export batch) only, as its decorate
 * step: the URL of the subject's best result (unless the table is sorted by it), and the ranking history's 12
 * months of positions. Built for every keyword of the subject, they took most of the table's time.
 */
export interface PageColumns {
  url: boolean;
  history: boolean;
}

type Rows = Record<string, unknown>[];

export function pageColumnsStep(criteria: KeywordComparisonCriteria, columns: PageColumns): ((sql: Sql, rows: Rows) => Promise<Rows>) | undefined {
  if (!columns.url && !columns.history) return undefined;
  return async (sql, rows) => {
    if (!rows.length) return rows;
    const ids = await keywordIdsOf(sql, criteria.territory, rows);
    const keywordIds = [...ids.values()];
    const [urls, histories] = await Promise.all([
      columns.url ? bestResultUrls(sql, criteria, keywordIds) : undefined,
      columns.history ? positionHistories(sql, criteria, keywordIds) : undefined,
    ]);
    return rows.map((row) => {
      const id = ids.get(String(row['keyword']));
      const url = urls ? { url: (id !== undefined ? urls.get(id) : undefined) ?? null } : {};
      const history = histories ? { history: (id !== undefined ? histories.get(id) : undefined) ?? [] } : {};
      return { ...row, ...url, ...history };
    });
  };
}

/** The rows' keyword ids by term (terms are unique in a territory). */
async function keywordIdsOf(sql: Sql, territory: string, rows: Rows): Promise<Map<string, number>> {
  const found = await sql.query<{ id: number; term: string }>('select id, term from keyword where territory = ? and term = any(?::text[])', [
    territory,
    arrayLiteral(rows.map((row) => String(row['keyword']))),
  ]);
  return new Map(found.map((keyword) => [keyword.term, keyword.id]));
}

/*
 * Keyword ids (and months) go in as literal arrays, known when the statement is planned, and months as equalities:
 * the primary key (month, keyword_id, …) then finds a page's few keywords with point reads, where reading the
 * subject's rows to keep a page's keywords took 160–480 ms for the largest domain's 12 months. For a large export
 * batch the planner goes back to the subject's index by itself.
 */

/** The URL of the subject's best result in M per keyword (lowest position, then lowest page id), if its page is visible. */
async function bestResultUrls(sql: Sql, criteria: KeywordComparisonCriteria, keywordIds: number[]): Promise<Map<number, string>> {
  if (!keywordIds.length) return new Map();
  const condition = subjectCondition(criteria.subject, 'r');
  const found = await sql.query<{ keyword_id: number; url: string }>(
    `select best.keyword_id, pg.url
     from (select r.keyword_id, (min(array[r.position, r.page_id]))[2] as page_id
           from organic_rank r
           where ${condition.sql} and r.territory = ? and r.month = ?::date and r.keyword_id = any(?::int[])
           group by r.keyword_id) best
     join page pg on pg.id = best.page_id`,
    [...condition.params, criteria.territory, criteria.month, arrayLiteral(keywordIds)],
  );
  return new Map(found.map((entry) => [entry.keyword_id, entry.url]));
}

type History = { month: string; position: number | null }[];

/**
 * Up to this many keywords (a page of 20 or 50 rows), the history reads every result of each keyword and month and
 * picks the subject's out of them: point reads of the primary key alone (≈ 7 ms for 20 keywords), where PostgreSQL
 * would otherwise also read the subject's index over 12 months to intersect with (≈ 20 ms). More (larger pages, an
 * export batch), the subject stays a condition of the read: all results of that many keywords outnumber the
 * subject's own rows, and the estimated cost of reading them would cross PostgreSQL's JIT threshold (jit_above_cost),
 * whose compiling takes longer than the read.
 */
const historyByKeywordUpTo = 50;

/** The subject's best position per month over the 12 months up to M (null = not ranked), per keyword. */
async function positionHistories(sql: Sql, criteria: KeywordComparisonCriteria, keywordIds: number[]): Promise<Map<number, History>> {
  const months = windowMonths(criteria.month, 12);
  const condition = subjectCondition(criteria.subject, 'h');
  const byKeyword = keywordIds.length <= historyByKeywordUpTo;
  // The subject's condition filters the aggregate (by keyword) or the read (by subject); its parameters come first either way.
  const position = byKeyword ? `min(h.position) filter (where ${condition.sql})` : 'min(h.position)';
  const subjectRead = byKeyword ? '' : `${condition.sql} and`;
  const found = keywordIds.length
    ? await sql.query<{ keyword_id: number; month: string; position: number | null }>(
        `select h.keyword_id, to_char(h.month, 'YYYY-MM-DD') as month, ${position}::int as position
         from organic_rank h
         where ${subjectRead} h.territory = ? and h.month = any(?::date[]) and h.keyword_id = any(?::int[])
         group by h.keyword_id, h.month`,
        [...condition.params, criteria.territory, arrayLiteral(months), arrayLiteral(keywordIds)],
      )
    : [];
  const best = new Map(found.map((entry) => [`${entry.keyword_id} ${entry.month}`, entry.position]));
  return new Map(keywordIds.map((id) => [id, months.map((month) => ({ month: month.slice(0, 7), position: best.get(`${id} ${month}`) ?? null }))]));
}
