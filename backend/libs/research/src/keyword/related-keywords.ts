import type { RelatedKeywordType } from '@serpwise/contracts';
import { arrayLiteral, type BuiltQuery, rowSourceOf, meaningfulWords, ppcKeywordTableOrder, stopWords, type TableSpec } from '../tables/index.js';
import type { RelatedKeywordRow } from '@serpwise/contracts';
export type { RelatedKeywordRow };

interface Raw {
  keyword: string;
  shared: number;
  volume: number;
  cpc: number;
  competition: number;
  difficulty: number;
  result_count: number | null;
}

/**
 * Related keywords of a keyword K in month M (K itself is never a row). `shared` is the relevance, 1–100: the share of
 * what K has that the row has too (a count of shared words was 2 on every row of a two-word keyword's similar list):
 * - buys: keywords bought in M by at least one advertiser of K in M; shared = % of K's advertisers that buy it;
 * - ranks: keywords for which at least one domain of K's organic top 10 in M is in the top 10 in M; shared = % of
 *   those domains;
 * - similar: keywords sharing at least one meaningful word with K (words of 3+ letters, minus a few stop words);
 *   shared = the words they share as a % of the meaningful words of both (so 'best wireless earbuds' 100,
 *   'wireless earbuds reviews' 67, 'wireless charger' 33 for 'wireless earbuds');
 * - questions: the similar keywords that are questions (is_question);
 * - transaction: the similar keywords with buying intent (is_transactional).
 * Default order: shared desc, then volume desc.
 */
export const keywordColumns = { keyword: 'keyword', volume: 'volume', cpc: 'cpc', competition: 'competition', difficulty: 'difficulty', resultCount: 'result_count' };

export const relatedKeywordsTable: TableSpec<Raw, RelatedKeywordRow> = {
  sortColumns: { ...keywordColumns, shared: 'shared' },
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'shared', direction: 'desc' }, { column: 'volume', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => ({
    keyword: raw.keyword,
    shared: raw.shared,
    volume: raw.volume,
    cpc: raw.cpc,
    competition: raw.competition,
    difficulty: raw.difficulty,
    resultCount: raw.result_count,
  }),
};

const keywordSelect = `k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, k.difficulty::int as difficulty,
  k.result_count::float8 as result_count, ${rowSourceOf('k.source_id')}`;

/** part / whole as a whole percent, at least 1 (a related row always shares something). */
const percentOf = (part: string, whole: string) => `greatest(1, round(100.0 * ${part} / greatest(1, ${whole})))::int`;

export interface RelatedCriteria { keywordId: number; term: string; territory: string; month: string; type: RelatedKeywordType }

/** The CTEs `top` (K's top-10 domains in M) and `shared` (each other keyword's count of them in their top 10 in M). */
function sharedRanks(input: RelatedCriteria) {
  // Read from organic_rank_domain_position_index alone (Migration20261210002100): the ranks' heap pages were the cost.
  return {
    sql: `top as (select distinct domain_id from organic_rank where month = ?::date and keyword_id = ? and position <= 10),
            shared as materialized (
              select keyword_id, count(*) as n from (
                select distinct r.keyword_id, r.domain_id from organic_rank r join top t on t.domain_id = r.domain_id
                where r.territory = ? and r.month = ?::date and r.position <= 10 and r.keyword_id <> ?
              ) pairs group by keyword_id
            )`,
    params: [input.month, input.keywordId, input.territory, input.month, input.keywordId],
  };
}

const rankRelevance = (n: string) => percentOf(n, '(select count(*) from top)');

/**
 * The ranks' query; with `firsts`, only the rows at least as relevant as the firsts-th most relevant (all that the
 * first `firsts` rows of the default order can be: relevance leads it), so that only those are joined to keyword.
 * The keywords of the ranks a viewer sees are keywords the viewer sees (installation ranks are of installation
 * keywords, a user's of keywords they imported), so the count is the ranks' count.
 */
export function relatedRanksQuery(input: RelatedCriteria, firsts?: number): BuiltQuery {
  const ranks = sharedRanks(input);
  // The relevance grows with n: the rows at least as relevant as the firsts-th are those from the least n as relevant.
  const cutoff = firsts === undefined ? '' : `, cutoff as (select n from shared order by n desc offset ${firsts - 1} limit 1)`;
  const where = firsts === undefined ? ''
    : ` where s.n >= coalesce((select min(g) from cutoff c cross join generate_series(1, c.n::int) g where ${rankRelevance('g')} >= ${rankRelevance('c.n')}), 0)`;
  return {
    sql: `with ${ranks.sql}${cutoff}
          select ${keywordSelect}, ${rankRelevance('s.n')} as shared from shared s join keyword k on k.id = s.keyword_id${where}`,
    params: ranks.params,
    countSql: `with ${ranks.sql} select 1 from shared`,
  };
}

/**
 * The similar, questions and transaction query; `narrowed`: only the ids of a CTE `top` (its SQL and parameters go
 * first), for the keyword_word walk (related-keyword-words.ts).
 */
export function relatedWordsQuery(input: RelatedCriteria, narrowed?: { sql: string; params: unknown[] }): BuiltQuery {
  const flag = { similar: '', questions: 'and k.is_question', transaction: 'and k.is_transactional', buys: '', ranks: '' }[input.type];
  const words = arrayLiteral(meaningfulWords(input.term));
  // The row's meaningful words by the same rule as meaningfulWords (3+ letters, no stop word), with K's.
  const bothWords = `array(select w from unnest(string_to_array(k.term, ' ')) w where length(w) > 2 and w <> all(?::text[]) union select unnest(?::text[]))`;
  const sharedWords = `array(select unnest(string_to_array(k.term, ' ')) intersect select unnest(?::text[]))`;
  // The words as `term || ''` (the same array): keyword_term_words_index, on string_to_array(term, ' '), would serve
  // `&&` by a bitmap of every keyword sharing one word (125,000 for "wireless earbuds" beside a giant subject), slower
  // than the parallel scan; keyword_question_words_index (where is_question) is on this expression and serves questions.
  return {
    sql: `${narrowed ? `with ${narrowed.sql} ` : ''}select ${keywordSelect}, ${percentOf(`cardinality(${sharedWords})`, `cardinality(${bothWords})`)} as shared
          from keyword k
          where k.territory = ? and k.id <> ? and string_to_array(k.term || '', ' ') && ?::text[] ${flag}${narrowed ? ' and k.id in (select keyword_id from top)' : ''}`,
    params: [...(narrowed?.params ?? []), words, arrayLiteral([...stopWords]), words, input.territory, input.keywordId, words],
  };
}

/** The private keywords (owner_user_ids set) the viewer sees that are rows of the similar or transaction query: their count. */
export function privateRelatedCount(input: RelatedCriteria): { sql: string; params: unknown[] } {
  const flag = input.type === 'transaction' ? 'and k.is_transactional' : '';
  const words = arrayLiteral(meaningfulWords(input.term));
  return {
    sql: `select count(*) from keyword k where k.territory = ? and k.id <> ? and string_to_array(k.term || '', ' ') && ?::text[] ${flag}
      and k.id in (select p.keyword_id from keyword_word p where p.territory = ? and p.word = any(?::text[]) and not p.shared)`,
    params: [input.territory, input.keywordId, words, input.territory, words],
  };
}

export function relatedKeywordsQuery(input: RelatedCriteria): BuiltQuery {
  if (input.type === 'buys') {
    return {
      sql: `with advertisers as (select distinct domain_id from paid_ad where month = ?::date and keyword_id = ?),
            shared as (
              select a.keyword_id, count(distinct a.domain_id) as n from paid_ad a join advertisers s on s.domain_id = a.domain_id
              where a.territory = ? and a.month = ?::date and a.keyword_id <> ? group by a.keyword_id
            )
            select ${keywordSelect}, ${percentOf('s.n', '(select count(*) from advertisers)')} as shared from shared s join keyword k on k.id = s.keyword_id`,
      params: [input.month, input.keywordId, input.territory, input.month, input.keywordId],
    };
  }
  if (input.type === 'ranks') return relatedRanksQuery(input);
  return relatedWordsQuery(input);
}
