import type { PageRequest, TopPageType } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import type { TopPageRow } from '@serpwise/contracts';
import { type BuiltQuery, orderedTable, pageOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { TopPageRow };

export const topPagesSpec: TableSpec = {
  sortColumns: sortableAsNamed(['url', 'title', 'keywords', 'bestPosition', 'clicks', 'value', 'clicksShare']),
  filterColumns: ['url', 'title'],
  defaultOrder: [{ column: 'clicks', direction: 'desc' }],
  tieBreak: [{ column: 'url', direction: 'asc' }],
  unspecified: seoTableOrder,
};

export function topPagesQuery(criteria: { domainId: number; territory: string; month: string; type: TopPageType }, order: TableOrder): BuiltQuery {
  const isNew = criteria.type === 'newpages';
  const sql = `select p.url as "url", p.title as "title", count(distinct r.keyword_id)::int as "keywords", min(r.position)::int as "bestPosition",
      sum(r.clicks)::int as "clicks", round(sum(r.clicks * k.cpc), 2)::float8 as "value",
      coalesce(round(100.0 * sum(r.clicks) / nullif(max(dm.organic_clicks), 0), 1), 0)::float8 as "clicksShare"
    from organic_rank r join page p on p.id = r.page_id join keyword k on k.id = r.keyword_id
    left join domain_month dm on dm.domain_id = r.domain_id and dm.territory = r.territory and dm.month = r.month
    where r.domain_id = ? and r.territory = ? and r.month = ?::date
      ${isNew ? 'and exists (select 1 from page_first_month f where f.page_id = r.page_id and f.territory = r.territory and f.first_month = r.month)' : ''}
    -- every page column it shows: page is read through a viewer-scoped subquery (viewer-scope.ts), so its id alone is not enough
    group by p.id, p.url, p.title`;
  return orderedTable({ sql, params: [criteria.domainId, criteria.territory, criteria.month] }, topPagesSpec, order);
}

export const topPagesPage = (sql: Sql, criteria: Parameters<typeof topPagesQuery>[0], order: TableOrder, page: PageRequest) =>
  pageOf<TopPageRow>(sql, topPagesQuery(criteria, order), page);
