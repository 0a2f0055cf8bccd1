import type { RecommendationType } from '@serpwise/contracts';
import { buyRecommendationsQuery } from '../ppc/adwords-advisor.js';
import { paidCtr } from '../formulas/click-through.js';
import { arrayLiteral, type BuiltQuery, rowSourceOf } from '../tables/index.js';

/**
 * The adwords advisor of a keyword K in month M (rows have the shape of the domain advisor, `advisorTable`):
 * - buy: keywords K's advertisers in M keep buying (bought in M and in at least 3 of the 6 months ending at M by at
 *   least one of them) — K excluded;
 * - negativematch: keywords that contain every word of K (a broad or phrase match on K would show the ad for them)
 *   but look like wasted spend: 'offtopic' (topic differs from K's, both known) or 'question' (informational).
 *   position / paidClicks are null; estimatedClicks = volume × paid CTR of position 1 (the clicks a negative saves).
 */
export function keywordAdvisorQuery(input: { keyword: { id: number; term: string; topic: string | null }; advertiserIds: number[]; territory: string; month: string; type: RecommendationType }): BuiltQuery {
  if (input.type === 'buy') {
    return buyRecommendationsQuery({
      advertiserIds: input.advertiserIds,
      excludedKeywordsSql: 'select ?::int',
      excludedParams: [input.keyword.id],
      territory: input.territory,
      month: input.month,
    });
  }
  return {
    sql: `select k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, null::int as advertisers,
            null::int as "competitorMonths", round(k.volume * ${paidCtr(1)})::int as "estimatedClicks", round(round(k.volume * ${paidCtr(1)}) * k.cpc, 2)::float8 as "estimatedBudget",
            case when k.topic is not null and ?::text is not null and k.topic <> ?::text then 'offtopic' else 'question' end as reason,
            null::int as position, null::int as "paidClicks", ${rowSourceOf('k.source_id')}
          from keyword k
          where k.territory = ? and k.id <> ? and string_to_array(k.term, ' ') @> ?::text[]
            and ((k.topic is not null and ?::text is not null and k.topic <> ?::text) or k.is_question)`,
    params: [input.keyword.topic, input.keyword.topic, input.territory, input.keyword.id, arrayLiteral(input.keyword.term.split(' ')), input.keyword.topic, input.keyword.topic],
  };
}
