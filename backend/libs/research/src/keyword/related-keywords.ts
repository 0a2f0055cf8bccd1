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

export function relatedKeywordsQuery(input: { keywordId: number; term: string; territory: string; month: string; type: RelatedKeywordType }): BuiltQuery {
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
  if (input.type === 'ranks') {
    return {
      sql: `with top as (select distinct domain_id from organic_rank where month = ?::date and keyword_id = ? and position <= 10),
            shared as (
              select r.keyword_id, count(distinct r.domain_id) as n from organic_rank r join top t on t.domain_id = r.domain_id
              where r.territory = ? and r.month = ?::date and r.position <= 10 and r.keyword_id <> ? group by r.keyword_id
            )
            select ${keywordSelect}, ${percentOf('s.n', '(select count(*) from top)')} as shared from shared s join keyword k on k.id = s.keyword_id`,
      params: [input.month, input.keywordId, input.territory, input.month, input.keywordId],
    };
  }
  const flag = { similar: '', questions: 'and k.is_question', transaction: 'and k.is_transactional' }[input.type];
  const words = arrayLiteral(meaningfulWords(input.term));
  // The row's meaningful words by the same rule as meaningfulWords (3+ letters, no stop word), with K's.
  const bothWords = `array(select w from unnest(string_to_array(k.term, ' ')) w where length(w) > 2 and w <> all(?::text[]) union select unnest(?::text[]))`;
  const sharedWords = `array(select unnest(string_to_array(k.term, ' ')) intersect select unnest(?::text[]))`;
  // The words as `term || ''` (the same array): keyword_term_words_index, on string_to_array(term, ' '), would serve
  // `&&` by a bitmap of every keyword sharing one word (125,000 for "wireless earbuds" beside a giant subject), slower
  // than the parallel scan; keyword_question_words_index (where is_question) is on this expression and serves questions.
  return {
    sql: `select ${keywordSelect}, ${percentOf(`cardinality(${sharedWords})`, `cardinality(${bothWords})`)} as shared
          from keyword k
          where k.territory = ? and k.id <> ? and string_to_array(k.term || '', ' ') && ?::text[] ${flag}`,
    params: [words, arrayLiteral([...stopWords]), words, input.territory, input.keywordId, words],
  };
}
