import type pg from 'pg';
import { siteTotalsWinSql } from './owned-figures.js';
import type { WarehouseSource } from './warehouse-writer.js';

/**
 * A site's own traffic of one month (site_traffic, docs/research-data.md): one page's clicks, impressions and
 * average position as its analytics report them (Search Console's Pages table), or the whole site's (`url` null:
 * the daily table's month).
 */
export interface SiteTrafficRow {
  /** The site's bare domain. */
  site: string;
  /** The page; null for the whole site. */
  url: string | null;
  territory: string;
  /** First day of the month, YYYY-MM-DD. */
  month: string;
  clicks: number | null;
  impressions: number | null;
  position: number | null;
}

/**
 * Lands a source's site and page traffic in the transaction that lands its results (`client` in it): the site and
 * pages that are new are added for the owner as the warehouse writer adds them (owner_user_ids lists the importer;
 * installation data would make them public), and those already known gain the owner. A month of a site or page the
 * owner already has keeps its first numbers (the same export twice adds nothing twice). Returns the rows added.
 * A few thousand rows at most (Search Console exports 1,000 pages), so they go in one statement of arrays.
 */
export async function landSiteTraffic(client: pg.ClientBase, source: WarehouseSource, rows: readonly SiteTrafficRow[]): Promise<number> {
  if (!rows.length) return 0;
  const { sourceId, ownerUserId } = source;
  // $1 is the source, $2 the owner (null: installation data, which everyone sees), as in the warehouse writer.
  const owners = 'case when $2::uuid is null then null else array[$2::uuid] end';
  const gainOwner = (alias: string) => `owner_user_ids = case when $1::uuid is null then null else array_append(${alias}.owner_user_ids, $1::uuid) end`;
  const needsOwner = (alias: string) => `${alias}.owner_user_ids is not null and ($1::uuid is null or not $1::uuid = any(${alias}.owner_user_ids))`;
  const sites = [...new Set(rows.map((row) => row.site))];
  await client.query(`insert into domain (name, source_id, owner_user_ids) select unnest($3::text[]), $1::smallint, ${owners} on conflict (name) do nothing`,
    [sourceId, ownerUserId, sites]);
  await client.query(`update domain d set ${gainOwner('d')} where d.name = any($2::text[]) and ${needsOwner('d')}`, [ownerUserId, sites]);
  const pages = [...new Map(rows.filter((row) => row.url !== null).map((row) => [row.url!, row.site])).entries()];
  const urls = pages.map(([url]) => url);
  await client.query(
    `insert into page (domain_id, url, source_id, owner_user_ids)
     select d.id, s.url, $1::smallint, ${owners} from unnest($3::text[], $4::text[]) as s(url, site) join domain d on d.name = s.site
     on conflict (url) do nothing`,
    [sourceId, ownerUserId, urls, pages.map(([, site]) => site)]);
  await client.query(`update page p set ${gainOwner('p')} where p.url = any($2::text[]) and ${needsOwner('p')}`, [ownerUserId, urls]);
  const added = await client.query(
    `insert into site_traffic (owner_user_id, source_id, domain_id, page_id, territory, month, clicks, impressions, position)
     select coalesce($2::uuid, '00000000-0000-0000-0000-000000000000'), $1::smallint, d.id, p.id, s.territory, s.month, s.clicks, s.impressions, s.position
     from unnest($3::text[], $4::text[], $5::text[], $6::date[], $7::int[], $8::int[], $9::numeric[]) as s(site, url, territory, month, clicks, impressions, position)
       join domain d on d.name = s.site left join page p on p.url = s.url
     -- The same month of a site or page already landed for the owner (the same export again): the first stays.
     on conflict do nothing`,
    [sourceId, ownerUserId, ...(['site', 'url', 'territory', 'month', 'clicks', 'impressions', 'position'] as const).map((name) => rows.map((row) => row[name]))]);
  const months = [...new Set(rows.map((row) => row.month))];
  for (const statement of siteTotalsWinSql(months, ownerUserId)) await client.query(statement.sql, statement.params);
  return added.rowCount ?? 0;
}
