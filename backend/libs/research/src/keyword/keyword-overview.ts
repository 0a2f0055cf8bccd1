import type { KeywordOverviewAnswer } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { windowStart } from '../warehouse/lookups.js';
import { keywordOf } from '../tables/index.js';

/** The keyword overview (the answer's type is declared once, in @serpwise/contracts). */
export type KeywordOverview = KeywordOverviewAnswer;

export async function keywordOverview(sql: Sql, input: { term: string; territory: string; month: string | null }): Promise<KeywordOverview> {
  const keyword = await keywordOf(sql, input.territory, input.term);
  const empty: KeywordOverview = {
    keyword: input.term, territory: input.territory, wasQueryFound: false, month: input.month, volume: null, volumeHistory: [], cpc: null,
    difficulty: null, competition: null, resultCount: null, isQuestion: false, isTransactional: false, organic: [], advertisers: [],
  };
  if (!keyword) return empty;
  const volumeHistory = (keyword.volumeHistory ?? []).map((volume, index) => ({
    month: windowStart(keyword.historyStart, 1 - index),
    volume,
  }));
  const [organic, advertisers] = input.month
    ? await Promise.all([
        sql.query<KeywordOverview['organic'][number]>(
          `select r.position::int as position, d.name as domain, p.url, p.title, r.clicks
           from organic_rank r join domain d on d.id = r.domain_id left join page p on p.id = r.page_id
           where r.month = ?::date and r.keyword_id = ? and r.position <= 10 order by r.position`,
          [input.month, keyword.id],
        ),
        sql.query<KeywordOverview['advertisers'][number]>(
          `select a.position::int as position, d.name as domain, ac.headline, ac.body, ac.display_url as "displayUrl", a.clicks as "paidClicks"
           from paid_ad a join domain d on d.id = a.domain_id join ad_copy ac on ac.id = a.ad_copy_id
           where a.month = ?::date and a.keyword_id = ? order by a.position`,
          [input.month, keyword.id],
        ),
      ])
    : [[], []];
  return {
    ...empty,
    keyword: keyword.term,
    wasQueryFound: true,
    volume: keyword.volume,
    volumeHistory,
    cpc: keyword.cpc,
    difficulty: keyword.difficulty,
    competition: keyword.competition,
    resultCount: keyword.resultCount,
    isQuestion: keyword.isQuestion,
    isTransactional: keyword.isTransactional,
    organic,
    advertisers,
  };
}
