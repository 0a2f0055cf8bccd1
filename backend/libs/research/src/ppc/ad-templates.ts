import { arrayLiteral, type BuiltQuery, ppcKeywordTableOrder, rowSourceOf, type TableSpec } from '../tables/index.js';
import type { AdTemplateRow } from '@serpwise/contracts';
export type { AdTemplateRow };

interface Raw {
  domain: string;
  headline: string;
  body: string;
  display_url: string;
  landing_page: string;
  keywords: number;
  best_position: number;
  paid_clicks: number;
  ad_copy_id: number;
}

/**
 * Ad templates for a keyword or topic: the ad texts shown in month M for the keywords that contain every word of the
 * query (the keyword itself and its longer variants), one row per ad text, by default the most paid clicks first —
 * the copy of the top advertisers.
 */
export const adTemplatesTable: TableSpec<Raw, AdTemplateRow> = {
  sortColumns: { domain: 'domain', headline: 'headline', keywords: 'keywords', bestPosition: 'best_position', paidClicks: 'paid_clicks' },
  filterColumns: ['headline'],
  defaultOrder: [{ column: 'paid_clicks', direction: 'desc' }],
  tieBreak: [{ column: 'ad_copy_id', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => ({
    domain: raw.domain,
    headline: raw.headline,
    body: raw.body,
    displayUrl: raw.display_url,
    landingPage: raw.landing_page,
    keywords: raw.keywords,
    bestPosition: raw.best_position,
    paidClicks: raw.paid_clicks,
  }),
};

export function adTemplatesQuery(input: { words: string[]; territory: string; month: string }): BuiltQuery {
  return {
    sql: `with matched as (
            select id from keyword where territory = ? and string_to_array(term, ' ') @> ?::text[]
          )
          select ac.id as ad_copy_id, d.name as domain, ac.headline, ac.body, ac.display_url, pg.url as landing_page,
            count(distinct a.keyword_id)::int as keywords, min(a.position)::int as best_position, sum(a.clicks)::int as paid_clicks,
            ${rowSourceOf('array_agg(distinct a.source_id)')}
          from paid_ad a join matched m on m.id = a.keyword_id
          join ad_copy ac on ac.id = a.ad_copy_id join domain d on d.id = a.domain_id join page pg on pg.id = ac.page_id
          where a.territory = ? and a.month = ?::date
          group by ac.id, d.name, pg.url`,
    params: [input.territory, arrayLiteral(input.words), input.territory, input.month],
  };
}
