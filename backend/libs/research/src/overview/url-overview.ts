import type { Sql } from '../sql.js';

export interface UrlMonthPoint {
  month: string;
  /** graph type 'clicks'. */
  clicks: number;
  /** graph type 'keywords': keywords the URL ranks for. */
  keywords: number;
  /** graph type 'position': average of the URL's best position per keyword. */
  position: number | null;
  top3: number;
  top10: number;
  value: number;
}

export interface UrlOverview {
  url: string;
  pageId: number;
  domain: string;
  territory: string;
  month: string | null;
  latest: UrlMonthPoint | null;
  /** Oldest first, one point per month the URL ranked. */
  history: UrlMonthPoint[];
}

/**
 * A URL's overview in one territory, computed from organic_rank by page (index page_id, month): per month its
 * keywords, top 3 / top 10, clicks, value and average position (of its best position per keyword).
 */
export async function urlOverview(sql: Sql, input: { pageId: number; territory: string }): Promise<UrlOverview | null> {
  const [page] = await sql.query<{ url: string; domain: string }>(
    'select p.url, d.name as domain from page p join domain d on d.id = p.domain_id where p.id = ?',
    [input.pageId],
  );
  if (!page) return null;
  const history = await sql.query<UrlMonthPoint>(
    `select to_char(b.month, 'YYYY-MM-DD') as month, sum(b.clicks)::int as clicks, count(*)::int as keywords,
       round(avg(b.position), 2)::float8 as position, (count(*) filter (where b.position <= 3))::int as top3,
       (count(*) filter (where b.position <= 10))::int as top10, round(sum(b.clicks * k.cpc), 2)::float8 as value
     from (select month, keyword_id, min(position) as position, sum(clicks) as clicks
           from organic_rank where page_id = ? and territory = ? group by month, keyword_id) b
     join keyword k on k.id = b.keyword_id
     group by b.month order by b.month`,
    [input.pageId, input.territory],
  );
  const latest = history.at(-1) ?? null;
  return { url: page.url, pageId: input.pageId, domain: page.domain, territory: input.territory, month: latest?.month ?? null, latest, history };
}
