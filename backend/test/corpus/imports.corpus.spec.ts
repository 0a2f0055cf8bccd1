import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type ImportStatus } from '@serpwise/contracts';
import { zipSync } from 'fflate';
import { readdirSync, readFileSync } from 'node:fs';
import { corpusPath, describeCorpus, hasCorpus } from '../../../infra/test/corpus.js';
import type { HttpSession } from '../../../infra/test/http-session.js';
import type { TestApp } from '../../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../../infra/test/test-services.js';
import type { TestUser } from '../../../infra/test/test-users.js';
import type { RunningWorker } from '../../../worker/src/worker.js';

/**
 * The real files of ../shared/fixtures imported end to end (upload → worker → warehouse), with their exact counts.
 * Skipped when the folder is not next to the repository (infra/test/corpus.ts).
 */
jest.setTimeout(180_000);

const fixture = (path: string) => readFileSync(corpusPath(path));
const gscZip = () => Buffer.from(zipSync(Object.fromEntries(readdirSync(corpusPath('gsc-export')).map((name) => [name, new Uint8Array(fixture(`gsc-export/${name}`))]))));

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let aliceUser: TestUser;

const json = async <T>(response: Response) => (await response.json()) as T;
const count = async (sql: string, params: unknown[] = []) => (await testApp.database.query<{ n: number }>(`select count(*)::int as n from (${sql}) counted`, params))[0]!.n;

async function imported(file: Buffer, fileName: string, fields: Record<string, string>): Promise<ImportStatus> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const response = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: alice.cookie, [csrfHeaderName]: alice.csrfToken, accept: 'application/json' }, body: form });
  expect(response.status).toBe(202);
  const { id } = await json<ImportStatus>(response);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await json<ImportStatus>(await alice.get(`/rest/imports/${id}`));
    if (['completed', 'failed', 'cancelled'].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`import ${id} is still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // Without the corpus nothing loads: the app and the worker are imported only to run.
  if (!hasCorpus) return;
  // One at a time: Jest's ESM loader fails ("request for … is not in cache") when two dynamic imports link the same
  // modules at once.
  const { startTestApp } = await import('../../../infra/test/test-app.js');
  const { startWorker } = await import('../../../worker/src/worker.js');
  const { createTestUser, loggedInSession } = await import('../../../infra/test/test-users.js');
  const { pino } = await import('pino');
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['free'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describeCorpus('real files imported', () => {
  it('imports the real Search Console ZIP: all 1,000 queries land for the site, with their clicks', async () => {
    const status = await imported(gscZip(), 'stupski-performance.zip', { format: 'gsc', territory: 'US' });
    // The rows of the file: the 1,000 queries and the 196 pages of Pages.csv, all of March 2026 (the site's month from
    // Chart.csv lands with them, no row of the file's own).
    expect(status.import).toMatchObject({ rowsRead: 1196, rowsLanded: 1196, rowsDuplicate: 0, rowsRejected: 0, spread: 'single-month' });
    const [rank] = await testApp.database.query(
      `select to_char(r.month, 'YYYY-MM') as month, r.position, r.clicks, r.page_id, d.name from organic_rank r join keyword k on k.id = r.keyword_id
       join domain d on d.id = r.domain_id where k.term = 'stupski foundation' and k.territory = 'US'`);
    expect(rank).toEqual({ month: '2026-03', position: 1, clicks: 627, page_id: null, name: 'stupski.org' });
    expect(await count(`select 1 from organic_rank where owner_user_id = $1`, [aliceUser.id])).toBe(1000);
  });

  it('imports the real Keyword Planner, Organic Positions and SERP files with their exact counts', async () => {
    const planner = await imported(fixture('keyword-planner/Keyword Stats.csv'), 'Keyword Stats.csv', { format: 'keyword-planner', territory: 'ES' });
    expect(planner.import).toMatchObject({ rowsRead: 2214, rowsRejected: 0 });
    expect(await count(`select 1 from keyword where territory = 'ES'`)).toBe(planner.import.rowsLanded);
    const [taller] = await testApp.database.query(`select volume, competition::float as competition, volume_history from keyword where territory = 'ES' and term = 'taller mecanico'`);
    expect(taller).toEqual({ volume: 50, competition: 0.04, volume_history: [30, 40, 30, 40, 20, 30, 30, 140, 50, 40, 50, 90] });

    const positions = await imported(fixture('semrush/organic-positions.csv'), 'organic-positions.csv', { format: 'organic-positions', territory: 'US' });
    // 'fairlife protein shake caramel' ranks twice at position 1 on 2023-09-04 (two URLs): the second is the same result.
    expect(positions.import).toMatchObject({ rowsRead: 701, rowsLanded: 700, rowsDuplicate: 1, rowsRejected: 0 });
    const [power] = await testApp.database.query(`select result_count::text as results, difficulty from keyword where territory = 'US' and term = 'power red'`);
    expect(power).toEqual({ results: '10720000000', difficulty: 27 });

    const serp = await imported(fixture('serp/search_results.csv'), 'search_results.csv', { format: 'serp', territory: 'UK', date: '2026-11-01' });
    expect(serp.import).toMatchObject({ rowsRead: 200, rowsLanded: 200, rowsRejected: 0 });
    expect(await count(`select 1 from organic_rank where territory = 'UK' and month = '2026-11-01'`)).toBe(200);
  });
});
