import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type ExportStatus, type ImportStatus, type KeywordComparisonRow, type KeywordOverviewAnswer, type TablePage } from '@serpwise/contracts';
import { organicClicks } from '@serpwise/research';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { parseCsv, readXlsx } from '../../infra/test/spreadsheet-readers.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip, testData } from '../../infra/test/test-data.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { jobTestTimeoutMs, jobWaitMs, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

/**
 * Unknown stays unknown (issue 19, docs/decisions.md): a Search Console query has no volume, CPC, competition or
 * difficulty, a Keyword Planner line may have no bid or no volume. From the import through the warehouse, the
 * research API, the CSV and Excel exports, the full-history export and its re-import, those are null / empty — never
 * 0 — and they sort last whatever the direction.
 */
jest.setTimeout(jobTestTimeoutMs);

let testApp: TestApp;
let worker: RunningWorker;
let dana: HttpSession;
let danaUser: TestUser;

const json = async <T>(response: Response) => (await response.json()) as T;

async function imported(session: HttpSession, file: Buffer | string, fileName: string, fields: Record<string, string>): Promise<ImportStatus> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), fileName);
  const response = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: session.cookie, [csrfHeaderName]: session.csrfToken, accept: 'application/json' }, body: form });
  expect(response.status).toBe(202);
  const { id } = await json<ImportStatus>(response);
  return untilJobStatus(`import ${id}`, async () => json<ImportStatus>(await session.get(`/rest/imports/${id}`)), (status) => ['completed', 'failed', 'cancelled'].includes(status.state));
}

async function exported(session: HttpSession, body: Record<string, unknown>): Promise<Response> {
  const started = await json<ExportStatus>(await session.post('/rest/exports', body));
  const done = await untilJobStatus(`export ${started.id}`, async () => json<ExportStatus>(await session.get(`/rest/exports/${started.id}`)), (status) => ['completed', 'failed'].includes(status.state));
  expect(done.state).toBe('completed');
  return session.get(done.export.downloadUrl!);
}

const keywordNumbers = async (term: string) =>
  (await testApp.database.query<Record<string, unknown>>(
    `select volume, volume_history, cpc::float8 as cpc, competition::float8 as competition, difficulty from keyword where territory = 'US' and term = $1`, [term]))[0];
const resultCount = async (term: string) =>
  (await testApp.database.query<{ result_count: string | null }>(`select result_count from keyword where territory = 'US' and term = $1`, [term]))[0]?.result_count;

const month = gscExport.month;
/** The SEO keywords table of the imported site (a full user: no row is locked). */
async function table(session: HttpSession, params: Record<string, string>): Promise<{ rows: KeywordComparisonRow[]; totalRows: number }> {
  const query = new URLSearchParams({ domain: gscExport.domain, countryCode: 'US', month, pageSize: '100', ...params });
  return json<TablePage<KeywordComparisonRow>>(await session.get(`/rest/research/seo/keywords?${query}`)) as Promise<{ rows: KeywordComparisonRow[]; totalRows: number }>;
}

/** A SERP file whose keyword is known on the first day and unknown on the later one: the later row must not erase it. */
const serpFile = [
  'keyword,territory,date,position,url,title,volume,cpc,competition,difficulty,clicks,impressions',
  'crumb test,US,2026-09-01,3,https://harrowgate-bakehouse.org/crumb,Crumb,500,1.2,,40,,',
  'crumb test,US,2026-09-20,2,https://harrowgate-bakehouse.org/crumb,Crumb,,,,,,',
].join('\n');

beforeAll(async () => {
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  danaUser = await createTestUser(testApp.database, { roles: ['full'] });
  dana = await loggedInSession(testApp.baseUrl, danaUser);
  // Search Console first (queries with no numbers), then a Keyword Planner file that knows some of them, then a SERP file.
  expect((await imported(dana, gscExportZip(), 'performance.zip', { format: 'gsc', territory: 'US' })).state).toBe('completed');
  expect((await imported(dana, testData('keyword-planner/keyword-stats.csv'), 'keyword-stats.csv', { format: 'keyword-planner', territory: 'US' })).import)
    .toMatchObject({ rowsRead: 9, rowsRejected: 0 });
  expect((await imported(dana, serpFile, 'serp.csv', { format: 'serp', territory: 'US' })).import).toMatchObject({ rowsRead: 2, rowsLanded: 2 });
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('unknown keyword numbers', () => {
  it('land as null, never 0: a Search Console query, a planner line without a bid or without a volume', async () => {
    expect(await keywordNumbers('harrowgate bakehouse')).toEqual({ volume: null, volume_history: null, cpc: null, competition: null, difficulty: null });
    expect(await keywordNumbers('sourdough discard pancakes')).toEqual({ volume: null, volume_history: null, cpc: null, competition: null, difficulty: null });
    expect(await keywordNumbers('levain')).toMatchObject({ volume: 1900, cpc: null, competition: 0.03, difficulty: null });
    // Neither file says how many results a search has.
    expect(await resultCount('harrowgate bakehouse')).toBeNull();
    expect(await resultCount('levain')).toBeNull();
    // The query's own clicks are kept; a rank of a keyword with an unknown volume has no estimate.
    const [rank] = await testApp.database.query<{ clicks: number | null }>(
      `select r.clicks from organic_rank r join keyword k on k.id = r.keyword_id where k.territory = 'US' and k.term = 'harrowgate bakehouse'`);
    expect(rank).toEqual({ clicks: 412 });
  });

  it('learn what a later import knows, and a row without a number never erases a known one', async () => {
    // Search Console brought these without numbers; the planner file knows them.
    expect(await keywordNumbers('wedding cake tasting')).toMatchObject({ volume: 1300, cpc: 2.74, competition: 0.88, difficulty: null });
    expect(await keywordNumbers('bread, rye or spelt')).toMatchObject({ volume: 10, cpc: null, competition: null });
    // The SERP file's later row (2026-09-20) has empty numbers: the earlier row's stay.
    expect(await keywordNumbers('crumb test')).toEqual({ volume: 500, volume_history: [500], cpc: 1.2, competition: null, difficulty: 40 });
    const ranks = await testApp.database.query<{ position: number; clicks: number }>(
      `select r.position, r.clicks from organic_rank r join keyword k on k.id = r.keyword_id where k.territory = 'US' and k.term = 'crumb test' order by r.position`);
    expect(ranks).toEqual([{ position: 2, clicks: organicClicks(500, 2) }, { position: 3, clicks: organicClicks(500, 3) }]);
  });

  it('answer null in the research API, and sort last in both directions', async () => {
    const page = await table(dana, {});
    expect(page.totalRows).toBe(gscExport.queries + 1);
    const home = page.rows.find((row) => row.keyword === 'harrowgate bakehouse')!;
    expect(home).toMatchObject({ volume: null, cpc: null, difficulty: null, clicks: 412, value: null });
    expect(page.rows.find((row) => row.keyword === 'wedding cake tasting')).toMatchObject({ volume: 1300, cpc: 2.74, clicks: 9, value: 24.66 });

    const unknown = Array.from({ length: gscExport.queries + 1 - 3 }, () => null);
    const volumes = async (sortDirection: string) => (await table(dana, { sort: 'volume', sortDirection })).rows.map((row) => row.volume);
    expect(await volumes('desc')).toEqual([1300, 500, 10, ...unknown]);
    expect(await volumes('asc')).toEqual([10, 500, 1300, ...unknown]);
    const cpcs = async (sortDirection: string) => (await table(dana, { sort: 'cpc', sortDirection })).rows.map((row) => row.cpc);
    expect((await cpcs('asc')).slice(0, 3)).toEqual([1.2, 2.74, null]);
    expect((await cpcs('desc')).slice(0, 3)).toEqual([2.74, 1.2, null]);
    // The documented placement still holds when the request asks for it: 'low' puts unknown first when ascending.
    expect((await table(dana, { sort: 'volume', sortDirection: 'asc', emptyValues: 'low' })).rows[0]!.volume).toBeNull();

    const overview = await json<KeywordOverviewAnswer>(await dana.get(`/rest/research/keyword/overview?query=${encodeURIComponent('harrowgate bakehouse')}&countryCode=US&month=${month}`));
    expect(overview).toMatchObject({ wasQueryFound: true, volume: null, volumeHistory: [], cpc: null, difficulty: null, competition: null, resultCount: null });
  });

  it('export as empty cells in CSV and Excel', async () => {
    const params = { domain: gscExport.domain, countryCode: 'US', month, sort: 'volume', sortDirection: 'desc' };
    const [header, ...rows] = parseCsv(await (await exported(dana, { table: 'seo/keywords', params, format: 'csv' })).text());
    const column = (name: string) => header!.indexOf(name);
    const home = rows.find((row) => row[0] === 'harrowgate bakehouse')!;
    expect([home[column('Volume')], home[column('CPC')], home[column('Difficulty')], home[column('Value')], home[column('Clicks')]]).toEqual(['', '', '', '', '412']);
    expect(rows.map((row) => row[column('Volume')]).slice(0, 4)).toEqual(['1300', '500', '10', '']);

    const sheet = readXlsx(Buffer.from(await (await exported(dana, { table: 'seo/keywords', params, format: 'xlsx' })).arrayBuffer()));
    const xlsxHeader = sheet[0]!.map((cell) => cell.value);
    const xlsxHome = sheet.find((row) => row[0]?.value === 'harrowgate bakehouse')!;
    expect(xlsxHome[xlsxHeader.indexOf('Volume')]).toEqual({ type: 'e', value: null });
    expect(xlsxHome[xlsxHeader.indexOf('CPC')]).toEqual({ type: 'e', value: null });
  });

  it('write empty cells in the full-history export, which imports back as null (not 0)', async () => {
    const history = await (await dana.get('/rest/imports/history')).text();
    const [header, ...rows] = parseCsv(history);
    const cells = (row: string[]) => Object.fromEntries(header!.map((name, index) => [name, row[index]]));
    const home = rows.map(cells).find((row) => row.keyword === 'harrowgate bakehouse')!;
    expect(home).toMatchObject({ volume: '', cpc: '', competition: '', difficulty: '', clicks: '412' });
    expect(rows.map(cells).find((row) => row.keyword === 'wedding cake tasting')).toMatchObject({ volume: '1300', cpc: '2.74', competition: '0.88', difficulty: '' });

    // Dana moves to a new account: her imports go (their keywords with them), the file lands for Erin.
    for (const item of await json<ImportStatus[]>(await dana.get('/rest/imports'))) {
      expect((await dana.request('DELETE', `/rest/imports/${item.id}`, { [csrfHeaderName]: dana.csrfToken })).status).toBeLessThan(300);
    }
    // (Deleting may run as a job: wait until its keywords are gone.)
    for (const deadline = Date.now() + jobWaitMs; await keywordNumbers('harrowgate bakehouse'); ) {
      if (Date.now() > deadline) throw new Error('the deleted imports still hold their keywords');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const erin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect((await imported(erin, history, 'history.csv', { format: 'serp', territory: 'US' })).import).toMatchObject({ rowsRead: rows.length, rowsRejected: 0 });
    expect(await keywordNumbers('harrowgate bakehouse')).toEqual({ volume: null, volume_history: null, cpc: null, competition: null, difficulty: null });
    expect(await keywordNumbers('wedding cake tasting')).toMatchObject({ volume: 1300, cpc: 2.74, competition: 0.88, difficulty: null });
    const page = await table(erin, { sort: 'volume', sortDirection: 'asc' });
    expect(page.rows.find((row) => row.keyword === 'harrowgate bakehouse')).toMatchObject({ volume: null, cpc: null, difficulty: null, clicks: 412 });
    expect(await (await erin.get('/rest/imports/history')).text()).toBe(history);
  }, jobWaitMs * 3);
});
