import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type ImportStatus } from '@serpwise/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { LocalFileStore } from '@serpwise/platform';
import { importFileKey } from '@serpwise/domain';
import { createOrmConfig, JobRecordRepository } from '@serpwise/database';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { deletedImport, jobEventsOf } from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip, testData } from '../../infra/test/test-data.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { JobFileSweeper } from '../../worker/src/jobs/job-file-sweeper.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus, untilReady } from '../../infra/test/waiting.js';

jest.setTimeout(Number(process.env.IMPORTS_TEST_TIMEOUT ?? jobTestTimeoutMs));


let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let bob: HttpSession;
let aliceUser: TestUser;
let bobUser: TestUser;

const json = async <T>(response: Response) => (await response.json()) as T;

async function upload(session: HttpSession, file: Buffer | string, fileName: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), fileName);
  const response = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: session.cookie, [csrfHeaderName]: session.csrfToken, accept: 'application/json' }, body: form });
  return { status: response.status, body: await json<ImportStatus & { message?: string }>(response) };
}

const waitFor = (session: HttpSession, id: string): Promise<ImportStatus> =>
  untilJobStatus(`import ${id}`, async () => json<ImportStatus>(await session.get(`/rest/imports/${id}`)), (status) => ['completed', 'failed', 'cancelled'].includes(status.state));

async function imported(session: HttpSession, file: Buffer | string, fileName: string, fields: Record<string, string>) {
  const started = await upload(session, file, fileName, fields);
  expect(started.status).toBe(202);
  return waitFor(session, started.body.id);
}

const count = async (sql: string, params: unknown[] = []) => (await testApp.database.query<{ n: number }>(`select count(*)::int as n from (${sql}) counted`, params))[0]!.n;

beforeAll(async () => {
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: process.env.IMPORTS_TEST_LOG ?? 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['free'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
  bobUser = await createTestUser(testApp.database, { roles: ['full'] });
  bob = await loggedInSession(testApp.baseUrl, bobUser);
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('imports', () => {
  let gscId: string;

  it('imports the Search Console ZIP: every query lands for the site, with its clicks, and a second upload adds nothing', async () => {
    const status = await imported(alice, gscExportZip(), 'harrowgate-performance.zip', { format: 'gsc', territory: 'US' });
    // 22 queries and 6 pages, in one month (the site's month from Chart.csv is no row of the file's own).
    const rows = gscExport.queries + gscExport.pages;
    expect(status).toMatchObject({ state: 'completed', import: { format: 'gsc', fileName: 'harrowgate-performance.zip', rowsRead: rows, rowsLanded: rows, rowsDuplicate: 0, rowsRejected: 0,
      errorReportUrl: null, spread: 'single-month', months: ['2026-09-01'] } });
    gscId = status.id;
    // The export does not say which page ranked for a query: the site's row has no page.
    const [rank] = await testApp.database.query(
      `select to_char(r.month, 'YYYY-MM') as month, r.position, r.clicks, r.impressions, r.page_id, d.name from organic_rank r join keyword k on k.id = r.keyword_id
       join domain d on d.id = r.domain_id where k.term = 'harrowgate bakehouse' and k.territory = 'US'`);
    expect(rank).toEqual({ month: gscExport.month, position: 1, clicks: 412, impressions: 980, page_id: null, name: gscExport.domain });
    // The rows are Alice's own; the shared roll-ups count installation data only (docs/decisions.md, "Imported rows are private").
    expect(await count(`select 1 from organic_rank where owner_user_id = $1`, [aliceUser.id])).toBe(22);
    expect(await count(`select 1 from domain_month where domain_id = (select id from domain where name = $1)`, [gscExport.domain])).toBe(0);

    const again = await imported(alice, gscExportZip(), 'harrowgate-performance.zip', { format: 'gsc', territory: 'US' });
    expect(again.import).toMatchObject({ rowsRead: rows, rowsLanded: 0, rowsDuplicate: rows });
    expect(await count('select 1 from site_traffic')).toBe(gscExport.pages + 1);
    expect(await count('select 1 from serp_observation')).toBe(22);
    await deletedImport(alice, again.id);
  });

  it('imports the Keyword Planner, Organic Positions and SERP files with their exact counts', async () => {
    const planner = await imported(alice, testData('keyword-planner/keyword-stats.csv'), 'Keyword Stats 2026-09-14 at 09_14_55.csv', { format: 'keyword-planner', territory: 'ES' });
    expect(planner.import).toMatchObject({ rowsRead: 9, rowsLanded: 9, rowsRejected: 0 });
    expect(await count(`select 1 from keyword where territory = 'ES'`)).toBe(9);
    const [rye] = await testApp.database.query(`select volume, competition::float as competition, volume_history from keyword where territory = 'ES' and term = 'rye bread'`);
    expect(rye).toEqual({ volume: 33100, competition: 0.09, volume_history: [40500, 40500, 33100, 33100, 27100, 27100, 27100, 27100, 33100, 33100, 40500, 33100] });
    const comma = await imported(alice, testData('keyword-planner/keyword-stats-comma.csv'), 'keyword-stats.csv', { format: 'keyword-planner', territory: 'FR' });
    expect(comma.import).toMatchObject({ rowsRead: 3, rowsLanded: 3, rowsRejected: 0 });

    const positions = await imported(alice, testData('organic-positions/organic-positions.csv'), 'organic-positions.csv', { format: 'organic-positions', territory: 'US' });
    // 'wedding cake tasting box' ranks twice at position 1 on 2026-08-11 (two URLs): the second is the same result.
    expect(positions.import).toMatchObject({ rowsRead: 16, rowsLanded: 15, rowsDuplicate: 1, rowsRejected: 0 });
    const [rye2] = await testApp.database.query(`select result_count::text as results, difficulty from keyword where territory = 'US' and term = 'rye bread'`);
    expect(rye2).toEqual({ results: '12400000000', difficulty: 54 });

    const serp = await imported(alice, testData('serp/search_results.csv'), 'search_results.csv', { format: 'serp', territory: 'UK', date: '2026-11-01' });
    expect(serp.import).toMatchObject({ rowsRead: 30, rowsLanded: 30, rowsRejected: 0 });
    expect(await count(`select 1 from organic_rank where territory = 'UK' and month = '2026-11-01'`)).toBe(30);
  });

  it('tells the user which step of adding the rows is running once the file is read, in order, over the socket', async () => {
    const carol = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const { socket, events: heard } = await jobEventsOf(testApp.baseUrl, carol);
    try {
      const rows = Array.from({ length: 600 }, (_, index) => `step keyword ${index % 30},US,2026-10-0${1 + (Math.floor(index / 30) % 2)},${1 + Math.floor(index / 60)},https://steps${index % 3}.test/p${index % 30}`);
      const status = await imported(carol, `keyword,territory,date,position,url\n${rows.join('\n')}\n`, 'steps.csv', { format: 'serp', territory: 'US' });
      expect(status.import).toMatchObject({ rowsRead: 600, rowsLanded: 600 });
      const ended = await untilReady('the completed event', async () => heard.filter((event) => event.id === status.id), (events) => events.some((event) => event.state === 'completed'), 30_000);
      const messages = ended.map((event) => event.message).filter((message, index, all) => message && message !== all[index - 1]);
      const adding = 'Adding 600 rows to the research data';
      const start = messages.indexOf(`${adding}…`);
      expect(messages.slice(start, start + 5)).toEqual([
        `${adding}…`, `${adding}: keywords, sites and pages…`, `${adding}: search results…`, `${adding}: monthly rankings…`, `${adding}: rolling up the months…`,
      ]);
      expect(ended.at(-1)?.state).toBe('completed');
      const percents = ended.map((event) => event.percent ?? 0);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
    } finally {
      socket.disconnect();
    }
  });

  it('reports bad rows one by one in a downloadable error report, and the good rows land', async () => {
    const file = 'keyword,territory,date,position,url,title\n'
      + 'bad row test,US,2026-10-01,1,https://good.test/,Good\n'
      + 'bad row test,US,2026-10-01,two,https://bad.test/,Bad\n'
      + 'bad row test,US,2026-10-41,3,https://bad.test/,Bad\n';
    const status = await imported(alice, file, 'mixed.csv', { format: 'serp', territory: 'US' });
    expect(status.import).toMatchObject({ rowsRead: 3, rowsLanded: 1, rowsRejected: 2 });
    expect(status.import.errorReportUrl).toMatch(/^\/rest\/imports\/.+\/errors\?expires=/);
    const report = await alice.get(status.import.errorReportUrl!);
    expect(report.status).toBe(200);
    expect(await report.text()).toBe('line,reason\n3,"The position ""two"" is not a number."\n4,"The date ""2026-10-41"" is not a date (YYYY-MM-DD)."\n');
    expect(await count(`select 1 from serp_observation o join keyword k on k.id = o.keyword_id where k.term = 'bad row test'`)).toBe(1);
    // The link is the owner's: another user cannot use it.
    expect((await bob.get(status.import.errorReportUrl!)).status).toBe(403);
  });

  it('refuses a file that is not what it claims to be, with a clear message, and lands nothing', async () => {
    const before = await count('select 1 from serp_observation');
    const sources = await count('select 1 from data_source');
    const status = await imported(alice, testData('organic-positions/organic-positions.csv'), 'organic-positions.csv', { format: 'keyword-planner', territory: 'US' });
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/^This is not a Google Ads Keyword Planner download/);
    expect(await count('select 1 from serp_observation')).toBe(before);
    expect(await count('select 1 from data_source')).toBe(sources);
  });

  it('answers 400 without a format or a file', async () => {
    const noFormat = await upload(alice, 'x', 'x.csv', { territory: 'US' });
    expect(noFormat).toMatchObject({ status: 400, body: { message: 'Choose what kind of file this is.' } });
    const form = new FormData();
    form.append('format', 'serp');
    const noFile = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: alice.cookie, [csrfHeaderName]: alice.csrfToken }, body: form });
    expect(noFile.status).toBe(400);
  });

  it('keeps each import its owner\'s: another user sees none of them and cannot read or delete one', async () => {
    const mine = await json<ImportStatus[]>(await alice.get('/rest/imports'));
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(await json<ImportStatus[]>(await bob.get('/rest/imports'))).toEqual([]);
    expect((await bob.get(`/rest/imports/${gscId}`)).status).toBe(404);
    expect((await bob.request('DELETE', `/rest/imports/${gscId}`, { [csrfHeaderName]: bob.csrfToken })).status).toBe(404);
    expect(await (await bob.get('/rest/imports/history')).text()).toBe('keyword,territory,date,position,url,title,volume,cpc,competition,difficulty,clicks,impressions,site\r\n');
    const visitor = await fetch(`${testApp.baseUrl}/rest/imports`, { headers: { accept: 'application/json' } });
    expect(visitor.status).toBe(401);
  });

  it('exports the full history and imports it back exactly, on a fresh account', async () => {
    const history = await (await alice.get('/rest/imports/history')).text();
    const lines = history.trimEnd().split('\r\n');
    expect(lines.length - 1).toBe(await count('select 1 from serp_observation where owner_user_id = $1', [aliceUser.id]));

    // Carol moves her archive: the same file lands for her as her own results, and her export is the same bytes.
    const carol = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
    const status = await imported(carol, history, 'history.csv', { format: 'serp', territory: 'US' });
    expect(status.import).toMatchObject({ rowsRead: lines.length - 1, rowsLanded: lines.length - 1, rowsRejected: 0 });
    expect(await (await carol.get('/rest/imports/history')).text()).toBe(history);
  });

  it('deletes an import with everything it brought', async () => {
    expect(await count(`select 1 from domain where name = $1`, [gscExport.domain])).toBe(1);
    const deletion = await deletedImport(alice, gscId);
    expect(deletion).toMatchObject({ state: 'completed', deletion: { importId: gscId, removed: { observations: 22 } } });
    // Carol's re-import holds the same results as her own: her rows take over the month, Alice's are gone.
    expect(await count(`select 1 from serp_observation o join data_source s on s.id = o.source_id where s.owner_user_id = $1 and s.label = 'harrowgate-performance.zip'`, [aliceUser.id])).toBe(0);
    expect(await count(`select 1 from data_import where id = $1`, [gscId])).toBe(0);
    expect((await alice.get(`/rest/imports/${gscId}`)).status).toBe(404);
  });

  it('deletes everything when no one else holds the rows', async () => {
    const file = 'keyword,territory,date,position,url,title\nonly mine,DE,2026-05-02,1,https://only-mine.test/a,A\n';
    const status = await imported(bob, file, 'mine.csv', { format: 'serp', territory: 'DE' });
    expect(status.import.rowsLanded).toBe(1);
    expect(await count(`select 1 from organic_rank r join domain d on d.id = r.domain_id where d.name = 'only-mine.test' and d.owner_user_ids is not null`)).toBe(1);
    await deletedImport(bob, status.id);
    expect(await count(`select 1 from keyword where term = 'only mine'`)).toBe(0);
    expect(await count(`select 1 from domain where name = 'only-mine.test'`)).toBe(0);
    expect(await count(`select 1 from page where url = 'https://only-mine.test/a'`)).toBe(0);
    expect(await count(`select 1 from organic_rank where territory = 'DE'`)).toBe(0);
    expect(await count(`select 1 from domain_month where territory = 'DE'`)).toBe(0);
  });

  it('cancels a running import: nothing it read lands, it answers 409 once finished, and only its owner can cancel it', async () => {
    const rows = Array.from({ length: 300_000 }, (_, index) => `cancelled term ${index},US,2026-05-02,${(index % 20) + 1},https://cancelled-${index % 500}.test/p${index},T`);
    const started = await upload(bob, `keyword,territory,date,position,url,title\n${rows.join('\n')}\n`, 'big.csv', { format: 'serp', territory: 'US' });
    expect(started.status).toBe(202);
    const id = started.body.id;
    // Running: the worker is reading the file.
    for (let tries = 0; (await json<ImportStatus>(await bob.get(`/rest/imports/${id}`))).state !== 'active'; tries += 1) {
      expect(tries).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // While it reads, its status counts rows (issue 21): rows read so far and the bytes of the file they came from.
    let reading: ImportStatus;
    for (let tries = 0; !((reading = await json<ImportStatus>(await bob.get(`/rest/imports/${id}`))).import.reading?.rows); tries += 1) {
      expect(tries).toBeLessThan(600);
      expect(reading.state).toBe('active');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reading.import.reading!.bytes).toBeGreaterThan(0);
    expect(reading.import.reading!.bytes).toBeLessThanOrEqual(reading.import.fileBytes);
    expect(reading.import.rowsRead).toBeNull();
    expect((await alice.post(`/rest/imports/${id}/cancel`)).status).toBe(404);
    const cancelled = await bob.post(`/rest/imports/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await json<ImportStatus>(cancelled)).toMatchObject({ id, state: 'cancelled' });

    const after = await waitFor(bob, id);
    expect(after.state).toBe('cancelled');
    // The worker's transaction was rolled back (or its rows removed again if it had just committed).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await count(`select 1 from keyword where term like 'cancelled term %'`)).toBe(0);
    expect(await count(`select 1 from data_source where details->>'importId' = $1`, [id])).toBe(0);
    const again = await bob.post(`/rest/imports/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ message: 'This import has already finished.' });
    expect((await deletedImport(bob, id)).state).toBe('completed');
  });

  it('removes an import\'s upload once its job is long finished, and keeps its error report', async () => {
    const status = await imported(bob, 'keyword,territory,date,position,url,title\nswept,DE,2026-05-02,1,https://swept.test/a,A\nbad,DE,2026-05-02,x,https://swept.test/b,B\n', 'swept.csv', { format: 'serp', territory: 'DE' });
    expect(status.import).toMatchObject({ rowsLanded: 1, rowsRejected: 1 });
    const upload = join(testApp.environment.DATA_DIR, importFileKey(bobUser.id, status.id));
    expect(existsSync(upload)).toBe(true);
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.environment.DATABASE_URL, poolMax: 1 }));
    try {
      const sweeper = new JobFileSweeper(() => new JobRecordRepository(orm.em.fork()), new LocalFileStore(testApp.environment.DATA_DIR), pino({ level: 'silent' }), 3_600_000);
      expect(await sweeper.sweepOnce(Date.now() - 60_000)).toBe(0); // not long enough ago yet
      expect(await sweeper.sweepOnce(Date.now() + 2 * 3_600_000)).toBeGreaterThanOrEqual(1);
    } finally {
      await orm.close();
    }
    expect(existsSync(upload)).toBe(false);
    expect((await bob.get(status.import.errorReportUrl!)).status).toBe(200);
  });
});
