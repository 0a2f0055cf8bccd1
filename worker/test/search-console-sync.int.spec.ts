import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scheduledQueue, scheduledTasks, searchConsoleMessages, searchConsoleScope, type JobListPage, type SearchConsoleCountry, type SearchConsoleMonth, type SearchConsoleSite, type SearchConsoleState } from '@serpwise/contracts';
import { queueKeyPrefix } from '@serpwise/platform';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { WorkerProcess } from '../../infra/test/job-faults.js';
import { dayFromToday, SearchConsoleFixture } from '../../infra/test/search-console-data.js';
import { TestStack } from '../../infra/test/stack.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, jobWaitMs, until } from '../../infra/test/waiting.js';

/**
 * Issue 20 point 1, against the built API and worker processes, the real PostgreSQL and Redis, and a fake Google
 * (OAuth token endpoint, sites.list, searchAnalytics.query paged by rowLimit/startRow, one 429 with Google's quota
 * error): a user connects Search Console, picks a property, and its two-month backfill lands as their own data —
 * the rows, the site's clicks by month, its pages — while the worker doing it is killed half-way and another one
 * goes on from the days already kept. Then disconnect: first keeping the data, then removing it.
 */
jest.setTimeout(jobTestTimeoutMs);

/** Short lock and stall check, so a killed worker's job is taken over within seconds. */
const jobTimings = { JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' };
const backfillMonths = 2;
/** The first day the API asks for: today, two months back (search-console.service.ts). */
const firstDay = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - backfillMonths, now.getUTCDate())).toISOString().slice(0, 10);
})();
/** Google's newest final day: the two days after it answer nothing yet (and are not kept). */
const fixture = new SearchConsoleFixture('brackenmoor-cycles.com', firstDay, dayFromToday(-3));
const json = async <T>(response: Response) => (await response.json()) as T;

describe('Search Console by API', () => {
  let google: FakeGoogle;
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;
  let stranger: HttpSession;
  const workers: WorkerProcess[] = [];
  const output = () => `${stack.output()}\n${workers.map((worker) => worker.output()).join('\n')}`;
  let propertyId = '';
  let jobId = '';

  beforeAll(async () => {
    google = await new FakeGoogle().start();
    google.searchConsoleSites = [
      { siteUrl: fixture.siteUrl, permissionLevel: 'siteOwner' },
      { siteUrl: 'https://www.not-verified-here.com/', permissionLevel: 'siteUnverifiedUser' },
    ];
    google.searchAnalytics = (siteUrl, request) => (siteUrl === fixture.siteUrl ? fixture.answer(request) : []);
    // Slow enough that the worker can be killed half-way through the two months.
    google.searchAnalyticsDelayMs = 15;
    // The 9th call (the second day's third page) is refused for quota, as Google says it.
    google.searchAnalyticsFailures.set(9, { status: 429 });
    stack = await TestStack.start({
      ...jobTimings,
      GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: google.baseUrl,
      GOOGLE_SEARCH_CONSOLE_BASE_URL: google.baseUrl,
      SEARCH_CONSOLE_BACKFILL_MONTHS: String(backfillMonths),
      // 120 rows a day in pages of 25: five pages a day.
      SEARCH_CONSOLE_ROW_LIMIT: '25',
      SEARCH_CONSOLE_BACKOFF_MS: '50',
    });
    // This test's workers are started and killed by it; not the stack's own.
    await stack.killWorker();
    workers.push(await WorkerProcess.start('w1', stack.env));
    user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
    stranger = await loggedInSession(stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
  }, setUpTimeoutMs);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await stack?.stop();
    await google?.stop();
  }, setUpTimeoutMs);

  it('connects with the webmasters.readonly scope and keeps the refresh token encrypted', async () => {
    const before = await json<SearchConsoleState>(await session.get('/rest/search-console'));
    expect(before).toMatchObject({ configured: true, connected: false, properties: [] });
    const consent = new URL(before.authorizeUrl!);
    expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/webmasters.readonly');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${stack.baseUrl}/account/search-console/callback`);
    expect(consent.searchParams.get('access_type')).toBe('offline');

    const refused = await session.post('/rest/search-console/connect', { code: 'made-up' });
    expect(refused.status).toBe(400);
    expect(await json<{ message: string }>(refused)).toMatchObject({ message: searchConsoleMessages.authorisationFailed });

    // A consent without the Search Console scope (unticked on Google's screen) keeps nothing.
    const withoutScope = await session.post('/rest/search-console/connect', { code: google.issueCode() });
    expect(withoutScope.status).toBe(400);
    expect(await json<{ message: string }>(withoutScope)).toMatchObject({ message: searchConsoleMessages.scopeMissing });
    expect(await stack.database.query('select 1 from search_console_connection where user_id = $1', [user.id])).toHaveLength(0);

    const connected = await session.post('/rest/search-console/connect', { code: google.issueCode(searchConsoleScope) });
    expect(connected.status).toBe(200);
    expect(await json<SearchConsoleState>(connected)).toMatchObject({ connected: true });
    const [row] = await stack.database.query<{ refresh_token_encrypted: string }>('select refresh_token_encrypted from search_console_connection where user_id = $1', [user.id]);
    expect(row!.refresh_token_encrypted).not.toContain('refresh-');
    // The Sheets export's authorisation is another one.
    expect(await stack.database.query('select 1 from google_token where user_id = $1', [user.id])).toHaveLength(0);
    expect(await json<SearchConsoleState>(await stranger.get('/rest/search-console'))).toMatchObject({ connected: false });
  });

  it("lists the account's properties and picks only a readable one", async () => {
    const sites = await json<SearchConsoleSite[]>(await session.get('/rest/search-console/sites'));
    expect(sites.map((site) => [site.siteUrl, site.domain, site.picked])).toEqual([
      ['https://www.not-verified-here.com/', 'not-verified-here.com', false],
      [fixture.siteUrl, fixture.domain, false],
    ]);
    expect((await session.post('/rest/search-console/properties', { siteUrls: ['https://www.not-verified-here.com/'] })).status).toBe(400);
    expect((await session.post('/rest/search-console/properties', { siteUrls: ['sc-domain:someone-else.com'] })).status).toBe(400);
    // Another user's Google account is not connected: nothing to list.
    expect((await stranger.get('/rest/search-console/sites')).status).toBe(403);

    const picked = await session.post('/rest/search-console/properties', { siteUrls: [fixture.siteUrl] });
    expect(picked.status).toBe(202);
    const state = await json<SearchConsoleState>(picked);
    expect(state.properties).toHaveLength(1);
    const [property] = state.properties;
    expect(property).toMatchObject({ siteUrl: fixture.siteUrl, domain: fixture.domain, firstDay });
    expect(property!.lastSync).toMatchObject({ name: 'search-console.sync', searchConsole: { siteUrl: fixture.siteUrl, mode: 'backfill' } });
    propertyId = property!.id;
    jobId = property!.lastSync!.id;
  });

  it('backfills through a 429 and a killed worker, going on from the days already kept', async () => {
    const recordOf = async () => (await stack.database.query<{ state: string; attempts: number; done: number; total: number; error: string | null; message: string }>(
      'select state, attempts, done, total, error, message from job_record where id = $1', [jobId]))[0]!;
    const halfway = await until('the backfill to be half-way', async () => {
      const record = await recordOf();
      return record.state === 'active' && record.done >= 20 ? record : null;
    }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
    expect(halfway.total).toBeGreaterThanOrEqual(fixture.days().length);
    // The 429 was waited out: the ninth call was tried again and the day went on.
    expect(google.searchAnalyticsCallCount).toBeGreaterThan(9);
    await workers[0]!.kill();
    const keptAtKill = Number((await stack.database.query<{ n: string }>('select count(*) as n from search_console_day where property_id = $1', [propertyId]))[0]!.n);
    const callsAtKill = google.searchAnalyticsCallCount;

    workers.push(await WorkerProcess.start('w2', stack.env));
    const done = await until('the backfill to end', async () => {
      const record = await recordOf();
      return record.state !== 'active' && record.state !== 'queued' ? record : null;
    }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    // Resumed, not restarted: the second worker asked only for the days not kept (the one in flight at most again),
    // each day one totals call and five pages of rows.
    const daysLeft = fixture.days().length - keptAtKill;
    expect(google.searchAnalyticsCallCount - callsAtKill).toBeLessThanOrEqual((daysLeft + 1) * 6 + 2 * 2);
    const pageStarts = google.requestsTo(/searchAnalytics\/query$/).map((request) => (request.json as { startRow: number }).startRow);
    expect(new Set(pageStarts)).toEqual(new Set([0, 25, 50, 75, 100]));
  });

  it('keeps every day and row, and lands the months as the user\'s own Search Console data', async () => {
    const days = await stack.database.query<{ n: string; rows: string }>('select count(*) as n, sum(rows) as rows from search_console_day where property_id = $1', [propertyId]);
    expect(Number(days[0]!.n)).toBe(fixture.days().length);
    const stored = await stack.database.query<{ n: string }>('select count(*) as n from search_console_row where property_id = $1', [propertyId]);
    expect(Number(stored[0]!.n)).toBe(fixture.days().reduce((sum, day) => sum + fixture.rowsOf(day).length, 0));
    expect(Number(days[0]!.rows)).toBe(Number(stored[0]!.n));

    for (const month of fixture.months()) {
      // The site's month: the day totals of the US (with the anonymised queries).
      const [site] = await stack.database.query<{ clicks: number }>(
        `select t.clicks from site_traffic t join domain d on d.id = t.domain_id where d.name = $1 and t.page_id is null and t.territory = 'US'
           and t.month = $2::date and t.owner_user_id = $3`, [fixture.domain, `${month}-01`, user.id]);
      expect(site?.clicks).toBe(fixture.siteClicks(month, 'usa'));
      // Each query one result of the month in each territory the product has (not the French Southern Territories).
      const ranks = await stack.database.query<{ territory: string; n: string; clicks: string }>(
        `select territory, count(*) as n, sum(clicks) as clicks from organic_rank where owner_user_id = $1 and month = $2::date group by territory order by territory`,
        [user.id, `${month}-01`]);
      expect(ranks.map((rank) => [rank.territory, Number(rank.n), Number(rank.clicks)])).toEqual([
        ['UK', fixture.queries, fixture.queryClicks(month, 'gbr')],
        ['US', fixture.queries, fixture.queryClicks(month, 'usa')],
      ]);
      // A page's month.
      const page = fixture.pages[1]!;
      const [pageMonth] = await stack.database.query<{ clicks: number }>(
        `select t.clicks from site_traffic t join page p on p.id = t.page_id where p.url = $1 and t.territory = 'US' and t.month = $2::date`, [page, `${month}-01`]);
      expect(pageMonth?.clicks).toBe(fixture.pageClicks(month, page, 'usa'));
    }

    // The page's table: the site's clicks by month, every country.
    const months = await json<SearchConsoleMonth[]>(await session.get(`/rest/search-console/properties/${propertyId}/months`));
    expect(months.map((month) => [month.month, month.clicks])).toEqual(fixture.months().map((month) => [month, fixture.allClicks(month)]));
    expect((await stranger.get(`/rest/search-console/properties/${propertyId}/months`)).status).toBe(404);
    // Its countries, each with the territory its rows land in: the French Southern Territories have none.
    const countries = await json<SearchConsoleCountry[]>(await session.get(`/rest/search-console/properties/${propertyId}/countries`));
    const everyMonth = (country: string) => fixture.months().reduce((sum, month) => sum + fixture.siteClicks(month, country), 0);
    expect(countries.map((country) => [country.country, country.territory, country.clicks]).sort()).toEqual([
      ['atf', null, everyMonth('atf')],
      ['gbr', 'UK', everyMonth('gbr')],
      ['usa', 'US', everyMonth('usa')],
    ]);
    expect((await stranger.get(`/rest/search-console/properties/${propertyId}/countries`)).status).toBe(404);

    // Where the research pages say the figures come from: the user's own Search Console data, per month.
    const subject = await json<{ months: { month: string; own: string[] }[] }>(await session.get(`/rest/research/months?domain=${fixture.domain}&countryCode=US`));
    expect(subject.months.map((month) => [month.month.slice(0, 7), month.own])).toEqual(fixture.months().map((month) => [month, ['gsc']]));
    const strangers = await json<{ months: unknown[] }>(await stranger.get(`/rest/research/months?domain=${fixture.domain}&countryCode=US`));
    expect(strangers.months).toEqual([]);
    const sources = await stack.database.query<{ label: string; format: string }>(
      `select label, details->>'format' as format from data_source where owner_user_id = $1 order by label`, [user.id]);
    expect(sources).toHaveLength(fixture.months().length);
    expect(sources.every((source) => source.label.startsWith(`Search Console: ${fixture.siteUrl}, `) && source.format === 'gsc')).toBe(true);

    // The job center lists the sync.
    const jobs = await json<JobListPage>(await session.get('/rest/jobs'));
    expect(jobs.jobs.find((job) => job.id === jobId)).toMatchObject({ state: 'completed', searchConsole: { siteUrl: fixture.siteUrl, mode: 'backfill' } });
  });

  it('a later sync fetches only the days Google has finished since, and lands their month again in place', async () => {
    // Google has finished the two days it had not: the sync asks for those alone.
    fixture.lastDay = dayFromToday(-1);
    const calls = google.searchAnalyticsCallCount;
    const started = await json<SearchConsoleState>(await session.post(`/rest/search-console/properties/${propertyId}/sync`));
    const syncId = started.properties[0]!.lastSync!.id;
    expect(syncId).not.toBe(jobId);
    await until('the sync to end', async () => {
      const [record] = await stack.database.query<{ state: string }>('select state from job_record where id = $1', [syncId]);
      return record?.state === 'completed' ? record : null;
    }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
    // Two days, each a totals call and five pages of rows.
    expect(google.searchAnalyticsCallCount - calls).toBe(12);
    // The month (or two) holding them was landed again: one result per query and territory, with the new totals.
    const ranks = await stack.database.query<{ n: string }>('select count(*) as n from organic_rank where owner_user_id = $1', [user.id]);
    expect(Number(ranks[0]!.n)).toBe(fixture.months().length * fixture.queries * 2);
    for (const month of fixture.months()) {
      const [site] = await stack.database.query<{ clicks: number }>(
        `select t.clicks from site_traffic t join domain d on d.id = t.domain_id where d.name = $1 and t.page_id is null and t.territory = 'US'
           and t.month = $2::date and t.owner_user_id = $3`, [fixture.domain, `${month}-01`, user.id]);
      expect([month, site?.clicks]).toEqual([month, fixture.siteClicks(month, 'usa')]);
      const [us] = await stack.database.query<{ clicks: string }>(
        `select sum(clicks) as clicks from organic_rank where owner_user_id = $1 and month = $2::date and territory = 'US'`, [user.id, `${month}-01`]);
      expect([month, Number(us!.clicks)]).toEqual([month, fixture.queryClicks(month, 'usa')]);
    }
    // Still one source per month, under the same ids.
    expect(await stack.database.query('select 1 from data_source where owner_user_id = $1', [user.id])).toHaveLength(fixture.months().length);
  });

  it('the daily scheduler is registered and starts a sync of every connected property', async () => {
    const connection = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const scheduled = new Queue(scheduledQueue, { connection, prefix: queueKeyPrefix(stack.env.REDIS_PREFIX!) });
    try {
      const scheduler = await scheduled.getJobScheduler(scheduledTasks.searchConsoleSync.name);
      expect(scheduler?.every).toBe(24 * 60 * 60_000);
      const before = await stack.database.query<{ id: string }>(`select id from job_record where name = 'search-console.sync'`);
      // The scheduler's firing, now rather than in a day.
      await scheduled.add(scheduledTasks.searchConsoleSync.name, {});
      const daily = await until('the daily sync to end', async () => {
        const rows = await stack.database.query<{ id: string; state: string; user_id: string; mode: string }>(
          `select id, state, user_id, payload->>'mode' as mode from job_record where name = 'search-console.sync' and not (id = any($1::uuid[]))`, [before.map((row) => row.id)]);
        return rows.length && rows.every((row) => row.state === 'completed') ? rows : null;
      }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
      // One sync: the one connected user's one property.
      expect(daily.map((row) => [row.user_id, row.mode])).toEqual([[user.id, 'daily']]);
    } finally {
      await scheduled.close();
      await connection.quit();
    }
  });

  it('disconnects: the tokens go (revoked at Google), the data stays unless asked to go', async () => {
    const kept = await json<SearchConsoleState & { message: string }>(await session.post('/rest/search-console/disconnect', { removeData: false }));
    expect(kept).toMatchObject({ connected: false, message: searchConsoleMessages.disconnected });
    expect(kept.properties).toHaveLength(1);
    expect(await stack.database.query('select 1 from search_console_connection where user_id = $1', [user.id])).toHaveLength(0);
    // The refused consent's token and this one.
    expect(google.revoked.size).toBe(2);
    expect(Number((await stack.database.query<{ n: string }>('select count(*) as n from organic_rank where owner_user_id = $1', [user.id]))[0]!.n)).toBeGreaterThan(0);

    await session.post('/rest/search-console/connect', { code: google.issueCode(searchConsoleScope) });
    const removed = await json<SearchConsoleState & { message: string }>(await session.post('/rest/search-console/disconnect', { removeData: true }));
    expect(removed).toMatchObject({ connected: false, properties: [], message: searchConsoleMessages.disconnectedWithData, removal: { name: 'search-console.remove' } });
    // The removal is a job of the job center, followed to its end.
    const removalId = removed.removal!.id;
    await until('the removal to end', async () => {
      const [record] = await stack.database.query<{ state: string }>('select state from job_record where id = $1', [removalId]);
      return record?.state === 'completed' ? record : null;
    }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
    expect((await json<JobListPage>(await session.get('/rest/jobs'))).jobs.find((job) => job.id === removalId)).toMatchObject({ state: 'completed', result: { properties: 1 } });
    for (const [table, column] of [['organic_rank', 'owner_user_id'], ['serp_observation', 'owner_user_id'], ['site_traffic', 'owner_user_id'], ['data_source', 'owner_user_id'], ['search_console_property', 'owner_user_id']]) {
      const [left] = await stack.database.query<{ n: string }>(`select count(*) as n from ${table} where ${column} = $1`, [user.id]);
      expect([table, Number(left!.n)]).toEqual([table, 0]);
    }
    for (const table of ['search_console_row', 'search_console_total', 'search_console_day', 'search_console_month']) {
      const [left] = await stack.database.query<{ n: string }>(`select count(*) as n from ${table}`);
      expect([table, Number(left!.n)]).toEqual([table, 0]);
    }
    expect(await stack.database.query('select 1 from domain where name = $1', [fixture.domain])).toHaveLength(0);
  });
});
