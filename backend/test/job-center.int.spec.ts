import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  diagnosticJob,
  exportJob,
  importDeleteJob,
  importJob,
  keywordImportJob,
  outreachImportJob,
  reportJob,
  type JobCenterEntry,
  type JobListPage,
} from '@serpwise/contracts';
import { BullJobQueue, queueKeyPrefix } from '@serpwise/platform';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@serpwise/database';
import { jobRegistry, type JobContract } from '@serpwise/contracts';
import { Queue, UnrecoverableError } from 'bullmq';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { JobMetrics } from '../../worker/src/jobs/job-metrics.js';
import { JobRunner } from '../../worker/src/jobs/job-runner.js';
import type { JobHandler } from '../../worker/src/jobs/job-handler.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * The job center's list (issue 21, GET /rest/jobs): every export, report, import, project import and import deletion
 * of the user, newest first, each as its presenter shows it, paged by cursor; nobody else's. No worker runs here: the
 * records are written as the API and the worker would leave them.
 */
let testApp: TestApp;
let owner: TestUser;
let ownerSession: HttpSession;
let otherSession: HttpSession;

const json = async <T>(response: Response) => (await response.json()) as T;
const base = Date.parse('2026-11-20T10:00:00.000Z');
const minutes = (n: number) => new Date(base + n * 60_000).toISOString();

interface Row {
  name: string;
  queue: string;
  state?: string;
  payload: Record<string, unknown>;
  at: string;
  userId?: string;
  result?: unknown;
  error?: string;
  attempts?: number;
  id?: string;
}

async function insertJob(row: Row): Promise<string> {
  const id = row.id ?? randomUUID();
  await testApp.database.query(
    `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, message, done, total, attempts, result, error, created_at, updated_at, finished_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, 0, null, 0, 10, $8, $9::jsonb, $10, $11, $11, case when $7 in ('completed', 'failed', 'cancelled') then $11::timestamptz else null end)`,
    [id, row.queue, row.name, randomUUID(), row.userId ?? owner.id, JSON.stringify({ jobId: id, ...row.payload }), row.state ?? 'queued', row.attempts ?? 0, row.result === undefined ? null : JSON.stringify(row.result), row.error ?? null, row.at],
  );
  return id;
}

const exportInput = (format: string, at: number) => ({
  name: exportJob.name,
  queue: exportJob.queue,
  at: minutes(at),
  payload: { table: 'seo/keywords', params: { domain: 'alpha.example', countryCode: 'US', filter: 'shoe' }, format, scope: 'full', tableRows: 120, rowLimit: 500_000, fileName: `seo-keywords-${format}` },
});

const ids = {} as Record<'csv' | 'xlsx' | 'sheets' | 'report' | 'import' | 'deletion' | 'keywords' | 'outreach' | 'twin', string>;

beforeAll(async () => {
  testApp = await startTestApp();
  owner = await createTestUser(testApp.database, { roles: ['full'] });
  const other = await createTestUser(testApp.database, { roles: ['full'] });
  ownerSession = await loggedInSession(testApp.baseUrl, owner);
  otherSession = await loggedInSession(testApp.baseUrl, other);

  ids.csv = await insertJob({ ...exportInput('csv', 1), state: 'completed', result: { format: 'csv', fileName: 'seo-keywords-csv', rows: 120, bytes: 4096, truncated: false } });
  ids.xlsx = await insertJob({ ...exportInput('xlsx', 2), state: 'failed', error: 'The research database went away.', attempts: 3 });
  ids.sheets = await insertJob({ ...exportInput('sheets', 3), state: 'cancelled' });
  ids.report = await insertJob({
    name: reportJob.name,
    queue: reportJob.queue,
    at: minutes(4),
    payload: { report: { domain: 'alpha.example', countryCode: 'US', template: 'Executive' }, store: false, emailTo: ['boss@example.com'], sessionId: null, scheduleId: randomUUID() },
  });
  ids.import = await insertJob({
    name: importJob.name,
    queue: importJob.queue,
    at: minutes(5),
    state: 'active',
    payload: { format: 'gsc', fileName: 'search-console.zip', fileBytes: 2048, territory: 'US', domain: 'alpha.example', date: null },
  });
  ids.deletion = await insertJob({ name: importDeleteJob.name, queue: importDeleteJob.queue, at: minutes(6), payload: { importId: randomUUID(), fileName: 'old.csv' } });
  const terms = Array.from({ length: 1500 }, (_, index) => `term ${index}`);
  const projectId = randomUUID();
  await testApp.database.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Running shoes', 'alpha.example', 'US', now(), now())`, [projectId, owner.id]);
  ids.keywords = await insertJob({
    name: keywordImportJob.name,
    queue: keywordImportJob.queue,
    at: minutes(7),
    payload: { ownerUserId: owner.id, userId: owner.id, projectId, terms, groupNames: [], labelNames: [], totalCount: 5000 },
  });
  // Two jobs in the same millisecond: the cursor's id breaks the tie, so paging neither skips nor repeats one.
  ids.outreach = await insertJob({ name: outreachImportJob.name, queue: outreachImportJob.queue, at: minutes(8), payload: { ownerUserId: owner.id, userId: owner.id, projectId: null, rows: [{ domainName: 'a.example' }, { domainName: 'b.example' }] } });
  ids.twin = await insertJob({ ...exportInput('csv', 8), state: 'completed', result: { format: 'csv', fileName: 'twin', rows: 1, bytes: 10, truncated: false } });
  // Not the job center's: a diagnostic job of the owner, and another user's export.
  await insertJob({ name: diagnosticJob.name, queue: diagnosticJob.queue, at: minutes(9), payload: { steps: 3, stepMs: 1 } });
  await insertJob({ ...exportInput('csv', 10), userId: other.id });
}, setUpTimeoutMs);

afterAll(async () => {
  await testApp?.stop();
}, setUpTimeoutMs);

describe('GET /rest/jobs', () => {
  it('lists every kind of the user’s jobs, newest first, each in its own words', async () => {
    const response = await ownerSession.get('/rest/jobs?limit=100');
    expect(response.status).toBe(200);
    const page = await json<JobListPage>(response);
    expect(page.next).toBeNull();
    const byId = new Map(page.jobs.map((job) => [job.id, job]));
    expect(page.jobs.map((job) => job.id).slice(2)).toEqual([ids.keywords, ids.deletion, ids.import, ids.report, ids.sheets, ids.xlsx, ids.csv]);
    expect(new Set(page.jobs.slice(0, 2).map((job) => job.id))).toEqual(new Set([ids.outreach, ids.twin]));
    expect(page.jobs).toHaveLength(9);

    expect(byId.get(ids.csv)).toMatchObject({
      state: 'completed',
      export: { table: 'seo/keywords', format: 'csv', params: { domain: 'alpha.example', countryCode: 'US', filter: 'shoe' } },
      result: { bytes: 4096, rows: 120 },
    });
    expect(byId.get(ids.csv)!.export!.downloadUrl).toMatch(/^\/rest\/exports\/.+\/download\?/);
    expect(byId.get(ids.xlsx)).toMatchObject({ state: 'failed', error: 'The research database went away.', export: { format: 'xlsx' } });
    expect(byId.get(ids.sheets)).toMatchObject({ state: 'cancelled', export: { format: 'sheets' } });
    // A scheduled delivery, still waiting: its template and domain, and where it stands in its queue.
    expect(byId.get(ids.report)).toMatchObject({ state: 'queued', pdf: { template: 'Executive', domain: 'alpha.example', countryCode: 'US', emailTo: ['boss@example.com'] } });
    expect(byId.get(ids.report)!.pdf!.scheduleId).not.toBeNull();
    expect(byId.get(ids.report)!.waiting).toEqual({ ahead: 0, paused: false });
    expect(byId.get(ids.import)).toMatchObject({ state: 'active', import: { fileName: 'search-console.zip', format: 'gsc', territory: 'US' } });
    expect(byId.get(ids.deletion)).toMatchObject({ deletion: { fileName: 'old.csv' } });
    // A project import says how many keywords or rows, never the list itself.
    const keywords = byId.get(ids.keywords) as JobCenterEntry & { payload?: unknown };
    expect(keywords.projectImport).toMatchObject({ kind: 'keywords', items: 1500, projectName: 'Running shoes' });
    expect(JSON.stringify(keywords)).not.toContain('term 1499');
    expect(byId.get(ids.outreach)!.projectImport).toEqual({ kind: 'outreach', projectId: null, items: 2 });
  });

  it('pages by cursor without skipping or repeating a job', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = before ? `limit=4&before=${encodeURIComponent(before)}` : 'limit=4';
      const page: JobListPage = await json<JobListPage>(await ownerSession.get(`/rest/jobs?${query}`));
      expect(page.jobs.length).toBeLessThanOrEqual(4);
      // Every page counts all the user's waiting and running jobs (report, import, deletion, both project
      // imports), not only its own: the header's count does not depend on how many rows were loaded.
      expect(page.unfinished).toBe(5);
      seen.push(...page.jobs.map((job) => job.id));
      before = page.next;
      pages += 1;
    } while (before);
    expect(pages).toBe(3);
    const whole = await json<JobListPage>(await ownerSession.get('/rest/jobs?limit=100'));
    expect(seen).toEqual(whole.jobs.map((job) => job.id));
  });

  it('shows nobody else’s jobs, and refuses what is not a page', async () => {
    const page = await json<JobListPage>(await otherSession.get('/rest/jobs'));
    expect(page.jobs.map((job) => job.export?.format)).toEqual(['csv']);
    expect(page.unfinished).toBe(1);
    expect(page.jobs.some((job) => Object.values(ids).includes(job.id))).toBe(false);
    const stranger = await createTestUser(testApp.database, { roles: ['free'] });
    expect(await json(await (await loggedInSession(testApp.baseUrl, stranger)).get('/rest/jobs'))).toEqual({ jobs: [], next: null, unfinished: 0 });
    // A visitor who is not logged in has no job center.
    const visitor = new HttpSession(testApp.baseUrl);
    await visitor.open('/');
    expect([401, 403]).toContain((await visitor.get('/rest/jobs')).status);
    expect((await ownerSession.get('/rest/jobs?limit=0')).status).toBe(400);
    expect((await ownerSession.get('/rest/jobs?before=yesterday')).status).toBe(400);
    // Someone else's job cannot be cancelled or retried (it answers like a missing one).
    expect((await otherSession.post(`/rest/jobs/${ids.report}/cancel`)).status).toBe(404);
    expect((await otherSession.post(`/rest/jobs/${ids.xlsx}/retry`)).status).toBe(404);
  });
});

describe('actions of the job center', () => {
  it('cancels a waiting job, and only once', async () => {
    const cancelled = await ownerSession.post(`/rest/jobs/${ids.deletion}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ id: ids.deletion, state: 'cancelled', deletion: { fileName: 'old.csv' } });
    expect((await ownerSession.post(`/rest/jobs/${ids.deletion}/cancel`)).status).toBe(409);
  });

  it('puts a failed job back in line as the same job, from attempt 1 again', async () => {
    expect((await ownerSession.post(`/rest/jobs/${ids.csv}/retry`)).status).toBe(409);
    const retried = await ownerSession.post(`/rest/jobs/${ids.xlsx}/retry`);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ id: ids.xlsx, state: 'queued', error: null, attempts: 0, export: { format: 'xlsx' } });
    // The queue holds it again, under the record's id.
    const queue = new Queue(exportJob.queue, { connection: testApp.redis.client, prefix: queueKeyPrefix(testApp.redis.prefix) });
    try {
      expect(await (await queue.getJob(ids.xlsx))?.getState()).toBe('waiting');
    } finally {
      await queue.close();
    }
    const [row] = await testApp.database.query<{ state: string; attempts: number }>(`select state, attempts from job_record where id = $1`, [ids.xlsx]);
    expect(row).toEqual({ state: 'queued', attempts: 3 });
  });
});

describe('a job whose attempt failed and that will run again', () => {
  it('is listed as running again with the failed attempt’s reason, then completes', async () => {
    const id = await insertJob({ ...exportInput('csv', 20) });
    let release!: () => void;
    const secondAttempt = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    // The export job's handler of this test: the first attempt fails as a dropped database would, the second waits
    // for the test, then finishes. Any other job (the one retried above) is not this test's.
    const flaky: JobHandler = {
      contract: exportJob,
      handle: async (payload) => {
        if ((payload as { jobId: string }).jobId !== id) throw new UnrecoverableError('not this test’s job');
        runs += 1;
        if (runs === 1) throw new Error('Connection terminated unexpectedly');
        await secondAttempt;
        return { format: 'csv', fileName: 'retried', rows: 1, bytes: 10, truncated: false };
      },
    };
    const idle = (contract: JobContract): JobHandler => ({ contract, handle: async () => { throw new UnrecoverableError('not this test’s job'); } });
    const handlers = [flaky, ...jobRegistry.filter((contract) => contract.name !== exportJob.name).map(idle)];
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
    const runner = new JobRunner(handlers, orm, { updated: () => undefined }, testApp.environment, pino({ level: 'silent' }), new JobMetrics(new Registry()));
    const queue = new BullJobQueue(testApp.redis.client, queueKeyPrefix(testApp.redis.prefix));
    try {
      runner.start();
      await queue.enqueue(exportJob, { jobId: id }, { jobId: id });
      const listed = async () => (await json<JobListPage>(await ownerSession.get('/rest/jobs?limit=100'))).jobs.find((job) => job.id === id)!;
      const retrying = await untilJobStatus('the second attempt', listed, (job) => job.state === 'active' && job.attempts === 2);
      expect(retrying).toMatchObject({ state: 'active', attempts: 2, error: 'Connection terminated unexpectedly' });
      release();
      const done = await untilJobStatus('the export', listed, (job) => job.state === 'completed');
      expect(done).toMatchObject({ attempts: 2, error: null, result: { fileName: 'retried' } });
      // The job put back in line above ran too, and failed for good: BullMQ holds it as failed now.
      const other = async () => (await json<JobListPage>(await ownerSession.get('/rest/jobs?limit=100'))).jobs.find((job) => job.id === ids.xlsx)!;
      await untilJobStatus('the job tried again above', other, (job) => job.state === 'failed');
    } finally {
      release();
      await runner.stop();
      await queue.close();
      await orm.close();
    }
  });
});

describe('trying a job again that the queue failed', () => {
  it('retries the queue’s failed job from a fresh count', async () => {
    const retried = await ownerSession.post(`/rest/jobs/${ids.xlsx}/retry`);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ state: 'queued', attempts: 0 });
    const queue = new Queue(exportJob.queue, { connection: testApp.redis.client, prefix: queueKeyPrefix(testApp.redis.prefix) });
    try {
      const job = await queue.getJob(ids.xlsx);
      expect(await job?.getState()).toBe('waiting');
      expect(job?.attemptsMade).toBe(0);
    } finally {
      await queue.close();
    }
  });
});
