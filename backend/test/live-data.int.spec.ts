import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CompetitorRow, DomainOverviewAnswer, ExportStatus, JobCenterEntry, JobListPage, JobStatus, LiveDataStarted, LiveDataState } from '@serpwise/contracts';
import { pino } from 'pino';
import { FakeDataForSeoResearch, researchPaths } from '../../infra/test/fake-dataforseo-research.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { parseCsv, readXlsx } from '../../infra/test/spreadsheet-readers.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/*
 * Research data on demand (issue 20, docs/product/live-data.md) against a fake DataForSEO that answers in the
 * documented shapes: the page's offer and cost, the job landing each part with its source and date, the cache,
 * the monthly quota and the provider's errors in words a user can act on.
 */
let fake: FakeDataForSeoResearch;
let testApp: TestApp;
let worker: RunningWorker | null = null;
const today = new Date().toISOString().slice(0, 10);
const thisMonth = `${today.slice(0, 7)}-01`;

const json = async <T>(response: Response) => (await response.json()) as T;

beforeAll(async () => {
  fake = await new FakeDataForSeoResearch().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: {
      DATA_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: fake.login.login,
      DATAFORSEO_PASSWORD: fake.login.password,
      DATAFORSEO_BASE_URL: fake.baseUrl,
      SERP_BACKOFF_BASE_MS: '10',
      SERP_BACKOFF_MAX_MS: '50',
      LIVE_DATA_FETCHES_PER_MONTH_FREE: '3',
      LIVE_DATA_KEYWORD_LIMIT: '1500',
      SESSION_LIMIT_PER_USER: '50',
    },
  });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
  await fake?.stop();
}, setUpTimeoutMs);

const finished = (browser: HttpSession, id: string): Promise<JobStatus> =>
  untilJobStatus(`live-data job ${id}`, async () => json<JobStatus>(await browser.get(`/rest/jobs/${id}`)), (status) => status.state === 'completed' || status.state === 'failed');

const stateOf = async (browser: HttpSession, query: string) => json<LiveDataState>(await browser.get(`/rest/live-data?${query}&countryCode=US`));

async function fetchLive(browser: HttpSession, body: Record<string, string>): Promise<JobStatus> {
  const response = await browser.post('/rest/live-data', { countryCode: 'US', ...body });
  expect(response.status).toBe(202);
  return finished(browser, (await json<LiveDataStarted>(response)).jobId);
}

describe('live research data from DataForSEO', () => {
  let browser: HttpSession;

  beforeAll(async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    browser = await loggedInSession(testApp.baseUrl, user);
  });

  it('offers a domain the warehouse has never seen with its cost, fetches it (through a rate limit) and lands every part with its source and date', async () => {
    const before = await stateOf(browser, 'domain=freshsite.example');
    expect(before).toMatchObject({ provider: { id: 'dataforseo', name: 'DataForSEO' }, inWarehouse: false, lastFetch: null, offered: true, runningJobId: null, quota: { used: 0, limit: 3 }, blockedReason: null });
    expect(before.estimate!.requests.map((request) => request.step)).toEqual(['overview', 'keywords', 'competitors', 'ads', 'backlinks-summary', 'backlinks']);
    expect(before.estimate!.units).toBeCloseTo(before.estimate!.requests.reduce((sum, request) => sum + request.units, 0), 4);
    expect((await browser.get('/rest/research/domain-overview?domain=freshsite.example&countryCode=US')).status).toBe(404);

    fake.fail(researchPaths.ranked, { statusCode: 40202 });
    const job = await fetchLive(browser, { domain: 'freshsite.example' });
    expect(job).toMatchObject({ state: 'completed', done: 6, total: 6, result: { provider: 'dataforseo', fetchedOn: today, rows: { keywords: 30, competitors: 4, ads: 6, backlinks: 12 } } });
    // The rate-limited call was asked again; each part was asked for in the documented request shape.
    expect(fake.requestsTo(researchPaths.ranked).filter((request) => request.task?.target === 'freshsite.example')).toHaveLength(3);
    expect(fake.requestsTo(researchPaths.backlinks).at(-1)!.task).toMatchObject({ target: 'freshsite.example', limit: 500 });
    const result = job.result as { sourceId: number; cost: number };
    expect(result.cost).toBeGreaterThan(0);

    const [source] = await testApp.database.query<{ kind: string; label: string; owner_user_id: string | null; details: Record<string, unknown> }>(
      'select kind, label, owner_user_id, details from data_source where id = $1', [result.sourceId]);
    expect(source).toMatchObject({ kind: 'provider', label: 'DataForSEO: freshsite.example (US)', owner_user_id: null });
    expect(source!.details).toMatchObject({ provider: 'dataforseo', purpose: 'live-data', subject: 'freshsite.example', fetchedOn: today, complete: true, backlinksSummary: { backlinks: 480, referringDomains: 48 } });
    const [counts] = await testApp.database.query<{ ranks: number; ads: number; links: number; months: number; rivals: number }>(
      `select (select count(*)::int from organic_rank where source_id = $1 and month = $2::date) as ranks,
              (select count(*)::int from paid_ad where source_id = $1 and month = $2::date) as ads,
              (select count(*)::int from backlink where source_id = $1) as links,
              (select count(*)::int from provider_domain_month where source_id = $1 and domain_id = (select id from domain where name = 'freshsite.example')) as months,
              (select count(*)::int from provider_competitor where source_id = $1) as rivals`, [result.sourceId, thisMonth]);
    expect(counts).toEqual({ ranks: 30, ads: 6, links: 12, months: 24, rivals: 4 });
    // A keyword keeps the provider's numbers; a backlink lost on the provider's side is kept as lost.
    const [keyword] = await testApp.database.query<{ volume: number; cpc: string; competition: string; difficulty: number }>(
      `select volume, cpc, competition, difficulty from keyword where territory = 'US' and term = 'freshsite topic 1'`);
    expect(keyword).toEqual({ volume: 5000, cpc: '1.75', competition: '0.42', difficulty: 37 });
    const [lost] = await testApp.database.query<{ n: number }>(`select count(*)::int as n from backlink where source_id = $1 and last_seen = '2026-10-02'`, [result.sourceId]);
    expect(lost!.n).toBe(2);

    // The research pages read it: the overview has the provider's whole-domain months, the competitors its rivals.
    const overview = await json<DomainOverviewAnswer>(await browser.get('/rest/research/domain-overview?domain=freshsite.example&countryCode=US'));
    expect(overview.history).toHaveLength(24);
    expect(overview.latest).toMatchObject({ month: thisMonth, keywords: 300 + 23 * 5, top3: 63, top10: 167 });
    const competitors = await json<{ rows: CompetitorRow[] }>(await browser.get('/rest/research/seo/competitors?domain=freshsite.example&countryCode=US'));
    expect(competitors.rows.map((row) => [row.domain, row.commonKeywords])).toEqual(expect.arrayContaining([['freshsite-rival1.example', 80], ['freshsite-rival4.example', 50]]));
    const ads = await json<{ rows: unknown[]; total?: number }>(await browser.get('/rest/research/ppc/keywords?query=freshsite.example&countryCode=US'));
    expect(ads.rows).toHaveLength(6);
    const links = await json<{ rows: unknown[] }>(await browser.get('/rest/research/seo/backlinks?domain=freshsite.example&countryCode=US'));
    expect(links.rows.length).toBeGreaterThan(0);

    // Provenance and the cache: the page names the source and date, and a second fetch is refused while fresh.
    const after = await stateOf(browser, 'domain=freshsite.example');
    expect(after).toMatchObject({ inWarehouse: true, offered: false, lastFetch: { source: 'DataForSEO', fetchedOn: today, stale: false, cost: result.cost }, quota: { used: 1, limit: 3 } });
    const calls = fake.requests.length;
    const again = await browser.post('/rest/live-data', { domain: 'freshsite.example', countryCode: 'US' });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toMatch(/^freshsite\.example was fetched from DataForSEO on .+; it is kept for 30 days/);
    expect(fake.requests.length).toBe(calls);
  });

  it('keeps the source and date of every figure in exports: the provider and its fetch day, the demo market and its month', async () => {
    // The first test fetched freshsite.example; the tiny market's domains are the demo's. Exports need a full plan.
    const member = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const exported = async (table: string, params: Record<string, string>, format: 'csv' | 'xlsx') => {
      const started = await member.post('/rest/exports', { table, params: { countryCode: 'US', ...params }, format });
      expect(started.status).toBe(202);
      const { id } = await json<{ id: string }>(started);
      const done = await untilJobStatus(`export ${id}`, async () => json<ExportStatus>(await member.get(`/rest/exports/${id}`)), (status) => status.state === 'completed' || status.state === 'failed');
      expect(done.state).toBe('completed');
      const body = Buffer.from(await (await member.get(done.export.downloadUrl!)).arrayBuffer());
      return format === 'csv' ? parseCsv(body.toString('utf8')) : readXlsx(body).map((row) => row.map((cell) => String(cell.value ?? '')));
    };
    const provenanceOf = (file: string[][]) => {
      const [header, ...rows] = file;
      const at = [header!.indexOf('Data Source'), header!.indexOf('Data Date')];
      expect(at).not.toContain(-1);
      expect(rows.length).toBeGreaterThan(0);
      return [...new Set(rows.map((row) => `${row[at[0]!]} | ${row[at[1]!]}`))];
    };
    expect(provenanceOf(await exported('seo/keywords', { domain: 'freshsite.example' }, 'csv'))).toEqual([`DataForSEO | ${today}`]);
    expect(provenanceOf(await exported('ppc/keywords', { query: 'freshsite.example' }, 'xlsx'))).toEqual([`DataForSEO | ${today}`]);
    const [demo] = await testApp.database.query<{ name: string; month: string }>(
      `select d.name, to_char(max(m.month), 'YYYY-MM') as month from domain_month m join domain d on d.id = m.domain_id
       where m.territory = 'US' and d.name not like 'freshsite%' group by d.name order by max(m.organic_keywords) desc limit 1`);
    expect(provenanceOf(await exported('seo/keywords', { domain: demo!.name }, 'csv'))).toEqual([`Demo data | ${demo!.month}`]);
  });

  it('lists a fetch in the job center, live, and cancels it there: the fetch stops, the answer that comes after lands nothing, what landed stays and is offered again', async () => {
    const owner = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
    const release = fake.hold(researchPaths.competitors);
    const started = await owner.post('/rest/live-data', { domain: 'cancelme.example', countryCode: 'US' });
    expect(started.status).toBe(202);
    const { jobId } = await json<LiveDataStarted>(started);
    try {
      // Overview and keywords landed; the competitors' answer is held.
      await untilJobStatus(`live-data job ${jobId} at its third part`, async () => json<JobStatus>(await owner.get(`/rest/jobs/${jobId}`)), (status) => status.done >= 2);
      const listed = await json<JobListPage>(await owner.get('/rest/jobs'));
      expect(listed.jobs.find((job) => job.id === jobId)).toMatchObject({ state: 'active', done: 2, total: 6, liveData: { kind: 'domain', subject: 'cancelme.example', territory: 'US' } });
      expect(listed.unfinished).toBe(1);
      const cancelled = await owner.post(`/rest/jobs/${jobId}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(await json<JobCenterEntry>(cancelled)).toMatchObject({ state: 'cancelled', liveData: { subject: 'cancelme.example' } });
    } finally {
      release();
    }
    // The competitors' answer comes after the cancel: the run sees the cancel then and lands none of it, nor asks
    // for the rest (a part that did land would take a second or two: watched for five).
    const [source] = await testApp.database.query<{ id: number }>(`select id from data_source where kind = 'provider' and details->>'subject' = 'cancelme.example'`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const [competitors] = await testApp.database.query<{ n: number }>('select count(*)::int as n from provider_competitor where source_id = $1', [source!.id]);
    expect(competitors!.n).toBe(0);
    const asked = (path: string) => fake.requestsTo(path).filter((request) => request.task?.target === 'cancelme.example');
    expect(asked(researchPaths.ranked).filter((request) => String(request.task?.item_types) === 'paid')).toHaveLength(0);
    expect(asked(researchPaths.summary)).toHaveLength(0);
    expect(await json<JobStatus>(await owner.get(`/rest/jobs/${jobId}`))).toMatchObject({ state: 'cancelled' });
    // What landed stays with its source; the fetch is not whole, so it is offered again, and it used no quota.
    const [landed] = await testApp.database.query<{ months: number }>(`select count(*)::int as months from provider_domain_month where source_id = $1 and domain_id = (select id from domain where name = 'cancelme.example')`, [source!.id]);
    expect(landed!.months).toBe(24);
    expect(await stateOf(owner, 'domain=cancelme.example')).toMatchObject({ inWarehouse: true, lastFetch: null, offered: true, runningJobId: null, quota: { used: 0 } });
  });

  it('fetches a keyword’s volume, CPC, competition and results page for keyword research', async () => {
    expect(await stateOf(browser, 'keyword=zqx%20garden%20hose')).toMatchObject({ kind: 'keyword', inWarehouse: false, offered: true, estimate: { units: 0.077 } });
    const job = await fetchLive(browser, { keyword: 'ZQX  Garden hose' });
    expect(job).toMatchObject({ state: 'completed', done: 2, total: 2, result: { cost: 0.077, rows: { 'keyword-results': 10 } } });
    const [ranks] = await testApp.database.query<{ n: number }>(
      `select count(*)::int as n from organic_rank where month = $1::date and keyword_id = (select id from keyword where territory = 'US' and term = 'zqx garden hose')`, [thisMonth]);
    expect(ranks!.n).toBe(10);
    expect(fake.requestsTo(researchPaths.searchVolume).at(-1)!.task).toMatchObject({ keywords: ['zqx garden hose'], location_code: 2840, language_code: 'en' });
    const [keyword] = await testApp.database.query<{ volume: number; cpc: string; competition: string; difficulty: number | null; history: number[] }>(
      `select volume, cpc, competition, difficulty, volume_history as history from keyword where territory = 'US' and term = 'zqx garden hose'`);
    expect(keyword).toMatchObject({ volume: 8100, cpc: '2.35', competition: '0.45', difficulty: null });
    expect(keyword!.history.at(-1)).toBe(7700);
  });

  it('says what to do about each provider error, fails without charging the quota, and retries only what retrying mends', async () => {
    fake.fail(researchPaths.history, { httpStatus: 402 });
    const noCredit = await fetchLive(browser, { domain: 'broke.example' });
    expect(noCredit.state).toBe('failed');
    expect(noCredit.error).toMatch(/^Overview history: The DataForSEO account is out of credit\. Ask your administrator to top it up/);

    fake.fail(researchPaths.history, { statusCode: 40501, statusMessage: "Invalid Field: 'target'." });
    const refused = await fetchLive(browser, { domain: 'broke.example' });
    expect(refused.error).toMatch(/DataForSEO refused the request \(DataForSEO 40501: Invalid Field: 'target'\.\)\. Check the domain/);

    fake.login.password = 'rotated';
    try {
      const badLogin = await fetchLive(browser, { domain: 'broke.example' });
      expect(badLogin.error).toMatch(/refused the install's login\. Ask your administrator to check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/);
    } finally {
      fake.login.password = 'fake-password';
    }
    // A fetch that fails half-way keeps what landed (with its source) and is offered again.
    fake.fail(researchPaths.competitors, { httpStatus: 402 });
    const halfway = await fetchLive(browser, { domain: 'halfway.example' });
    expect(halfway).toMatchObject({ state: 'failed', done: 2 });
    expect(halfway.error).toMatch(/^Competitors: The DataForSEO account is out of credit/);
    expect(await stateOf(browser, 'domain=halfway.example')).toMatchObject({ inWarehouse: true, lastFetch: null, offered: true });

    // Failed fetches do not count: two fetches so far this month.
    expect((await stateOf(browser, 'domain=broke.example')).quota).toEqual({ used: 2, limit: 3 });
  });

  it('keeps to the plan’s monthly quota and asks a visitor to log in', async () => {
    expect(await fetchLive(browser, { domain: 'third.example' })).toMatchObject({ state: 'completed' });
    const state = await stateOf(browser, 'domain=fourth.example');
    expect(state.blockedReason).toBe('You have used your 3 live-data fetches for this month. Upgrade your plan, or wait until the 1st.');
    const refused = await browser.post('/rest/live-data', { domain: 'fourth.example', countryCode: 'US' });
    expect(refused.status).toBe(403);

    const visitor = await fetch(`${testApp.baseUrl}/rest/live-data?domain=fourth.example&countryCode=US`);
    expect(await json<LiveDataState>(visitor)).toMatchObject({ offered: true, quota: null, blockedReason: 'Log in to get live data.' });
  });

  it('asks for a list longer than a task holds in pages of 1,000', async () => {
    const other = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
    fake.domains.set('bigsite.example', { keywords: 2500, paidKeywords: 1, competitors: 1, backlinks: 1 });
    const job = await fetchLive(other, { domain: 'bigsite.example' });
    expect(job).toMatchObject({ state: 'completed', result: { rows: { keywords: 1500 } } });
    expect(fake.requestsTo(researchPaths.ranked).filter((request) => request.task?.target === 'bigsite.example' && request.task?.item_types?.toString() === 'organic')
      .map((request) => [request.task!.offset, request.task!.limit])).toEqual([[0, 1000], [1000, 500]]);
  });

  it('refuses a subject that is not a domain', async () => {
    const response = await browser.get('/rest/live-data?domain=not%20a%20domain&countryCode=US');
    expect(response.status).toBe(400);
  });
});
