import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, importDetailMissing, type ImportInspection, type ImportStatus } from '@serpwise/contracts';
import { pino } from 'pino';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip, testData } from '../../infra/test/test-data.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { importInspectionsPerMinute } from '../src/modules/limits/limit-rules.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * The import form asks for exactly what a file needs (issue 19, docs/product/imports.md): the API inspects each shape
 * of file the way the form does, an upload given only what the inspection asked for lands every row, an upload
 * missing a needed detail is refused at once with the form's words, and an import of which no row could be used
 * ends failed with the most common reason and its error report — never "Imported" with nothing.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let bob: HttpSession;
let aliceUser: TestUser;

const json = async <T>(response: Response) => (await response.json()) as T;

const formOf = (fields: Record<string, string>, file: Buffer | string, fileName: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), fileName);
  return form;
};

async function inspect(session: HttpSession, format: string, file: Buffer, fileName: string): Promise<ImportInspection> {
  const response = await session.postForm('/rest/imports/inspect', formOf({ format, fileSize: String(file.length) }, file, fileName));
  expect(response.status).toBe(200);
  return json<ImportInspection>(response);
}

async function upload(session: HttpSession, file: Buffer | string, fileName: string, fields: Record<string, string>) {
  const response = await session.postForm('/rest/imports', formOf(fields, file, fileName));
  return { status: response.status, body: await json<ImportStatus & { message?: string; errors?: string[] }>(response) };
}

async function imported(session: HttpSession, file: Buffer | string, fileName: string, fields: Record<string, string>): Promise<ImportStatus> {
  const started = await upload(session, file, fileName, fields);
  expect(started.status).toBe(202);
  return untilJobStatus(`import ${fileName}`, async () => json<ImportStatus>(await session.get(`/rest/imports/${started.body.id}`)), (status) => ['completed', 'failed', 'cancelled'].includes(status.state));
}

const count = async (sql: string, params: unknown[] = []) => (await testApp.database.query<{ n: number }>(`select count(*)::int as n from (${sql}) counted`, params))[0]!.n;
const importsOf = (user: TestUser) => count('select 1 from data_import where user_id = $1', [user.id]);

beforeAll(async () => {
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: process.env.IMPORTS_TEST_LOG ?? 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['full'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
  bob = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('the import form\'s questions, through the API', () => {
  it('inspects a file for the logged-in user only, with the cross-site token, and stores nothing', async () => {
    const file = testData('keyword-planner/keyword-stats-no-title.csv');
    const visitor = new HttpSession(testApp.baseUrl);
    await visitor.open();
    expect((await visitor.postForm('/rest/imports/inspect', formOf({ format: 'keyword-planner' }, file, 'k.csv'))).status).toBe(401);
    const noToken = await fetch(`${testApp.baseUrl}/rest/imports/inspect`, { method: 'POST', headers: { accept: 'application/json', cookie: alice.cookie }, body: formOf({ format: 'keyword-planner' }, file, 'k.csv') });
    expect(noToken.status).toBe(403);
    const noFormat = await alice.postForm('/rest/imports/inspect', formOf({}, file, 'k.csv'));
    expect(noFormat.status).toBe(400);
    expect(await json(noFormat)).toMatchObject({ message: 'Choose what kind of file this is.' });
    expect(await inspect(alice, 'keyword-planner', file, 'k.csv')).toEqual({ format: 'keyword-planner', needs: ['date', 'territory'], found: { date: null }, problem: null });
    expect(await importsOf(aliceUser)).toBe(0);
  });

  it('reads at most 30 files a minute for one account (a 64 MB ZIP is held in memory while read), and not for another', async () => {
    const carol = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const file = testData('keyword-planner/keyword-stats-no-title.csv');
    for (let read = 0; read < importInspectionsPerMinute; read++) await inspect(carol, 'keyword-planner', file, 'k.csv');
    const refused = await carol.postForm('/rest/imports/inspect', formOf({ format: 'keyword-planner' }, file, 'k.csv'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(refused)).message).toMatch(/^You have chosen 30 files to import in the last minute\. Please wait .+ before choosing another\.$/);
    expect((await inspect(bob, 'keyword-planner', file, 'k.csv')).needs).toEqual(['date', 'territory']);
  });

  it('lands a Keyword Planner file without title lines or monthly columns on the month the form asked for, and refuses it at once without one', async () => {
    const file = testData('keyword-planner/keyword-stats-no-title.csv');
    const refused = await upload(alice, file, 'Keyword Stats.csv', { format: 'keyword-planner', territory: 'US' });
    expect(refused).toMatchObject({ status: 400, body: { message: importDetailMissing('keyword-planner', 'date') } });
    expect(await importsOf(aliceUser)).toBe(0);

    const status = await imported(alice, file, 'Keyword Stats.csv', { format: 'keyword-planner', territory: 'US', date: '2026-07-01' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 4, rowsLanded: 4, rowsRejected: 0 } });
    expect(await count(`select 1 from keyword where territory = 'US' and term in ('croissant recipe', 'hot cross buns', 'gluten free bread', 'bakery near me')`)).toBe(4);
  });

  it('lands every other Keyword Planner shape given only the territory the form asks for', async () => {
    const shapes: [path: string, territory: string, rows: number][] = [
      ['keyword-planner/keyword-stats.csv', 'UK', 9],
      ['keyword-planner/keyword-stats-comma.csv', 'FR', 3],
      ['keyword-planner/keyword-stats-comma-no-title.csv', 'CA', 4],
      ['keyword-planner/keyword-stats-titles-no-months.csv', 'DE', 3],
    ];
    for (const [path, territory, rows] of shapes) {
      expect(await inspect(alice, 'keyword-planner', testData(path), 'Keyword Stats.csv')).toMatchObject({ needs: ['territory'], problem: null });
      const status = await imported(alice, testData(path), 'Keyword Stats.csv', { format: 'keyword-planner', territory });
      expect([path, status.state, status.import.rowsRead, status.import.rowsLanded, status.import.rowsRejected]).toEqual([path, 'completed', rows, rows, 0]);
      expect(await count('select 1 from keyword where territory = $1', [territory])).toBe(rows);
    }
    const [baguette] = await testApp.database.query(`select volume, volume_history from keyword where territory = 'CA' and term = 'baguette'`);
    expect(baguette).toEqual({ volume: 14800, volume_history: [12100, 12100, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 18100, 22200] });
    expect(await count(`select 1 from keyword where territory = 'CA' and term = '"artisan" bread, sliced'`)).toBe(1);
  });

  it('lands Search Console\'s Queries.csv alone with the site and the dates the form asks for, and the ZIP with nothing but the territory', async () => {
    const queries = testData('gsc-export/Queries.csv');
    expect(await inspect(alice, 'gsc', queries, 'Queries.csv')).toEqual({ format: 'gsc', needs: ['site', 'dateRange', 'territory'], found: {}, problem: null });
    const noDates = await upload(alice, queries, 'Queries.csv', { format: 'gsc', territory: 'US', domain: gscExport.domain });
    expect(noDates).toMatchObject({ status: 400, body: { message: importDetailMissing('gsc', 'dateRange') } });
    const noSite = await upload(alice, queries, 'Queries.csv', { format: 'gsc', territory: 'US', dateFrom: '2026-09-01', dateTo: '2026-09-30' });
    expect(noSite).toMatchObject({ status: 400, body: { message: importDetailMissing('gsc', 'site') } });

    const alone = await imported(alice, queries, 'Queries.csv', { format: 'gsc', territory: 'US', domain: gscExport.domain, dateFrom: '2026-09-01', dateTo: '2026-09-30' });
    expect(alone).toMatchObject({ state: 'completed', import: { rowsRead: gscExport.queries, rowsLanded: gscExport.queries, rowsRejected: 0, dateFrom: '2026-09-01', dateTo: '2026-09-30' } });
    const [rank] = await testApp.database.query(
      `select to_char(r.month, 'YYYY-MM') as month, r.clicks from organic_rank r join keyword k on k.id = r.keyword_id where k.term = 'harrowgate bakehouse' and k.territory = 'US'`);
    expect(rank).toEqual({ month: gscExport.month, clicks: 412 });

    const zip = gscExportZip();
    expect(await inspect(alice, 'gsc', zip, 'export.zip')).toEqual({
      format: 'gsc', needs: ['territory'], found: { site: gscExport.domain, dateFrom: '2026-09-01', dateTo: '2026-09-30' }, problem: null,
    });
    const whole = await imported(alice, zip, 'export.zip', { format: 'gsc', territory: 'UK' });
    // The rows of the file: the queries and the pages of Pages.csv (docs/decisions.md, "What an import's counts count").
    const rows = gscExport.queries + gscExport.pages;
    expect(whole).toMatchObject({ state: 'completed', import: { rowsRead: rows, rowsLanded: rows, spread: 'single-month' } });
  });

  it('ends an import of which no row could be used failed, with the most common reason in words and its error report', async () => {
    const sources = await count('select 1 from data_source');
    const file = 'keyword,territory,date,position,url\n'
      + 'zero rows,US,2026-10-01,1,not a url\nzero rows 2,US,2026-10-01,2,not a url\nzero rows 3,US,2026-10-01,two,https://a.test/\n';
    const status = await imported(alice, file, 'nothing.csv', { format: 'serp', territory: 'US' });
    expect(status).toMatchObject({
      state: 'failed',
      error: 'No row could be imported: 2 of 3 rows: The URL "not a url" is not an http(s) address of a site.',
      import: { rowsRead: 3, rowsLanded: 0, rowsDuplicate: 0, rowsRejected: 3 },
    });
    expect(await count('select 1 from data_source')).toBe(sources);
    expect(await count(`select 1 from keyword where term like 'zero rows%'`)).toBe(0);
    const report = await alice.get(status.import.errorReportUrl!);
    expect(report.status).toBe(200);
    expect(await report.text()).toBe('line,reason\n2,"The URL ""not a url"" is not an http(s) address of a site."\n3,"The URL ""not a url"" is not an http(s) address of a site."\n4,"The position ""two"" is not a number."\n');
    expect((await bob.get(status.import.errorReportUrl!)).status).toBe(403);

    const empty = await imported(alice, 'keyword,territory,date,position,url\n', 'empty.csv', { format: 'serp', territory: 'US' });
    expect(empty).toMatchObject({ state: 'failed', error: 'No row could be imported: the file has no rows after its header.', import: { rowsRead: 0, rowsLanded: 0, rowsRejected: 0, errorReportUrl: null } });
  });

  it('shows a second user none of it', async () => {
    const mine = await json<ImportStatus[]>(await alice.get('/rest/imports'));
    expect(mine).toHaveLength(9);
    expect(await json<ImportStatus[]>(await bob.get('/rest/imports'))).toEqual([]);
    for (const item of mine) expect((await bob.get(`/rest/imports/${item.id}`)).status).toBe(404);
    expect(await (await bob.get('/rest/imports/history')).text()).toBe('keyword,territory,date,position,url,title,volume,cpc,competition,difficulty,clicks,impressions,site\r\n');
    expect((await bob.request('DELETE', `/rest/imports/${mine[0]!.id}`, { [csrfHeaderName]: bob.csrfToken })).status).toBe(404);
  });
});
