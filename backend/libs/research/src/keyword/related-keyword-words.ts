import type { Sql } from '../sql.js';
import type { OrderKey } from '../tables/built-query.js';
import { arrayLiteral, meaningfulWords, orderedTable, type BuiltQuery, type TableOrder } from '../tables/index.js';
import { viewerFiguresShared } from '../warehouse/organic-rollup.js';
import { privateRelatedCount, relatedKeywordsTable, relatedRanksQuery, relatedWordsQuery, type RelatedCriteria } from './related-keywords.js';

/**
 * The related keywords `similar` and `transaction` of a keyword K read through keyword_word (issue 27 point 1;
 * Migration20261210002000_keyword_word): beside a giant subject one word of K ("wireless") is a word of 125,000
 * keywords, and scoring and counting each of them took ~1 s. A row's relevance depends only on s, the words of K it
 * has, and n, its own meaningful words: 100 × s / (n + |K| − s). keyword_word holds each keyword once per meaningful
 * word with n, its volume and term, indexed in the table's order within (territory, word, n), so:
 * - the page: K's words are taken smallest list first; a row belongs to the first of them it has (so it is walked
 *   once). For each word, each n and each s, the K first rows of that list (the rows of one relevance, in volume then
 *   term order) are walked; the K first of all those by relevance, volume, term are the page's candidates, and the
 *   table's own statement for those ids only gives the rows, their order and their columns exactly;
 * - the count: the largest list counted from its index, plus the rows of the smaller lists without its word.
 * Keywords only some viewers see (owner_user_ids set) are in keyword_word as not `shared`: every one of them having a
 * word of K is a candidate and counted, through the viewer's keyword table (few: a user's own imports).
 * Only for the table's default order (relevance, volume with unknown volumes last, keyword) and a viewer whose keyword
 * numbers are the installation's; K's words must be the same words for JavaScript as for PostgreSQL (no character
 * outside the Basic Multilingual Plane: their lengths differ).
 */

/** The walk serves the order when it is relevance desc, volume desc with nulls last, then keyword asc. */
export function walksInWordOrder(keys: readonly OrderKey[] | undefined): boolean {
  const [shared, volume, keyword, ...rest] = keys ?? [];
  return shared?.column === 'shared' && shared.direction === 'desc' && volume?.column === 'volume' && volume.direction === 'desc' && volume.nulls === 'last'
    && keyword?.column === 'keyword' && keyword.direction === 'asc' && !rest.length;
}

/** Words whose length JavaScript and PostgreSQL count alike (no surrogate pairs). */
export const plainWords = (words: readonly string[]) => words.every((word) => [...word].length === word.length);

// Above this many rows a list is "large": the sizes only order the walk (largest last), they need not be exact.
const sizeCap = 20_000;

interface WordCriteria {
  territory: string;
  keywordId: number;
  transactional: boolean;
}

/** A word of K with its list's size (capped) and the most words a keyword of its list has. */
interface WordList {
  w: string;
  size: number;
  most: number;
}

const listOf = (c: WordCriteria, alias: string) => `${alias}.territory = ? and ${alias}.shared${c.transactional ? ` and ${alias}.is_transactional` : ''} and ${alias}.keyword_id <> ?`;

/**
 * K's words, smallest list first (by the sizes capped, then the word), each with its list's largest n: read before the
 * page and the count, so that their statements hold the groups as constants (planned from generate_series over the
 * words, the walk's estimated cost crossed the JIT threshold: 610 ms of compiling for a 7 ms statement).
 */
async function wordLists(sql: Sql, c: WordCriteria, words: readonly string[]): Promise<WordList[]> {
  const rows = await sql.query<WordList>(
    `select w, (select count(*) from (select 1 from keyword_word x where x.word = w and ${listOf(c, 'x')} limit ${sizeCap}) c)::int as size,
       coalesce((select max(x.words) from keyword_word x where x.word = w and ${listOf(c, 'x')}), 0)::int as most
     from unnest(?::text[]) w`,
    [c.territory, c.keywordId, c.territory, c.keywordId, arrayLiteral(words)],
  );
  return rows.sort((a, b) => a.size - b.size || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
}

/**
 * CTE `top`: the ids of the `firsts` first rows of the table, and every private candidate. A group is a word of K (the
 * i-th of `lists`), n and s: the rows of that word's list with n meaningful words, none of the words before it and s
 * words of K; all of them one relevance.
 */
export function wordWalkTop(c: WordCriteria, lists: readonly WordList[], firsts: number): { sql: string; params: unknown[] } {
  const k = lists.length;
  const groups: { i: number; n: number; s: number }[] = [];
  lists.forEach((list, index) => {
    for (let n = 1; n <= list.most; n++) for (let s = 1; s <= Math.min(n, k - index); s++) groups.push({ i: index + 1, n, s });
  });
  const words = arrayLiteral(lists.map((list) => list.w));
  const relevance = `greatest(1, round(100.0 * g.s / greatest(1, g.n + ${k} - g.s)))::int`;
  return {
    sql: `groups as (select (?::text[])[g.i] as w, (?::text[])[1:g.i - 1] as earlier, g.n, g.s from unnest(?::int[], ?::int[], ?::int[]) g (i, n, s)),
      walked as (select x.keyword_id, x.volume, x.term, ${relevance} as relevance from groups g cross join lateral (
          select x.keyword_id, x.volume, x.term from keyword_word x
          where x.word = g.w and x.words = g.n and ${listOf(c, 'x')}
            and not string_to_array(x.term, ' ') && g.earlier
            and cardinality(array(select unnest(string_to_array(x.term, ' ')) intersect select unnest(?::text[]))) = g.s
          order by x.volume desc nulls last, x.term limit ?) x),
      top as (select keyword_id from (select keyword_id from walked order by relevance desc, volume desc nulls last, term limit ?) firsts
        union select p.keyword_id from keyword_word p where p.territory = ? and p.word = any(?::text[]) and not p.shared)`,
    params: [words, words, arrayLiteral(groups.map((g) => g.i)), arrayLiteral(groups.map((g) => g.n)), arrayLiteral(groups.map((g) => g.s)),
      c.territory, c.keywordId, words, firsts, firsts, c.territory, words],
  };
}

/** The number of rows: the largest list from its index, the smaller lists' rows without its word, the private candidates. */
export function wordWalkTotal(c: WordCriteria, lists: readonly WordList[], privateRows: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const largest = lists.at(-1)!.w;
  const smaller = lists.slice(0, -1).map((list) => list.w);
  // A smaller list's row is counted in the first list it is in, when it does not have the largest list's word.
  const smallerRows = smaller.length
    ? `(select count(*) from unnest(?::text[]) with ordinality o (w, i) cross join lateral (select 1 from keyword_word x
          where x.word = o.w and ${listOf(c, 'x')} and not string_to_array(x.term, ' ') && ((?::text[])[1:o.i::int - 1] || ?::text)) x)`
    : '0';
  return {
    sql: `select ((select count(*) from keyword_word x where x.word = ? and ${listOf(c, 'x')}) + ${smallerRows} + (${privateRows.sql}))::int as total`,
    params: [largest, c.territory, c.keywordId, ...(smaller.length ? [arrayLiteral(smaller), c.territory, c.keywordId, arrayLiteral(smaller), largest] : []), ...privateRows.params],
  };
}

/**
 * The related keywords' query with a first page that does not score every row, where the request allows (no filter):
 * `ranks` in an order led by relevance joins only the rows that can be on the page to keyword; `similar` and
 * `transaction` in the default order walk keyword_word (above). Otherwise the query as it is.
 */
export async function relatedFirstPages(sql: Sql, query: BuiltQuery, criteria: RelatedCriteria, order: TableOrder): Promise<BuiltQuery> {
  if (order.filter?.trim()) return query;
  const pageOfQuery = (narrowed: BuiltQuery, window: { limit: number; offset: number }) => {
    const page = orderedTable(narrowed, relatedKeywordsTable, order);
    return { sql: `${page.sql} limit ${window.limit} offset ${window.offset}`, params: page.params };
  };
  const [leading] = query.keyset?.keys ?? [];
  if (criteria.type === 'ranks') {
    if (leading?.column !== 'shared' || leading.direction !== 'desc') return query;
    return { ...query, pageSql: (window) => pageOfQuery(relatedRanksQuery(criteria, window.offset + window.limit), window) };
  }
  if (criteria.type !== 'similar' && criteria.type !== 'transaction') return query;
  const words = meaningfulWords(criteria.term);
  if (!words.length || !plainWords(words) || !walksInWordOrder(query.keyset?.keys)) return query;
  // A viewer with keyword numbers of their own sees other volumes than keyword_word's.
  if (!await viewerFiguresShared(sql)) return query;
  const c: WordCriteria = { territory: criteria.territory, keywordId: criteria.keywordId, transactional: criteria.type === 'transaction' };
  const lists = await wordLists(sql, c, words);
  const total = wordWalkTotal(c, lists, privateRelatedCount(criteria));
  return {
    ...query,
    totalSql: total.sql,
    totalParams: total.params,
    pageSql: (window) => pageOfQuery(relatedWordsQuery(criteria, wordWalkTop(c, lists, window.offset + window.limit)), window),
  };
}
