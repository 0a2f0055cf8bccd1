import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { searchConsoleRowColumns, type SearchConsoleDayRows } from './search-console-day-rows.js';

/** The property was removed (disconnected with its data) while a sync of it ran. */
export class SearchConsolePropertyGoneError extends Error {
  constructor() {
    super('Search Console property not found.');
    this.name = 'SearchConsolePropertyGoneError';
  }
}

/** A day's totals of one country (keys date, country): the site's own clicks with its anonymised queries. */
export interface SearchConsoleDayTotal {
  country: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** One fetched day: its rows and its per-country totals. */
export interface SearchConsoleFetchedDay {
  /** YYYY-MM-DD. */
  day: string;
  /** Its rows as COPY text (for the day and property they are kept under). */
  rows: SearchConsoleDayRows;
  totals: readonly SearchConsoleDayTotal[];
}

/**
 * Keeps fetched days of a property, each whole, in one transaction: their rows, their per-country totals and each
 * day's search_console_day row — the sync's checkpoint, so a killed worker's next run asks only for the days without
 * one. A day is never kept in part: its rows and its search_console_day row commit together. Keeping a day again (a
 * run that fetched it but died before it knew) replaces it. The sync hands over the days fetched while it kept the
 * last ones (one when Google is the slower, a few when the database is), so a backfill of hundreds of days is not
 * hundreds of transactions.
 */
export async function keepSearchConsoleDays(client: pg.ClientBase, propertyId: string, days: readonly SearchConsoleFetchedDay[]): Promise<void> {
  if (!days.length) return;
  // Three round trips however many days: the statements before the COPY go as one text, and those after it with the
  // COMMIT, so the values are written into the text — the id and days checked here, the totals as escaped JSON.
  if (!/^\d+$/.test(propertyId)) throw new Error(`Not a Search Console property id: ${propertyId}`);
  const bad = days.find((entry) => !/^\d{4}-\d{2}-\d{2}$/.test(entry.day));
  if (bad) throw new Error(`Not a day: ${bad.day}`);
  // The rows' COPY text names its property and day: they must be these.
  const other = days.find((entry) => entry.rows.propertyId !== propertyId || entry.rows.day !== entry.day);
  if (other) throw new Error(`Rows of another property or day: ${other.rows.propertyId}, ${other.rows.day}`);
  const dayList = `array[${days.map((entry) => `'${entry.day}'`).join(', ')}]::date[]`;
  const kept = `property_id = ${propertyId} and day = any(${dayList})`;
  try {
    // The property is held until COMMIT: a disconnect removing it meanwhile waits, and one that came first leaves
    // nothing to keep the days for. The COMMIT does not wait for the disk (a backfill is hundreds of them, each
    // flushing its COPY's log): should PostgreSQL itself crash, the last days kept go with their search_console_day
    // rows — all of a transaction or none — and the next run fetches them again from Google.
    const [, , property] = (await client.query(
      `begin;
       set local synchronous_commit = off;
       select 1 from search_console_property where id = ${propertyId} and not removing for share;
       delete from search_console_row where ${kept};
       delete from search_console_total where ${kept};`)) as unknown as pg.QueryResult[];
    if (!property?.rowCount) throw new SearchConsolePropertyGoneError();
    // COPY: a large site's day is tens of thousands of rows, and a backfill is 16 months of them.
    // The rows were written as COPY text as they were read (SearchConsoleDayRows).
    if (days.some((entry) => entry.rows.count)) {
      await pipeline(Readable.from(days.flatMap((entry) => entry.rows.copyText())),
        client.query(copyStreams.from(`copy search_console_row (${searchConsoleRowColumns}) from stdin`)));
    }
    const totals = days.flatMap((entry) => entry.totals.map((total) => [entry.day, total.country, total.clicks, total.impressions, total.position]));
    const counts = days.map((entry) => [entry.day, entry.rows.count]);
    await client.query(
      `insert into search_console_total (property_id, day, country, clicks, impressions, position)
       select ${propertyId}, (t->>0)::date, t->>1, (t->>2)::int, (t->>3)::int, (t->>4)::float8 from jsonb_array_elements(${client.escapeLiteral(JSON.stringify(totals))}::jsonb) t;
       insert into search_console_day (property_id, day, rows, fetched_at)
       select ${propertyId}, (d->>0)::date, (d->>1)::int, now() from jsonb_array_elements(${client.escapeLiteral(JSON.stringify(counts))}::jsonb) d
       on conflict (property_id, day) do update set rows = excluded.rows, fetched_at = now();
       commit;`);
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
