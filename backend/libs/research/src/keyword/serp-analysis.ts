import { type BuiltQuery, rowSourceOf, ppcKeywordTableOrder, sortableAsNamed, type TableSpec } from '../tables/index.js';
import type { SerpAnalysisRow } from '@serpwise/contracts';
export type { SerpAnalysisRow };

/**
 * SERP analysis: the organic top 10 of a keyword in month M with each result's strength — the ranking domain's
 * organic keywords and clicks in M (domain_month) and its live backlinks (last_seen null), and the page's live backlinks.
 */
export const serpAnalysisTable: TableSpec<never, SerpAnalysisRow> = {
  sortColumns: sortableAsNamed(['position', 'domain', 'clicks', 'value', 'domainKeywords', 'domainClicks', 'domainBacklinks', 'pageBacklinks']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'position', direction: 'asc' }],
  tieBreak: [{ column: 'position', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
};

export function serpAnalysisQuery(input: { keywordId: number; territory: string; month: string }): BuiltQuery {
  return {
    sql: `select r.position::int as position, d.name as domain, p.url, p.title, r.clicks, round(r.clicks * k.cpc, 2)::float8 as value,
            coalesce(dm.organic_keywords, 0)::int as "domainKeywords", coalesce(dm.organic_clicks, 0)::float8 as "domainClicks",
            (select count(*) from backlink b where b.target_domain_id = r.domain_id and b.last_seen is null)::int as "domainBacklinks",
            (select count(*) from backlink b where b.target_page_id = r.page_id and b.last_seen is null)::int as "pageBacklinks",
            ${rowSourceOf('r.source_id')}
          from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id left join page p on p.id = r.page_id
          left join domain_month dm on dm.domain_id = r.domain_id and dm.territory = ? and dm.month = r.month
          where r.month = ?::date and r.keyword_id = ? and r.position <= 10`,
    params: [input.territory, input.month, input.keywordId],
  };
}
