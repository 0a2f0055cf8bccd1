import type { EntityManager } from '@mikro-orm/postgresql';
import { searchConsoleMessages, searchConsoleSyncJob, type JobPayload, type JobResult } from '@serpwise/contracts';
import { SearchConsoleRepository } from '@serpwise/database';
import { GoogleApiError, GoogleNotAuthorisedError, type SearchConsoleClient, type SearchConsoleClientOptions } from '@serpwise/platform';
import {
  CopyChunkPool,
  copyChunkBytes,
  keepSearchConsoleDays,
  landSearchConsoleMonth,
  searchConsoleDaysToFetch,
  searchConsoleMonthsToLand,
  searchConsoleChunkSize,
  SearchConsoleDayRows,
  SearchConsolePropertyGoneError,
  type SearchConsoleDayTotal,
  type SearchConsoleFetchedDay,
  type SearchConsolePropertyRef,
} from '@serpwise/research';
import { UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';
import { WorkBehind } from '../jobs/work-behind.js';
import { FetchAhead } from '../jobs/fetch-ahead.js';
import { SyncDayProgress } from './search-console-progress.js';

export interface SearchConsoleSyncOptions {
  /** searchAnalytics.query's rowLimit (25,000 at most). */
  rowLimit: number;
  /** Today, YYYY-MM-DD in UTC (tests may fix it). */
  today?: () => string;
}

const dayMs = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
const count = (n: number) => n.toLocaleString('en-US');
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * Google's newest days come in late: an empty answer for one of the last few days may only mean "not final yet",
 * so such a day is not kept (the next sync asks again); an older empty day is a day without searches and is kept.
 */
const pendingDays = 4;

/**
 * Days fetched and waiting to be kept, at most: a few days of a large site's rows in memory (as COPY text, ~150 bytes
 * a row). When the database is the slower side, each transaction keeps this many days: fewer, larger COPYs and commits.
 */
const fetchAheadDays = 8;

/** Progress while fetching goes out this often at most (a cancel is seen at the next one). */
const reportEveryMs = 1_000;

/**
 * A Search Console sync (contracts' search-console.sync): fetches the property's days not kept yet, oldest first —
 * per day, its totals by country and every query × page × country × device row, paged — keeps each day whole as it
 * comes (the checkpoint: a killed worker's next attempt goes on from the next day), and lands each month in the
 * warehouse once its days are in (behind the fetch as it moves on to the next month, and at the end). Progress is days
 * kept of the range less the days Google has not published yet (SyncDayProgress), with rows fetched, live in the job
 * list and on the Search Console page. A quota refusal backs off in the client (the progress says so); still refused,
 * the attempt fails and BullMQ runs it again later, from the days already kept.
 */
export class SearchConsoleSyncProcessor implements JobHandler<typeof searchConsoleSyncJob> {
  readonly contract = searchConsoleSyncJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
    private readonly clientFor: (userId: string, options: SearchConsoleClientOptions) => Promise<SearchConsoleClient>,
    private readonly options: SearchConsoleSyncOptions,
  ) {}

  async handle(payload: JobPayload<typeof searchConsoleSyncJob>, context: JobContext): Promise<JobResult<typeof searchConsoleSyncJob>> {
    const { input, ownerUserId } = await recordedJob(this.em(), searchConsoleSyncJob, payload.jobId);
    const property = await new SearchConsoleRepository(this.em()).property(ownerUserId, input.propertyId);
    if (!property) throw new UnrecoverableError(searchConsoleMessages.propertyNotFound);
    const today = this.options.today?.() ?? new Date().toISOString().slice(0, 10);
    const lastDay = addDays(today, -1);
    const totalDays = Math.max(0, daysBetween(property.firstDay, lastDay) + 1);
    let progress = new SyncDayProgress(totalDays, 0);
    let rowsFetched = 0;
    let daysFetched = 0;
    const daysText = () => `${count(progress.done)} of ${count(progress.total)} days`;
    const message = () => `Fetching Search Console: ${daysText()}, ${count(rowsFetched)} rows`;
    const report = async (text: string) => {
      if (!(await context.progress(progress.done, progress.total, text))) throw new JobCancelledError();
    };

    let client: SearchConsoleClient;
    try {
      client = await this.clientFor(ownerUserId, {
        onBackoff: (waitMs) => report(`Google's Search Console quota is used up: waiting ${Math.ceil(waitMs / 1000)} s, then going on (${daysText()})`),
      });
    } catch (error) {
      if (error instanceof GoogleNotAuthorisedError) throw new UnrecoverableError(searchConsoleMessages.reconnect);
      throw error;
    }

    const ref: SearchConsolePropertyRef = { id: property.id, ownerUserId, siteUrl: property.siteUrl, domain: property.domain };
    const months: string[] = [];
    let landing: string | null = null;
    /** Lands the months due (before `before`, YYYY-MM-01; null: all), each in a transaction, on a connection of its own. */
    const landMonths = async (before: string | null, say: boolean) => {
      const connection = await this.pool.connect();
      try {
        for (const month of await searchConsoleMonthsToLand(connection, property.id)) {
          if (before !== null && month >= before) break;
          if (say) await report(`Adding ${monthLabel(month)} to your research data… (${daysText()})`);
          landing = month;
          if (await landSearchConsoleMonth(connection, ref, month)) months.push(month);
          landing = null;
        }
      } finally {
        connection.release();
      }
    };
    const fetchingMessage = () => `${message()}${landing ? ` (adding ${monthLabel(landing)} to your research data)` : ''}`;
    // A finished month lands behind the fetch, while the next days come from Google and are kept: the three steps
    // run side by side instead of one after another (docs/decisions.md, "Issue 20: a backfill's speed").
    const behind = new WorkBehind();
    const db = await this.pool.connect();
    let holdingDb = true;
    try {
      const days = totalDays ? await searchConsoleDaysToFetch(db, property.id, property.firstDay, lastDay) : [];
      progress = new SyncDayProgress(totalDays, totalDays - days.length);
      await report(message());
      // Google is asked for the next days (one day at a time, as before) while the ones fetched are kept: each
      // transaction keeps every day fetched meanwhile, so the slower side sets the pace, not the sum of both.
      // The kept days' COPY chunks are written into again by the days fetched next.
      const chunks = new CopyChunkPool(copyChunkBytes(searchConsoleChunkSize));
      const feed = new FetchAhead(days, (day) => this.fetchDay(client, property, day, chunks), fetchAheadDays);
      try {
        let month: string | null = null;
        let reportedAt = performance.now();
        for (let fetched = await feed.take(); fetched.length; fetched = await feed.take()) {
          behind.check();
          const keep: SearchConsoleFetchedDay[] = [];
          for (const { item: day, result } of fetched) {
            if (result.rows.count === 0 && result.totals.length === 0 && daysBetween(day, today) <= pendingDays) progress.dayNotPublishedYet();
            else keep.push({ day, ...result });
          }
          await keepSearchConsoleDays(db, property.id, keep);
          // Kept: PostgreSQL has read every byte of their text.
          for (const day of keep) chunks.giveBack(day.rows.copyText());
          for (const day of keep) {
            progress.dayKept();
            daysFetched += 1;
            rowsFetched += day.rows.count;
          }
          // The months before the newest day's are all in: they land behind the fetch, so the research pages fill in
          // as it goes.
          const newest = fetched.at(-1)!.item.slice(0, 7);
          if (month !== null && newest !== month) behind.add(() => landMonths(`${newest}-01`, false));
          month = newest;
          // At most once a second: each report is a write and a message, and a backfill keeps hundreds of batches.
          if (performance.now() - reportedAt >= reportEveryMs) {
            await report(fetchingMessage());
            reportedAt = performance.now();
          }
        }
      } finally {
        feed.stop();
      }
      behind.add(() => landMonths(null, true));
      // The fetch's connection goes back before waiting: the landing behind may be waiting for one.
      db.release();
      holdingDb = false;
      await behind.finished();
      await report(`Search Console is up to date: ${daysText()}, ${count(rowsFetched)} rows fetched this time${progress.pendingNote}`);
      return { daysFetched, rowsFetched, months };
    } catch (error) {
      // A refused authorisation will not pass on a retry: the user has to connect again.
      if (error instanceof GoogleApiError && (error.status === 401 || error.status === 400)) throw new UnrecoverableError(searchConsoleMessages.reconnect);
      if (error instanceof SearchConsolePropertyGoneError) throw new UnrecoverableError(searchConsoleMessages.propertyNotFound);
      throw error;
    } finally {
      if (holdingDb) db.release();
      // Stopped early (cancelled, failed): the month landing behind ends before the run does (its failure, if any, is the lesser news).
      await behind.finished().catch(() => undefined);
    }
  }

  /**
   * One day: its totals by country (the site's own clicks) and its rows, every page of them; both asked at once. The
   * rows are written as COPY text page by page, straight from the answer's bytes.
   */
  private async fetchDay(client: SearchConsoleClient, property: { id: string; siteUrl: string }, day: string, chunks: CopyChunkPool): Promise<{ rows: SearchConsoleDayRows; totals: SearchConsoleDayTotal[] }> {
    const siteUrl = property.siteUrl;
    const totalsOfDay = async () => {
      const totals: SearchConsoleDayTotal[] = [];
      for await (const page of client.query(siteUrl, { startDate: day, endDate: day, dimensions: ['date', 'country'], rowLimit: this.options.rowLimit })) {
        for (const row of page) totals.push({ country: String(row.keys[1] ?? ''), clicks: row.clicks, impressions: row.impressions, position: row.position });
      }
      return totals;
    };
    const rowsOfDay = async () => {
      const rows = new SearchConsoleDayRows(property.id, day, searchConsoleChunkSize, chunks);
      // Read from the answer's bytes (SearchConsoleDayRows.addAnswer: the keys in this order).
      await client.queryAnswers(siteUrl, { startDate: day, endDate: day, dimensions: ['query', 'page', 'date', 'country', 'device'], rowLimit: this.options.rowLimit }, (answer) => rows.addAnswer(answer));
      return rows;
    };
    const [totals, rows] = await Promise.all([totalsOfDay(), rowsOfDay()]);
    return { rows, totals };
  }
}
