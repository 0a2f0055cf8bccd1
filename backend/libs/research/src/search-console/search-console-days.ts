import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chunked, copyLine } from '../demo-market/copy-text.js';

/** The property was removed (disconnected with its data) while a sync of it ran. */
export class SearchConsolePropertyGoneError extends Error {
  constructor() {
    super('Search Console property not found.');
    this.name = 'SearchConsolePropertyGoneError';
  }
}

/** One fetched row of a day (searchAnalytics.query keys query, page, date, country, device). */
export interface SearchConsoleDayRow {
  query: string;
  page: string;
  country: string;
  device: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** A day's totals of one country (keys date, country): the site's own clicks with its anonymised queries. */
export interface SearchConsoleDayTotal {
  country: string;
  clicks: number;
  impressions: number;
  position: number;
}

/**
 * Keeps one fetched day of a property, whole, in one transaction: its rows, its per-country totals and the day's
 * search_console_day row — the sync's checkpoint, so a killed worker's next run asks only for the days without one.
 * Keeping a day again (a run that fetched it but died before it knew) replaces it.
 */
export async function keepSearchConsoleDay(
  client: pg.ClientBase,
  propertyId: string,
  day: string,
  rows: readonly SearchConsoleDayRow[],
  totals: readonly SearchConsoleDayTotal[],
): Promise<void> {
  await client.query('begin');
  try {
    // The property is held until COMMIT: a disconnect removing it meanwhile waits, and one that came first leaves
    // nothing to keep the day for.
    const property = await client.query('select 1 from search_console_property where id = $1 and not removing for share', [propertyId]);
    if (!property.rowCount) throw new SearchConsolePropertyGoneError();
    await client.query('delete from search_console_row where property_id = $1 and day = $2::date', [propertyId, day]);
    await client.query('delete from search_console_total where property_id = $1 and day = $2::date', [propertyId, day]);
    // COPY: a large site's day is tens of thousands of rows, and a backfill is 16 months of them.
    if (rows.length) {
      const lines = rows.map((row) => copyLine([propertyId, day, row.query, row.page, row.country, row.device, row.clicks, row.impressions, row.position]));
      await pipeline(Readable.from(chunked(lines)), client.query(copyStreams.from('copy search_console_row (property_id, day, query, page, country, device, clicks, impressions, position) from stdin')));
    }
    if (totals.length) {
      await client.query(
        `insert into search_console_total (property_id, day, country, clicks, impressions, position)
         select $1, $2::date, * from unnest($3::text[], $4::int[], $5::int[], $6::float8[])`,
        [propertyId, day, ...(['country', 'clicks', 'impressions', 'position'] as const).map((key) => totals.map((row) => row[key]))]);
    }
    await client.query(
      `insert into search_console_day (property_id, day, rows, fetched_at) values ($1, $2::date, $3, now())
       on conflict (property_id, day) do update set rows = excluded.rows, fetched_at = now()`, [propertyId, day, rows.length]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** The days of [firstDay, lastDay] not kept yet, oldest first. */
export async function searchConsoleDaysToFetch(client: pg.ClientBase, propertyId: string, firstDay: string, lastDay: string): Promise<string[]> {
  const { rows } = await client.query<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day from generate_series($2::date, $3::date, interval '1 day') d
     where not exists (select 1 from search_console_day k where k.property_id = $1 and k.day = d::date) order by d`, [propertyId, firstDay, lastDay]);
  return rows.map((row) => row.day);
}

/** Months with a kept day newer than what the warehouse holds of them (or none of it yet): the months to land. */
export async function searchConsoleMonthsToLand(client: pg.ClientBase, propertyId: string): Promise<string[]> {
  const { rows } = await client.query<{ month: string }>(
    `select to_char(k.month, 'YYYY-MM-DD') as month from (
       select date_trunc('month', day)::date as month, max(day) as through from search_console_day where property_id = $1 group by 1) k
     left join search_console_month m on m.property_id = $1 and m.month = k.month
     where m.through_day is null or m.through_day < k.through order by 1`, [propertyId]);
  return rows.map((row) => row.month);
}
