import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { exportJob, isPlainNumberText, spreadsheetCell, type ExportStatus } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { columnHeader } from '@serpwise/research';
import { DownloadLinks, LocalFileStore } from '@serpwise/platform';
import { exportDownloadPath } from '@serpwise/domain';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@serpwise/database';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { parseCsv, readXlsx } from '../../infra/test/spreadsheet-readers.js';
import { formulaPayloads } from '../../infra/test/test-data.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { JobFileSweeper } from '../../worker/src/jobs/job-file-sweeper.js';
import { JobCancelledError, type JobContext } from '../../worker/src/jobs/job-handler.js';
import { ExportProcessor } from '../../worker/src/processors/export.processor.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, jobWaitMs } from '../../infra/test/waiting.js';

jest.setTimeout(jobTestTimeoutMs);

/** A full plan exports at most this many rows here, so the allowance can be crossed on the tiny market. */
const maxRows = 40;

let testApp: TestApp;
let worker: RunningWorker | null = null;
let recon: HttpSession; // unlimited exports: compares whole tables
let full: HttpSession; // limited to maxRows
let other: HttpSession;
let free: HttpSession;
let reconUser: TestUser;
let busyDomain: string;
let advertiser: string;

const json = async <T>(response: Response) => (await response.json()) as T;

async function startExport(session: HttpSession, body: Record<string, unknown>): Promise<{ status: number; body: ExportStatus & { message?: string; data?: Record<string, unknown> } }> {
  const response = await session.post('/rest/exports', body);
  return { status: response.status, body: await json(response) };
}

async function waitForExport(session: HttpSession, id: string, state: ExportStatus['state'] = 'completed'): Promise<ExportStatus> {
  const deadline = Date.now() + jobWaitMs;
  for (;;) {
    const status = await json<ExportStatus>(await session.get(`/rest/exports/${id}`));
    if (status.state === state) return status;
    if (Date.now() > deadline) throw new Error(`export ${id} is ${status.state} (${status.error ?? status.message}), not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every row of a table endpoint, page by page (1000 a page), as the screen's user sees them, with what the export adds
 * to each: the data's source (the tiny market is the demo market) and the month the table shows.
 */
async function allRows(session: HttpSession, path: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let startRow = 1; ; startRow += 1000) {
    const query = new URLSearchParams({ ...params, startRow: String(startRow), pageSize: '1000' });
    const page = await json<{ rows: Record<string, unknown>[]; totalRows: number; month: string | null }>(await session.get(`/rest/research/${path}?${query}`));
    rows.push(...page.rows.map((row) => ({ ...row, dataSource: 'Demo data', dataDate: page.month?.slice(0, 7) ?? null })));
    if (rows.length >= page.totalRows || page.rows.length === 0) return rows;
  }
}

/** A value of an endpoint row as the CSV writes it. */
const csvText = (value: unknown) => {
  const cell = spreadsheetCell(value);
  return cell === null ? '' : String(cell);
};

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true, env: { EXPORT_MAX_ROWS: String(maxRows) } });
  reconUser = await createTestUser(testApp.database, { roles: ['recon_full'] });
  recon = await loggedInSession(testApp.baseUrl, reconUser);
  full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  other = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  free = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
  const [busy] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.organic_keywords desc limit 1`,
  );
  busyDomain = busy!.name;
  const [paid] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.paid_keywords desc limit 1`,
  );
  advertiser = paid!.name;
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('export requests before any worker takes them', () => {
  it('does not run the same export twice while it is waiting or running', async () => {
    const body = { table: 'seo/competitors', params: { domain: busyDomain, countryCode: 'US' }, format: 'csv' };
    const [first, second] = await Promise.all([startExport(recon, body), startExport(recon, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 202]);
    expect(second.body.id).toBe(first.body.id);
    // The same table with other parameters (page fields aside) is another export.
    const third = await startExport(recon, { ...body, params: { ...body.params, startRow: 21, pageSize: 20 } });
    expect(third.body.id).toBe(first.body.id);
    const xlsx = await startExport(recon, { ...body, format: 'xlsx' });
    expect(xlsx.status).toBe(202);
    expect(xlsx.body.id).not.toBe(first.body.id);
    const [{ count }] = (await testApp.database.query<{ count: number }>(`select count(*)::int as count from job_record where name = $1 and user_id = (select user_id from job_record where id = $2)`, [exportJob.name, first.body.id])) as [{ count: number }];
    expect(count).toBe(2);
  });

  it('cancels a queued export, which the worker then leaves alone', async () => {
    const started = await startExport(recon, { table: 'seo/top-pages', params: { domain: busyDomain, countryCode: 'US' } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'queued', export: { table: 'seo/top-pages', format: 'csv', downloadUrl: null } });
    const cancelled = await recon.post(`/rest/exports/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ state: 'cancelled' });
    expect((await recon.post(`/rest/exports/${started.body.id}/cancel`)).status).toBe(409);
    // Someone else cannot cancel it (nor see it).
    expect((await other.post(`/rest/exports/${started.body.id}/cancel`)).status).toBe(404);
  });

  it('refuses visitors, free plans, unknown tables and bad parameters', async () => {
    expect((await free.post('/rest/exports', { table: 'seo/competitors', params: { domain: busyDomain } })).status).toBe(403);
    const visitor = await loggedInSession(testApp.baseUrl, reconUser).then(async (session) => {
      await session.post('/auth/logout');
      await session.open('/');
      return session;
    });
    expect([401, 403]).toContain((await visitor.post('/rest/exports', { table: 'seo/competitors', params: { domain: busyDomain } })).status);
    const unknown = await startExport(full, { table: 'seo/nothing', params: {} });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'That table cannot be exported.' } });
    const badSort = await startExport(full, { table: 'seo/competitors', params: { domain: busyDomain, sort: 'nope' } });
    expect(badSort).toMatchObject({ status: 400, body: { message: 'The sort column is not valid.' } });
    const noDomain = await startExport(full, { table: 'seo/keywords', params: {} });
    expect(noDomain).toMatchObject({ status: 400, body: { message: 'Give either domain or url.' } });
  });

  it('answers the upsell over the plan allowance, and a partial export up to it', async () => {
    const params = { domain: busyDomain, countryCode: 'US', sort: 'clicks', sortDirection: 'desc' };
    const { totalRows } = await json<{ totalRows: number }>(await full.get(`/rest/research/seo/keywords?${new URLSearchParams(params)}`));
    expect(totalRows).toBeGreaterThan(maxRows);
    const refused = await startExport(full, { table: 'seo/keywords', params, scope: 'full' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`Upgrade to get all ${totalRows.toLocaleString('en-US')} rows.`);
    expect(refused.body.data).toEqual({ totalRows, maxExportRows: maxRows, upgradeUrl: '/upgrade' });
    const partial = await startExport(full, { table: 'seo/keywords', params, scope: 'partial' });
    expect(partial.status).toBe(202);
    expect(partial.body.export).toMatchObject({ tableRows: totalRows, rowLimit: maxRows, scope: 'partial' });
    expect(partial.body.total).toBe(maxRows);
  });
});

describe('exports run by the worker', () => {
  beforeAll(async () => {
    worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  }, setUpTimeoutMs);

  it('streams every row of the table (not the page), with the sort and filter, as CSV', async () => {
    const params = { domain: busyDomain, countryCode: 'US', sort: 'volume', sortDirection: 'asc', filter: 'e' };
    const started = await startExport(recon, { table: 'seo/keywords', params, format: 'csv' });
    expect(started.status).toBe(202);
    const done = await waitForExport(recon, started.body.id);
    const expected = await allRows(recon, 'seo/keywords', params);
    expect(expected.length).toBeGreaterThan(20); // more than one page on screen
    expect(done).toMatchObject({ percent: 100, done: expected.length, result: { rows: expected.length, format: 'csv', truncated: false } });
    expect(done.export.downloadUrl).toMatch(new RegExp(`^/rest/exports/${done.id}/download\\?expires=\\d+&signature=`));

    const response = await recon.get(done.export.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="seo-keywords-${busyDomain.replace('.', '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [header, ...rows] = parseCsv(await response.text());
    const keys = Object.keys(expected[0]!);
    expect(header).toEqual(keys.map(columnHeader));
    expect(rows).toEqual(expected.map((row) => keys.map((key) => csvText(row[key]))));
  });

  it('adds the ranking history (computed per batch, not in the table query) to every exported row', async () => {
    const params = { domain: busyDomain, countryCode: 'US', type: 'MostValuable' };
    const started = await startExport(recon, { table: 'seo/ranking-history', params, format: 'csv' });
    const done = await waitForExport(recon, started.body.id);
    const expected = await allRows(recon, 'seo/ranking-history', params);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected[0]!['history']).toHaveLength(12);
    const [header, ...rows] = parseCsv(await (await recon.get(done.export.downloadUrl!)).text());
    const keys = Object.keys(expected[0]!);
    expect(header).toEqual(keys.map(columnHeader));
    expect(rows).toEqual(expected.map((row) => keys.map((key) => csvText(row[key]))));
  });

  it('adds the positions and ad texts of the ad history (built per batch, not in the table query) to every exported row', async () => {
    const params = { query: advertiser, countryCode: 'US', months: '12', sort: 'keyword', sortDirection: 'asc' };
    const started = await startExport(recon, { table: 'ppc/ad-history', params, format: 'csv' });
    const done = await waitForExport(recon, started.body.id);
    const expected = await allRows(recon, 'ppc/ad-history', params);
    expect(expected.length).toBeGreaterThan(7);
    expect(expected.every((row) => (row['ads'] as unknown[]).length > 0 && (row['positions'] as unknown[]).length === 12)).toBe(true);
    const keys = Object.keys(expected[0]!);
    const exported = async (id: string) => {
      const status = await json<ExportStatus>(await recon.get(`/rest/exports/${id}`));
      return parseCsv(await (await recon.get(status.export.downloadUrl!)).text());
    };
    const [header, ...rows] = await exported(done.id);
    expect(header).toEqual(keys.map(columnHeader));
    expect(rows).toEqual(expected.map((row) => keys.map((key) => csvText(row[key]))));

    // Again in batches of 7 rows: each batch gets its own rows' positions and ads.
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
    const pool = new pg.Pool({ connectionString: testApp.database.url, max: 2 });
    try {
      const processor = new ExportProcessor(() => orm.em.fork(), pool, new LocalFileStore(testApp.environment.DATA_DIR), { batchRows: 7 });
      const context: JobContext = { jobId: done.id, attempt: 1, checkpoint: null, progress: async () => true, stillActive: async () => true, saveCheckpoint: async () => true };
      expect(await processor.handle({ jobId: done.id }, context)).toMatchObject({ rows: expected.length, truncated: false });
    } finally {
      await pool.end();
      await orm.close();
    }
    expect(await exported(done.id)).toEqual([header, ...rows]);
  });

  it('streams a PPC table (mapped rows) as XLSX with numbers as numeric cells', async () => {
    const params = { query: advertiser, countryCode: 'US', type: 'mostsuccessful' };
    const started = await startExport(recon, { table: 'ppc/keywords', params, format: 'xlsx' });
    const done = await waitForExport(recon, started.body.id);
    const response = await recon.get(done.export.downloadUrl!);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, ...rows] = readXlsx(Buffer.from(await response.arrayBuffer()));
    const expected = await allRows(recon, 'ppc/keywords', params);
    expect(expected.length).toBeGreaterThan(0);
    const keys = Object.keys(expected[0]!);
    expect(header!.map((cell) => cell.value)).toEqual(keys.map(columnHeader));
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, index) =>
      keys.forEach((key, column) => {
        const value = expected[index]![key];
        if (typeof value === 'number') expect(row[column]).toEqual({ type: 'n', value });
        else if (value === null || value === undefined) expect(row[column]!.type).toBe('e');
        else expect(row[column]!.value).toEqual(spreadsheetCell(value));
      }),
    );
  });

  it('stops a partial export at the plan allowance', async () => {
    const params = { domain: busyDomain, countryCode: 'US', sort: 'clicks', sortDirection: 'desc' };
    const list = await json<ExportStatus[]>(await full.get('/rest/exports'));
    const partial = list.find((job) => job.export.table === 'seo/keywords' && job.export.scope === 'partial')!;
    const done = await waitForExport(full, partial.id);
    expect(done.result).toMatchObject({ rows: maxRows, truncated: true });
    const [, ...rows] = parseCsv(await (await full.get(done.export.downloadUrl!)).text());
    const expected = (await allRows(full, 'seo/keywords', params)).slice(0, maxRows);
    const keys = Object.keys(expected[0]!);
    expect(rows).toEqual(expected.map((row) => keys.map((key) => csvText(row[key]))));
  });

  it('lets only the owner download, only through an unaltered link before it expires', async () => {
    const started = await startExport(recon, { table: 'seo/competitors', params: { domain: busyDomain, countryCode: 'US' }, format: 'csv' });
    const done = await waitForExport(recon, started.body.id);
    const link = done.export.downloadUrl!;
    expect((await recon.get(link)).status).toBe(200);
    // Another user: neither the link nor the job is theirs.
    expect((await other.get(link)).status).toBe(403);
    expect((await other.get(`/rest/exports/${done.id}`)).status).toBe(404);
    expect(await json<ExportStatus[]>(await other.get('/rest/exports'))).toEqual([]);
    // A logged-out browser.
    const anonymous = await loggedInSession(testApp.baseUrl, reconUser);
    await anonymous.post('/auth/logout');
    expect((await anonymous.get(link)).status).toBe(401);
    // Altered link, missing signature.
    expect((await recon.get(link.replace(/expires=(\d+)/, (_m, value: string) => `expires=${Number(value) + 3600}`))).status).toBe(403);
    expect((await recon.get(exportDownloadPath(done.id))).status).toBe(403);
    // A link signed with the real secret that expired a minute ago.
    const secret = await testApp.redis.client.get(`${testApp.environment.REDIS_PREFIX}:file-link-secret`);
    const [owner] = await testApp.database.query<{ user_id: string }>('select user_id from job_record where id = $1', [done.id]);
    const links = new DownloadLinks(Buffer.from(secret!), 60_000);
    const expired = links.sign(exportDownloadPath(done.id), owner!.user_id, Date.now() - 120_000);
    const answer = await recon.get(expired.url);
    expect(answer.status).toBe(410);
    expect(await json(answer)).toMatchObject({ message: 'This download link has expired. Open your exports to get a new one.' });
    // Each read of the status signs a fresh link.
    const again = await json<ExportStatus>(await recon.get(`/rest/exports/${done.id}`));
    expect((await recon.get(again.export.downloadUrl!)).status).toBe(200);
  });

  it('left the cancelled export cancelled, with no file', async () => {
    const list = await json<ExportStatus[]>(await recon.get('/rest/exports'));
    const cancelled = list.find((job) => job.export.table === 'seo/top-pages')!;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await json<ExportStatus>(await recon.get(`/rest/exports/${cancelled.id}`));
    expect(status).toMatchObject({ state: 'cancelled', export: { downloadUrl: null } });
    const [owner] = await testApp.database.query<{ user_id: string }>('select user_id from job_record where id = $1', [status.id]);
    expect(existsSync(join(testApp.environment.DATA_DIR, `exports/${owner!.user_id}/${status.id}.1.csv`))).toBe(false);
  });

  it('stops a running export when it is cancelled, and keeps no partial file', async () => {
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
    const pool = new pg.Pool({ connectionString: testApp.database.url, max: 2 });
    try {
      const started = await startExport(recon, { table: 'seo/keywords', params: { domain: busyDomain, countryCode: 'US', sort: 'keyword' }, format: 'xlsx' });
      await waitForExport(recon, started.body.id);
      const files = new LocalFileStore(testApp.environment.DATA_DIR);
      const processor = new ExportProcessor(() => orm.em.fork(), pool, files, { batchRows: 5 });
      let reports = 0;
      const context: JobContext = {
        jobId: started.body.id,
        attempt: 1,
        checkpoint: null,
        // The second report finds the job cancelled, as JobRunner's does once job_record says so.
        progress: async () => ++reports < 2,
        stillActive: async () => reports < 2,
        saveCheckpoint: async () => true,
      };
      const records = new JobRecordRepository(orm.em.fork());
      const job = await records.findById(started.body.id);
      await files.remove(`exports/${job!.owner.userId}/${job!.id}.1.xlsx`);
      await expect(processor.handle({ jobId: started.body.id }, context)).rejects.toBeInstanceOf(JobCancelledError);
      expect(await files.size(`exports/${job!.owner.userId}/${job!.id}.1.xlsx`)).toBeNull();
      const left = readdirSync(join(testApp.environment.DATA_DIR, `exports/${job!.owner.userId}`));
      expect(left.filter((name) => name.startsWith(job!.id) && name.endsWith('.part'))).toEqual([]);
    } finally {
      await pool.end();
      await orm.close();
    }
  });

  it('removes finished files after their retention time; the link then stops working', async () => {
    const started = await startExport(other, { table: 'outreach/top-domains', params: { countryCode: 'US', filter: 'a' }, scope: 'partial', format: 'csv' });
    const done = await waitForExport(other, started.body.id);
    expect(done.export.fileExpiresAt).toBe(new Date(new Date(done.finishedAt!).getTime() + 24 * 3_600_000).toISOString());
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
    try {
      const sweeper = new JobFileSweeper(() => new JobRecordRepository(orm.em.fork()), new LocalFileStore(testApp.environment.DATA_DIR), pino({ level: 'silent' }), 24 * 3_600_000);
      expect(await sweeper.sweepOnce()).toBe(0);
      expect(await sweeper.sweepOnce(Date.now() + 25 * 3_600_000)).toBeGreaterThanOrEqual(1);
    } finally {
      await orm.close();
    }
    expect((await other.get(done.export.downloadUrl!)).status).toBe(410);
    const after = await json<ExportStatus>(await other.get(`/rest/exports/${done.id}`));
    expect(after.export).toMatchObject({ downloadUrl: null, fileExpiresAt: null });
  });
});

describe('POST /Endpoints/Core/ExportCsv', () => {
  it('answers the rows the page holds as a CSV file named in Content-Disposition, every cell inert', async () => {
    const payloads = formulaPayloads();
    const rows = payloads.map((payload, index) => ({ keyword: payload, volume: index * 10, cpc: -1.5 }));
    const response = await recon.post('/Endpoints/Core/ExportCsv', { filename: 'My keywords', jsonString: JSON.stringify(rows) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="My keywords.csv"; filename*=UTF-8''My%20keywords.csv`);
    const [header, ...cells] = parseCsv(await response.text());
    expect(header).toEqual(['Keyword', 'Volume', 'CPC']);
    expect(cells).toHaveLength(payloads.length);
    cells.forEach((row, index) => {
      expect(/^[ ]*[=+\-@\t\r\n]/.test(row[0]!) && !isPlainNumberText(row[0]!)).toBe(false);
      expect([payloads[index], `'${payloads[index]}`]).toContain(row[0]);
      expect(row.slice(1)).toEqual([String(index * 10), '-1.5']);
    });
  });

  it('refuses text that is not a JSON array, and free plans', async () => {
    expect((await full.post('/Endpoints/Core/ExportCsv', { filename: 'x', jsonString: '{"a":1}' })).status).toBe(400);
    expect((await free.post('/Endpoints/Core/ExportCsv', { filename: 'x', jsonString: '[]' })).status).toBe(403);
    const tooMany = JSON.stringify(Array.from({ length: maxRows + 1 }, (_, index) => ({ index })));
    const refused = await full.post('/Endpoints/Core/ExportCsv', { filename: 'x', jsonString: tooMany });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ message: `Upgrade to get all ${maxRows + 1} rows.` });
  });
});
