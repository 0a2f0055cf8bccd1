import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { requestedKeywordsJob, scheduledQueue, type JobStatus, type ProjectRanksUpdate, type RequestedKeywordsAnswer, type ServerToClientEvents } from '@serpwise/contracts';
import { createOrmConfig } from '@serpwise/database';
import { Queue } from 'bullmq';
import pg from 'pg';
import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { FakeSerpProviders } from '../../infra/test/fake-serp-providers.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { RequestedKeywordsProcessor } from '../../worker/src/processors/requested-keywords.processor.js';
import { ProjectEvents } from '../../worker/src/realtime/project-events.emitter.js';
import { refreshTrackedRanks } from '../../worker/src/schedules/rank-refresh.task.js';
import { WarehouseWriterLanding } from '../../worker/src/serp/warehouse-writer.landing.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import type { JobContext } from '../../worker/src/jobs/job-handler.js';
import { DemoMarketProvider, OpenSerpProvider, queueKeyPrefix, SerpApiProvider, withRetries } from '@serpwise/platform';
import { sqlFromPg } from '@serpwise/research';
import { insertProject, nsa } from './projects-support.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, until, untilJobStatus } from '../../infra/test/waiting.js';

jest.setTimeout(jobTestTimeoutMs);

let fake: FakeSerpProviders;
let testApp: TestApp;
let worker: RunningWorker | null = null;
let pool: pg.Pool;
let orm: MikroORM;
const today = new Date().toISOString().slice(0, 10);
const thisMonth = `${today.slice(0, 7)}-01`;

const json = async <T>(response: Response) => (await response.json()) as T;

beforeAll(async () => {
  fake = await new FakeSerpProviders().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: {
      SERP_PROVIDER: 'serpapi',
      SERPAPI_API_KEY: fake.serpApiKey,
      SERPAPI_BASE_URL: fake.baseUrl,
      SERP_BACKOFF_BASE_MS: '10',
      SERP_BACKOFF_MAX_MS: '50',
      RANK_REFRESH_INTERVAL_MINUTES: '5',
      SESSION_LIMIT_PER_USER: '50',
    },
  });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  pool = new pg.Pool({ connectionString: testApp.database.url, max: 3 });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await orm?.close(true);
  await pool?.end();
  await testApp?.stop();
  await fake?.stop();
}, setUpTimeoutMs);

function connectSocket(cookie: string): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(testApp.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('session.ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const waitForJob = (browser: HttpSession, id: string): Promise<JobStatus> =>
  untilJobStatus(`job ${id}`, async () => json<JobStatus>(await browser.get(`/rest/jobs/${id}`)), (status) => status.state === 'completed' || status.state === 'failed');

const statusesOf = async (userId: string) =>
  Object.fromEntries(
    (await testApp.database.query<{ term: string; status: string }>('select term, status from requested_keyword where user_id = $1', [userId])).map((row) => [row.term, row.status]),
  );

describe('requested keywords through the configured provider', () => {
  it('moves queued → processing → ready live, after a rate limit, and lands the results as a provider source', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const browser = await loggedInSession(testApp.baseUrl, user);
    const socket = await connectSocket(browser.cookie);
    const heard: JobStatus[] = [];
    socket.on('job.updated', (status) => heard.push(status));
    fake.failNext.serpapi.push({ status: 429 });

    const added = await json<{ data: RequestedKeywordsAnswer }>(await browser.post('/NsaApi/Account/AddRequestedKeywords', { termsCsv: 'zqx trail shoes\nzqx hiking poles' }));
    expect(added.data.keywordStatuses.find((entry) => entry.status === 'queued')?.count).toBe(2);
    const jobId = added.data.fetchJobId!;
    const finished = await waitForJob(browser, jobId);
    // The poll can see the end before the socket delivers its event (a loaded machine): wait for the event too.
    await until('the completed event', () => heard.some((status) => status.id === jobId && status.state === 'completed'), 30_000);
    socket.close();

    expect(finished).toMatchObject({ state: 'completed', done: 2, total: 2, result: { requested: 2, ready: 2, failed: 0, provider: 'serpapi' } });
    expect(await statusesOf(user.id)).toEqual({ 'zqx trail shoes': 'ready', 'zqx hiking poles': 'ready' });
    // The page heard the job move, not just its end.
    expect(heard.filter((status) => status.id === jobId).map((status) => status.state)).toEqual(expect.arrayContaining(['active', 'completed']));
    // 429 once, then both keywords: three calls.
    expect(fake.requestsOf('serpapi').filter((request) => request.query.q?.startsWith('zqx'))).toHaveLength(3);

    const sourceId = (finished.result as { sourceId: number }).sourceId;
    const [source] = await testApp.database.query<{ kind: string; label: string; owner_user_id: string | null; last_month: string }>(
      `select kind, label, owner_user_id, to_char(last_month, 'YYYY-MM-DD') as last_month from data_source where id = $1`,
      [sourceId],
    );
    expect(source).toEqual({ kind: 'provider', label: 'SerpApi fetch: requested keywords', owner_user_id: null, last_month: thisMonth });
    const ranks = await testApp.database.query<{ term: string; n: string }>(
      `select k.term, count(*) as n from organic_rank r join keyword k on k.id = r.keyword_id
       where r.source_id = $1 and r.month = $2::date group by k.term order by k.term`,
      [sourceId, thisMonth],
    );
    expect(ranks).toEqual([{ term: 'zqx hiking poles', n: '12' }, { term: 'zqx trail shoes', n: '12' }]);

    const answer = await json<RequestedKeywordsAnswer>(await browser.get('/NsaApi/Account/GetRequestedKeywords'));
    expect(answer.fetchJobId).toBeNull();
    expect(answer.keywordStatuses).toEqual([
      { status: 'queued', count: 0 },
      { status: 'processing', count: 0 },
      { status: 'ready', count: 2 },
    ]);
  });

  it('marks every keyword failed with the provider’s reason when it refuses the key, without retrying', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const browser = await loggedInSession(testApp.baseUrl, user);
    const before = fake.requestsOf('serpapi').length;
    fake.serpApiKey = 'rotated-key';
    try {
      const added = await json<{ data: RequestedKeywordsAnswer }>(await browser.post('/NsaApi/Account/AddRequestedKeywords', { termsCsv: 'zqx refused one\nzqx refused two' }));
      const finished = await waitForJob(browser, added.data.fetchJobId!);
      expect(finished).toMatchObject({ state: 'completed', result: { ready: 0, failed: 2 } });
    } finally {
      fake.serpApiKey = 'fake-serpapi-key';
    }
    expect(fake.requestsOf('serpapi').length - before).toBe(2);
    const answer = await json<RequestedKeywordsAnswer>(await browser.get('/NsaApi/Account/GetRequestedKeywords'));
    expect(answer.keywordStatuses.at(-1)).toEqual({ status: 'failed', count: 2 });
    expect(answer.keywords.map((row) => row.failureReason)).toEqual([expect.stringMatching(/^serpapi answered 401: Invalid API key/), expect.stringMatching(/^serpapi answered 401/)]);
  });

  it('keeps claimed keywords processing while the provider is down, resumes them on the next attempt, and fails them only on the last', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    await testApp.database.query(
      `insert into requested_keyword (id, user_id, term, status, requested_at, updated_at) values (gen_random_uuid(), $1, 'zqx outage one', 'queued', now(), now()),
       (gen_random_uuid(), $1, 'zqx outage two', 'queued', now(), now())`,
      [user.id],
    );
    const jobId = crypto.randomUUID();
    await testApp.database.query(
      `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, done, total, attempts, created_at, updated_at)
       values ($1, 'serp', $2, gen_random_uuid(), $3, $4::jsonb, 'active', 0, 0, 0, 1, now(), now())`,
      [jobId, requestedKeywordsJob.name, user.id, JSON.stringify({ jobId, userId: user.id, territory: 'US' })],
    );
    const provider = withRetries(new SerpApiProvider({ apiKey: fake.serpApiKey, baseUrl: fake.baseUrl, timeoutMs: 5_000 }), { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 });
    const processor = new RequestedKeywordsProcessor(() => orm.em.fork(), provider, new WarehouseWriterLanding(pool));
    let checkpoint: Record<string, unknown> | null = null;
    const context = (attempt: number): JobContext => ({
      jobId,
      attempt,
      checkpoint,
      progress: async () => true,
      stillActive: async () => true,
      saveCheckpoint: async (saved) => {
        checkpoint = saved;
        return true;
      },
    });

    // Attempt 1: every try of the first keyword answers 503; the attempt fails, nothing is lost.
    fake.failNext.serpapi.push({ status: 503 }, { status: 503 }, { status: 503 });
    await expect(processor.handle({ jobId }, context(1))).rejects.toMatchObject({ kind: 'server', details: { status: 503 } });
    expect(await statusesOf(user.id)).toEqual({ 'zqx outage one': 'processing', 'zqx outage two': 'processing' });

    // The last attempt: still down → the keywords fail with a reason that says so.
    fake.failNext.serpapi.push({ status: 500 }, { status: 502 }, { status: 503 });
    await expect(processor.handle({ jobId }, context(requestedKeywordsJob.attempts))).rejects.toThrow(/503/);
    expect(await statusesOf(user.id)).toEqual({ 'zqx outage one': 'failed', 'zqx outage two': 'failed' });
    const [row] = await testApp.database.query<{ failure_reason: string }>(`select failure_reason from requested_keyword where user_id = $1 limit 1`, [user.id]);
    expect(row!.failure_reason).toMatch(new RegExp(`^Gave up after ${requestedKeywordsJob.attempts} attempts: serpapi answered 503`));
  });

  it('resumes on a later attempt: the keywords claimed before the outage become ready', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    await testApp.database.query(
      `insert into requested_keyword (id, user_id, term, status, requested_at, updated_at) values (gen_random_uuid(), $1, 'zqx resumed', 'queued', now(), now())`,
      [user.id],
    );
    const jobId = crypto.randomUUID();
    await testApp.database.query(
      `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, done, total, attempts, created_at, updated_at)
       values ($1, 'serp', $2, gen_random_uuid(), $3, $4::jsonb, 'active', 0, 0, 0, 1, now(), now())`,
      [jobId, requestedKeywordsJob.name, user.id, JSON.stringify({ jobId, userId: user.id, territory: 'US' })],
    );
    const provider = withRetries(new SerpApiProvider({ apiKey: fake.serpApiKey, baseUrl: fake.baseUrl, timeoutMs: 5_000 }), { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 });
    const processor = new RequestedKeywordsProcessor(() => orm.em.fork(), provider, new WarehouseWriterLanding(pool));
    const context = (attempt: number): JobContext => ({ jobId, attempt, checkpoint: null, progress: async () => true, stillActive: async () => true, saveCheckpoint: async () => true });
    fake.failNext.serpapi.push({ status: 500 }, { status: 500 });
    await expect(processor.handle({ jobId }, context(1))).rejects.toThrow(/500/);
    expect(await statusesOf(user.id)).toEqual({ 'zqx resumed': 'processing' });
    await expect(processor.handle({ jobId }, context(2))).resolves.toMatchObject({ requested: 1, ready: 1, failed: 0 });
    expect(await statusesOf(user.id)).toEqual({ 'zqx resumed': 'ready' });
  });
});

class RecordedProjectEvents extends ProjectEvents {
  readonly sent: { userIds: readonly string[]; update: ProjectRanksUpdate }[] = [];
  ranksUpdated(userIds: readonly string[], update: ProjectRanksUpdate): void {
    this.sent.push({ userIds, update });
  }
}

describe('rank tracking', () => {
  it('refreshes every tracked keyword once, lands the ranks as the fetch’s source, and the project shows them', async () => {
    const owner = await createTestUser(testApp.database, { roles: ['full'] });
    const member = await createTestUser(testApp.database, { roles: ['full'] });
    const browser = await loggedInSession(testApp.baseUrl, owner);
    const projectId = await insertProject(testApp.database, owner.id, { name: 'Ranks', domain: 'rankcheck.example', territory: 'US' });
    const otherProject = await insertProject(testApp.database, owner.id, { name: 'Same keyword', domain: 'other.example', territory: 'US' });
    await testApp.database.query(`insert into project_team_access (child_user_id, owner_user_id, access, updated_at) values ($1, $2, 'view', now())`, [member.id, owner.id]);
    await testApp.database.query(`insert into tracked_term (term) values ('zqx rank one'), ('zqx rank two') on conflict (term) do nothing`);
    await testApp.database.query(
      `insert into project_keyword (project_id, term_id, added_at) select p.id, t.id, now() from tracked_term t, (values ($1::uuid), ($2::uuid)) as p(id)
       where t.term in ('zqx rank one', 'zqx rank two')`,
      [projectId, otherProject],
    );
    // The project's site is third for both keywords.
    fake.page = (keyword) =>
      Array.from({ length: 10 }, (_, index) => ({
        url: index === 2 ? `https://www.rankcheck.example/${keyword.replace(/ /g, '-')}` : `https://site${index + 1}.example/${keyword.replace(/ /g, '-')}`,
        title: `${keyword} ${index + 1}`,
      }));
    const before = fake.requestsOf('openserp').length;
    const events = new RecordedProjectEvents();
    try {
      const result = await refreshTrackedRanks({
        em: () => orm.em.fork(),
        provider: new OpenSerpProvider({ baseUrl: fake.baseUrl, timeoutMs: 5_000 }),
        landing: new WarehouseWriterLanding(pool),
        events,
        logger: pino({ level: 'silent' }),
      });
      expect(result).toMatchObject({ fetched: result.keywords, failed: 0, months: [thisMonth] });
      expect(result.keywords).toBeGreaterThanOrEqual(2);
      // Two projects track the same keywords: each is fetched once.
      const calls = fake.requestsOf('openserp').slice(before).map((request) => request.query.text);
      expect(calls.filter((text) => text === 'zqx rank one')).toHaveLength(1);

      const [source] = await testApp.database.query<{ kind: string; label: string }>('select kind, label from data_source where id = $1', [result.sourceId]);
      expect(source).toEqual({ kind: 'provider', label: 'OpenSERP fetch: rank tracking' });
      const ranks = await testApp.database.query<{ position: number }>(
        `select r.position from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
         where d.name = 'rankcheck.example' and r.month = $1::date and r.source_id = $2 and k.term like 'zqx rank %'`,
        [thisMonth, result.sourceId],
      );
      expect(ranks.map((row) => row.position)).toEqual([3, 3]);

      // Owner and team member hear about the project; the other project too.
      const update = events.sent.find((event) => event.update.projectId === projectId);
      expect(update).toMatchObject({ userIds: [owner.id, member.id], update: { month: thisMonth, keywords: 2 } });
      expect(events.sent.some((event) => event.update.projectId === otherProject)).toBe(true);

      const list = await json<{ keywords: { keyword: string; currentRank: number | null }[]; month: string }>(
        await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}`),
      );
      expect(list.keywords.map((row) => [row.keyword, row.currentRank])).toEqual([
        ['zqx rank one', 3],
        ['zqx rank two', 3],
      ]);
      // The keyword count's Weekly Tracking part is these keywords now (issue 24): both projects' two each.
      expect(await json(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`))).toMatchObject({ usedCount: 4, mySerpwiseCount: 0, weeklyTrackingCount: 4 });

      // Landing the same day's results again adds nothing.
      const again = await refreshTrackedRanks({
        em: () => orm.em.fork(),
        provider: new OpenSerpProvider({ baseUrl: fake.baseUrl, timeoutMs: 5_000 }),
        landing: new WarehouseWriterLanding(pool),
        events,
        logger: pino({ level: 'silent' }),
      });
      const count = async (sourceId: number | null) => Number((await testApp.database.query<{ n: string }>('select count(*) as n from organic_rank where source_id = $1', [sourceId]))[0]!.n);
      expect(await count(again.sourceId)).toBe(0);
    } finally {
      fake.page = (keyword) => Array.from({ length: 12 }, (_, index) => ({ url: `https://site${index + 1}.example/${keyword.replace(/[^a-z0-9]+/g, '-')}`, title: `${keyword} — result ${index + 1}` }));
    }
  });

  it('is registered as a job scheduler at the configured interval when the worker starts', async () => {
    const queue = new Queue(scheduledQueue, { connection: { url: testApp.environment.REDIS_URL }, prefix: queueKeyPrefix(testApp.environment.REDIS_PREFIX) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.find((scheduler) => scheduler.key === 'rank-tracking.refresh')).toMatchObject({ every: 5 * 60_000 });
    } finally {
      await queue.close();
    }
  });
});

describe('the demo-market provider (no SERP_PROVIDER)', () => {
  it('answers a known keyword with its stored page of the newest month, and derives the same page for an unknown one every time', async () => {
    const provider = new DemoMarketProvider(sqlFromPg(pool));
    const [known] = await testApp.database.query<{ term: string; month: string; first_url: string }>(
      `select k.term, to_char(r.month, 'YYYY-MM-DD') as month, p.url as first_url from keyword k
       join organic_rank r on r.keyword_id = k.id and r.position = 1 and r.month = (select max(month) from domain_month where territory = 'US')
       join page p on p.id = r.page_id where k.territory = 'US' order by k.volume desc nulls last limit 1`,
    );
    const page = await provider.fetch({ keyword: known!.term, territory: 'US' });
    expect(page).toMatchObject({ keyword: known!.term, territory: 'US', date: known!.month });
    expect(page.results[0]?.url).toBe(known!.first_url);

    const first = await provider.fetch({ keyword: 'zqx never generated', territory: 'US' });
    const second = await provider.fetch({ keyword: 'zqx never generated', territory: 'US' });
    expect(first).toEqual(second);
    expect(first.results).toHaveLength(10);
    expect(first.results.every((result) => /^https:\/\/[a-z0-9.-]+\.example\/zqx-never-generated$/.test(result.url))).toBe(true);
    expect((await provider.fetch({ keyword: 'zqx another one', territory: 'US' })).results.map((result) => result.url)).not.toEqual(first.results.map((result) => result.url));
    await expect(provider.fetch({ keyword: 'x', territory: 'NZ' })).rejects.toMatchObject({ kind: 'bad-request' });
  });
});
