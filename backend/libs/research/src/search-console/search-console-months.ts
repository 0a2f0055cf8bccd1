import type { SearchConsoleCountry } from '@serpwise/contracts';
import type pg from 'pg';
import { createWarehouseSource, landWarehouseRows, type WarehouseSource } from '../warehouse/warehouse-writer.js';
import { domainOfUrl, warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { landSiteTraffic, type SiteTrafficRow } from '../warehouse/site-traffic.js';
import { removeWarehouseSource } from '../warehouse/warehouse-source-removal.js';
import { territoryOfCountry } from './search-console-country.js';

export interface SearchConsolePropertyRef {
  id: string;
  ownerUserId: string;
  siteUrl: string;
  domain: string;
}

export interface MonthLanded {
  month: string;
  throughDay: string;
  /** Search results (query and territory) and site_traffic rows that went in. */
  results: number;
  traffic: number;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * Lands one month of a property in the warehouse as its owner's own data, as a Search Console file import would
 * (docs/decisions.md, "Issue 20: Search Console by API"): each query of a territory becomes one result of the month
 * (clicks and impressions summed over its days, pages and devices; the impression-weighted average position; the
 * page that brought it the most clicks), each page its month's site_traffic, and the site's own month (the day
 * totals, with the anonymised queries) the site's. Each (property, month) is one data_source, labelled "Search
 * Console" with the month, whose details say format 'gsc' — so the research pages say "Your data: Search Console".
 * A month landed before (a day was added since: the daily sync) is removed and landed again under the same source
 * id, in the same transaction: a reader sees the old month or the new one, never both or neither.
 */
export async function landSearchConsoleMonth(client: pg.ClientBase, property: SearchConsolePropertyRef, month: string): Promise<MonthLanded | null> {
  await client.query('begin');
  try {
    const through = (await client.query<{ through: string | null }>(
      `select to_char(max(day), 'YYYY-MM-DD') as through from search_console_day where property_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')`,
      [property.id, month])).rows[0]?.through ?? null;
    if (!through) {
      await client.query('rollback');
      return null;
    }
    // One month of one property lands at a time (two syncs of it cannot run together, but a disconnect can).
    await client.query('select pg_advisory_xact_lock(4004020, $1::int)', [property.id]);
    // Removed meanwhile (a disconnect with its data): nothing to land.
    if (!(await client.query('select 1 from search_console_property where id = $1 and not removing', [property.id])).rowCount) {
      await client.query('rollback');
      return null;
    }
    const details = { format: 'gsc', searchConsole: true, propertyId: property.id, siteUrl: property.siteUrl, domain: property.domain, month, throughDay: through };
    const label = `Search Console: ${property.siteUrl}, ${monthLabel(month)}`;
    const earlier = (await client.query<{ source_id: number }>('select source_id from search_console_month where property_id = $1 and month = $2::date', [property.id, month])).rows[0];
    let source: WarehouseSource;
    if (earlier) {
      await removeWarehouseSource(client, earlier.source_id, { inTransaction: true });
      // The same id again: data_source ids are few (smallint), and a month re-landed each day must not use one up each time.
      await client.query(`insert into data_source (id, kind, label, details, owner_user_id, loaded_at) values ($1, 'import', $2, $3::jsonb, $4, now())`,
        [earlier.source_id, label, JSON.stringify(details), property.ownerUserId]);
      source = { sourceId: earlier.source_id, ownerUserId: property.ownerUserId };
    } else {
      source = await createWarehouseSource(client, { kind: 'import', label, details, ownerUserId: property.ownerUserId });
    }

    // One pass over the month's rows (a large site's month is millions of them): the sums of each query's page in a
    // country, hashed. The planner, without statistics for a property's new days, would sort them instead (several
    // times slower); JIT would compile each statement of the landing for longer than it runs.
    await client.query(`select set_config('jit', 'off', true), set_config('work_mem', '256MB', true), set_config('enable_sort', 'off', true)`);
    await client.query(
      `create temp table search_console_page_month on commit drop as
       select country, query, page, sum(clicks) as clicks, sum(impressions) as impressions, sum(position * impressions) as weighted, avg(position) as plain
       from search_console_row where property_id = $1 and day >= $2::date and day < ($2::date + interval '1 month') group by country, query, page`,
      [property.id, month]);
    await client.query(`select set_config('enable_sort', 'on', true)`);
    await client.query('analyze search_console_page_month');
    const { rows: queries } = await client.query<{ country: string; query: string; page: string; clicks: number; impressions: number; position: number }>(
      `select country, query, sum(clicks)::int as clicks, sum(impressions)::int as impressions,
         coalesce(sum(weighted) / nullif(sum(impressions), 0), avg(plain)) as position,
         (array_agg(page order by clicks desc, impressions desc, page))[1] as page
       from search_console_page_month group by country, query order by country, query`);
    const results: WarehouseRow[] = [];
    for (const row of queries) {
      const territory = territoryOfCountry(row.country);
      if (!territory) continue;
      const result: WarehouseRow = {
        keyword: row.query, territory, date: through, url: row.page,
        position: Math.min(1000, Math.max(1, Math.round(row.position))), clicks: row.clicks, impressions: row.impressions,
      };
      // A query Google keeps but the warehouse cannot (over 2,000 bytes, control characters) is left out.
      if (warehouseRowProblem(result) === null) results.push(result);
    }
    const { rows: pages } = await client.query<{ country: string; page: string; clicks: number; impressions: number; position: number | null }>(
      `select country, page, sum(clicks)::int as clicks, sum(impressions)::int as impressions, sum(weighted) / nullif(sum(impressions), 0) as position
       from search_console_page_month group by country, page`);
    const { rows: totals } = await client.query<{ country: string; clicks: number; impressions: number; position: number | null }>(
      `select country, sum(clicks)::int as clicks, sum(impressions)::int as impressions, sum(position * impressions) / nullif(sum(impressions), 0) as position
       from search_console_total where property_id = $1 and day >= $2::date and day < ($2::date + interval '1 month') group by country`, [property.id, month]);
    const traffic: SiteTrafficRow[] = [];
    for (const page of pages) {
      const territory = territoryOfCountry(page.country);
      const site = domainOfUrl(page.page);
      if (territory && site) traffic.push({ site, url: page.page, territory, month, clicks: page.clicks, impressions: page.impressions, position: twoDecimals(page.position) });
    }
    for (const total of totals) {
      const territory = territoryOfCountry(total.country);
      if (territory) traffic.push({ site: property.domain, url: null, territory, month, clicks: total.clicks, impressions: total.impressions, position: twoDecimals(total.position) });
    }

    if (results.length) await landWarehouseRows(client, source, results, { inTransaction: true });
    const trafficLanded = await landSiteTraffic(client, source, traffic);
    await client.query(
      `insert into search_console_month (property_id, month, source_id, through_day) values ($1, $2::date, $3, $4::date)
       on conflict (property_id, month) do update set source_id = excluded.source_id, through_day = excluded.through_day`,
      [property.id, month, source.sourceId, through]);
    await client.query('commit');
    return { month, throughDay: through, results: results.length, traffic: trafficLanded };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Removes what a property brought. First the property is marked `removing` (waiting for a day being kept, which holds
 * its row): from then on no sync keeps a day or lands a month of it. Then each month's rows leave the warehouse
 * (removeWarehouseSource: the keywords, pages and sites only it used, the months rolled up again; one transaction per
 * month, as a removal's temporary tables last until its commit), then its fetched days and the property itself.
 * Stopped half-way, it can be run again: the property stays, marked, until the end.
 */
export async function removeSearchConsoleProperty(client: pg.ClientBase, propertyId: string): Promise<void> {
  const inTransaction = async (work: () => Promise<void>) => {
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock(4004020, $1::int)', [propertyId]);
      await work();
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  };
  await inTransaction(async () => {
    await client.query('update search_console_property set removing = true where id = $1', [propertyId]);
  });
  const { rows } = await client.query<{ month: string; source_id: number }>('select month, source_id from search_console_month where property_id = $1', [propertyId]);
  for (const row of rows) {
    await inTransaction(async () => {
      await removeWarehouseSource(client, row.source_id, { inTransaction: true });
      await client.query('delete from search_console_month where property_id = $1 and month = $2', [propertyId, row.month]);
    });
  }
  await inTransaction(async () => {
    for (const table of ['search_console_month', 'search_console_row', 'search_console_total', 'search_console_day']) {
      await client.query(`delete from ${table} where property_id = $1`, [propertyId]);
    }
    await client.query('delete from search_console_property where id = $1', [propertyId]);
  });
}

/** The site's own clicks and impressions by month, of every territory together (the Search Console page's table). */
export async function searchConsoleMonths(client: pg.ClientBase, propertyId: string): Promise<{ month: string; clicks: number | null; impressions: number | null }[]> {
  const { rows } = await client.query<{ month: string; clicks: number | null; impressions: number | null }>(
    `select to_char(date_trunc('month', day), 'YYYY-MM') as month, sum(clicks)::int as clicks, sum(impressions)::int as impressions
     from search_console_total where property_id = $1 group by 1 order by 1`, [propertyId]);
  return rows;
}

/**
 * The site's own clicks and impressions by country over every day kept (the Search Console page's second table),
 * most clicks first, each with the territory it lands in: null for the countries the product has no territory for,
 * whose figures the research screens never show (they are per territory), so the page does.
 */
export async function searchConsoleCountries(client: pg.ClientBase, propertyId: string): Promise<SearchConsoleCountry[]> {
  const { rows } = await client.query<{ country: string; clicks: number; impressions: number }>(
    `select country, sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions
     from search_console_total where property_id = $1 group by country order by 2 desc, 3 desc, 1`, [propertyId]);
  return rows.map((row) => ({ ...row, territory: territoryOfCountry(row.country) }));
}
