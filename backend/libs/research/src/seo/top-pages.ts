import type { TopPageType } from '@serpwise/contracts';
import type { TopPageRow } from '@serpwise/contracts';
import { readFromMonthRollup, type TopIds } from '../tables/month-rollup-read.js';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { TopPageRow };

export const topPagesSpec: TableSpec = {
  sortColumns: sortableAsNamed(['url', 'title', 'keywords', 'bestPosition', 'clicks', 'impressions', 'ctr', 'value', 'clicksShare']),
  filterColumns: ['url', 'title'],
  defaultOrder: [{ column: 'clicks', direction: 'desc' }],
  tieBreak: [{ column: 'url', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/**
 * The domain's pages in month M: from its ranks (keywords, best position, estimated clicks and their value) and, for
 * the viewer's own site, from its own traffic (site_traffic: a Search Console export's Pages table), whose measured
 * clicks and impressions take the place of the estimate. What a source does not say is null ("—"): a page known only
 * from Search Console has no keyword count, best position or value; a ranked page no impressions or CTR.
 */
export function topPagesQuery(criteria: TopPagesCriteria, order: TableOrder): BuiltQuery {
  const query = orderedTable(topPagesBase(criteria), topPagesSpec, order);
  if (!criteria.fromRollup || order.filter?.trim()) return query;
  if (criteria.type === 'newpages') return newPagesFromRollup(criteria, order, query);
  // A large domain's month, unfiltered, and this viewer sees installation ranks only and no site traffic.
  return readFromMonthRollup(
    query,
    { key: [criteria.domainId, criteria.territory, criteria.month], totalSql: 'select pages as total from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date', table: 'organic_page_month', idColumn: 'page_id' },
    (top) => orderedTable(topPagesBase(criteria, top), topPagesSpec, order),
  );
}

/**
 * The new pages of a rolled-up domain-month (its pages whose first month in the territory is M): found from the
 * territory's pages first seen in M (page_first_month's (territory, first_month) index: a few hundred a month in the
 * bench market) of the domain, each probing the domain-month's rolled-up pages for its clicks — counted, and sorted for
 * a page in the clicks order, then the table's own statement for those pages only. Read when the roll-up is, not
 * stored: a landing in an earlier month moves a page's first month without rebuilding M's roll-up.
 */
function newPagesFromRollup(criteria: TopPagesCriteria, order: TableOrder, query: BuiltQuery): BuiltQuery {
  const { domainId, territory, month } = criteria;
  const newPages = `select f.page_id, o.clicks, p.url from page_first_month f join page p on p.id = f.page_id
      join organic_page_month o on (o.domain_id, o.territory, o.month, o.page_id) = (p.domain_id, f.territory, f.first_month, f.page_id)
      where f.territory = ? and f.first_month = ?::date and p.domain_id = ?`;
  const params = [territory, month, domainId];
  const counted: BuiltQuery = { ...query, totalSql: `select count(*)::int as total from (${newPages}) new_pages`, totalParams: params };
  const [leading, second, ...rest] = query.keyset?.keys ?? [];
  if (leading?.column !== 'clicks' || second?.column !== 'url' || second.direction !== 'asc' || rest.length) return counted;
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const page = orderedTable(topPagesBase(criteria, {
        sql: `top as (select page_id from (${newPages}) new_pages order by clicks ${leading.direction} nulls ${leading.nulls}, url fetch first (?::bigint) rows only)`,
        params: [...params, offset + limit],
      }), topPagesSpec, order);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}

/** `fromRollup`: read the count and first pages from the precomputed pages (topPagesRolledUp said the viewer may). */
type TopPagesCriteria = { domainId: number; territory: string; month: string; type: TopPageType; fromRollup?: boolean };

/** The table's base statement; with `top` (a CTE named top of page ids), for those pages only. */
function topPagesBase(criteria: TopPagesCriteria, top?: TopIds): BuiltQuery {
  const isNew = criteria.type === 'newpages';
  const { domainId, territory, month } = criteria;
  const sql = `with ${top ? `${top.sql},` : ''} ranked as (
      select r.page_id, count(distinct r.keyword_id)::int as keywords, min(r.position)::int as best_position, sum(r.clicks) as clicks,
        sum(r.clicks * k.cpc) as value, max(dm.organic_clicks) as domain_clicks,
        array_agg(distinct r.source_id) as sources
      from organic_rank r join keyword k on k.id = r.keyword_id
      left join domain_month dm on dm.domain_id = r.domain_id and dm.territory = r.territory and dm.month = r.month
      where r.domain_id = ? and r.territory = ? and r.month = ?::date and r.page_id is not null${top ? ' and r.page_id = any(array(select page_id from top))' : ''}
        ${isNew ? 'and exists (select 1 from page_first_month f where f.page_id = r.page_id and f.territory = r.territory and f.first_month = r.month)' : ''}
      group by r.page_id),
    own as (
      select t.page_id, sum(t.clicks) as clicks, sum(t.impressions) as impressions, array_agg(distinct t.source_id) as sources
      from site_traffic t
      where t.domain_id = ? and t.territory = ? and t.month = ?::date and t.page_id is not null
        ${isNew ? 'and not exists (select 1 from site_traffic e where e.page_id = t.page_id and e.territory = t.territory and e.month < t.month)' : ''}
      group by t.page_id),
    -- The whole site's own clicks that month (the export's daily table), else its pages' together: a page's share.
    own_site as (
      select coalesce((select sum(s.clicks) from site_traffic s where s.domain_id = ? and s.territory = ? and s.month = ?::date and s.page_id is null),
        (select sum(clicks) from own)) as clicks)
    select p.url as "url", p.title as "title", rk.keywords as "keywords", rk.best_position as "bestPosition",
      coalesce(o.clicks, rk.clicks)::int as "clicks", o.impressions::int as "impressions",
      round(100.0 * o.clicks / nullif(o.impressions, 0), 2)::float8 as "ctr",
      case when o.page_id is null then round(rk.value, 2)::float8 end as "value",
      (case when o.page_id is null then coalesce(round(100.0 * rk.clicks / nullif(rk.domain_clicks, 0), 1), 0)
        else round(100.0 * o.clicks / nullif((select clicks from own_site), 0), 1) end)::float8 as "clicksShare",
      -- the page's rank rows and its own traffic rows (row-source.ts)
      ${rowSourceOf(`coalesce(rk.sources, '{}') || coalesce(o.sources, '{}')`)}
    from ranked rk full join own o on o.page_id = rk.page_id
      join page p on p.id = coalesce(o.page_id, rk.page_id)`;
  return { sql, params: [...(top?.params ?? []), domainId, territory, month, domainId, territory, month, domainId, territory, month] };
}

