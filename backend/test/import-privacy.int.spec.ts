import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type ExportStatus, type ImportStatus, type SearchResult, type Suggestion } from '@serpwise/contracts';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { deletedImport } from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip } from '../../infra/test/test-data.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Imported rows are private (docs/decisions.md, "Imported rows are private"): Alice imports her site's Search
 * Console export; she finds its queries on her research screens, Bob finds them nowhere, and both still see the
 * installation's demo market.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let bob: HttpSession;
let importId: string;
/** A demo-market domain with rows in the newest month: installation data everyone sees. */
let demoDomain: string;

const json = async <T>(response: Response) => (await response.json()) as T;
type Table = { rows: Record<string, unknown>[]; totalRows: number; wasQueryFound: boolean };
const table = async (session: HttpSession, path: string, params: Record<string, string>) =>
  json<Table>(await session.get(`/rest/research/${path}?${new URLSearchParams({ countryCode: 'US', pageSize: '1000', ...params })}`));
/** The import's site and month (the export's range ends on 30 September 2026: infra/test/data/gsc-export). */
const site = { domain: gscExport.domain, month: gscExport.month };
const query = 'harrowgate bakehouse';
const queries = gscExport.queries;

const waitFor = <T extends { state: string }>(read: () => Promise<T>, states: string[]): Promise<T> =>
  untilJobStatus('the job', read, (status) => states.includes(status.state));

async function exportedCsv(session: HttpSession, table: string, params: Record<string, string>): Promise<string> {
  const started = await json<ExportStatus>(await session.post('/rest/exports', { table, params: { countryCode: 'US', ...params }, format: 'csv' }));
  const done = await waitFor(() => session.get(`/rest/exports/${started.id}`).then((response) => json<ExportStatus>(response)), ['completed', 'failed']);
  expect(done.state).toBe('completed');
  return (await session.get(done.export.downloadUrl!)).text();
}

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  alice = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  bob = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  const [busy] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.month desc, m.organic_keywords desc limit 1`);
  demoDomain = busy!.name;

  const form = new FormData();
  form.append('format', 'gsc');
  form.append('territory', 'US');
  form.append('file', new Blob([new Uint8Array(gscExportZip())]), 'harrowgate-performance.zip');
  const response = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: alice.cookie, [csrfHeaderName]: alice.csrfToken, accept: 'application/json' }, body: form });
  importId = (await json<ImportStatus>(response)).id;
  const status = await waitFor(() => alice.get(`/rest/imports/${importId}`).then((answer) => json<ImportStatus>(answer)), ['completed', 'failed']);
  expect(status.error ?? null).toBeNull();
  expect(status.import).toMatchObject({ rowsLanded: queries + gscExport.pages });
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('imported rows are seen by their importer only', () => {
  it('shows the site\'s queries in the importer\'s keywords, ranking history and top pages, and in no one else\'s', async () => {
    const mine = await table(alice, 'seo/keywords', site);
    expect(mine).toMatchObject({ wasQueryFound: true, totalRows: queries });
    expect(mine.rows.map((row) => row['keyword'])).toContain(query);
    // Bob does not even learn that the site is in the warehouse.
    expect(await table(bob, 'seo/keywords', site)).toMatchObject({ wasQueryFound: false, totalRows: 0, rows: [] });

    const history = await table(alice, 'seo/ranking-history', { ...site, type: 'MostValuable' });
    expect(history.totalRows).toBe(queries);
    expect(await table(bob, 'seo/ranking-history', { ...site, type: 'MostValuable' })).toMatchObject({ totalRows: 0 });

    // The pages of its Pages.csv with their own clicks, impressions and CTR; the export does not say their keywords.
    const pages = await table(alice, 'seo/top-pages', { ...site, type: 'mosttraffic' });
    expect(pages).toMatchObject({ totalRows: gscExport.pages, rows: expect.arrayContaining([{ url: gscExport.home, title: null, keywords: null, bestPosition: null,
      clicks: 498, impressions: 1590, ctr: 31.32, value: null, clicksShare: expect.any(Number) }]) });
    expect(await table(bob, 'seo/top-pages', { ...site, type: 'mosttraffic' })).toMatchObject({ totalRows: 0 });
  });

  it('keeps the queries out of another user\'s search, suggestions and keyword screens', async () => {
    const search = async (session: HttpSession, text: string) => json<SearchResult>(await session.get(`/Endpoints/Search/JsonSearch?query=${encodeURIComponent(text)}&countryCode=US`));
    expect(await search(alice, query)).toMatchObject({ resultType: 'Term', wasQueryFound: true });
    expect(await search(bob, query)).toMatchObject({ resultType: 'Term', wasQueryFound: false, queryId: null });
    expect(await search(bob, site.domain)).toMatchObject({ resultType: 'Domain', wasQueryFound: false });

    const suggestions = async (session: HttpSession, kind: string, text: string) =>
      (await json<Suggestion[]>(await session.get(`/NsaApi/suggest/${kind}?query=${encodeURIComponent(text)}&countryCode=US&limit=10`))).map((entry) => entry.value);
    expect(await suggestions(alice, 'getkeywordsuggestions', 'harrowgate')).toContain(query);
    expect(await suggestions(alice, 'getdomainsuggestions', 'harrowgate')).toEqual([site.domain]);
    expect(await suggestions(bob, 'getkeywordsuggestions', 'harrowgate')).toEqual([]);
    expect(await suggestions(bob, 'getsuggestions', 'harrowgate')).toEqual([]);

    const rankingHistory = async (session: HttpSession) => json<{ rows?: unknown[]; wasQueryFound?: boolean }>(
      await session.get(`/rest/research/keyword/ranking-history?${new URLSearchParams({ query, countryCode: 'US', months: '12' })}`));
    expect(await rankingHistory(bob)).toMatchObject({ wasQueryFound: false });
    expect(await rankingHistory(alice)).toMatchObject({ wasQueryFound: true });
    const serp = async (session: HttpSession) => json<{ totalRows: number; wasQueryFound: boolean }>(
      await session.get(`/rest/research/keyword/serp-analysis?${new URLSearchParams({ query, countryCode: 'US', month: site.month })}`));
    expect(await serp(bob)).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    expect(await serp(alice)).toMatchObject({ wasQueryFound: true, totalRows: 1 });
    // A visitor sees installation data only.
    const visitor = await fetch(`${testApp.baseUrl}/NsaApi/suggest/getsuggestions?query=harrowgate&countryCode=US`, { headers: { accept: 'application/json' } });
    expect(await visitor.json()).toEqual([]);
    const overview = async (session: HttpSession) => json<{ wasQueryFound: boolean }>(await session.get(`/rest/research/keyword/overview?${new URLSearchParams({ query, countryCode: 'US' })}`));
    expect(await overview(bob)).toMatchObject({ wasQueryFound: false });
    expect(await overview(alice)).toMatchObject({ wasQueryFound: true });
  });

  it('exports the queries for the importer only', async () => {
    const mine = await exportedCsv(alice, 'seo/keywords', site);
    expect(mine).toContain(`${query},`);
    expect(mine.trimEnd().split('\r\n')).toHaveLength(queries + 1);
    const theirs = await exportedCsv(bob, 'seo/keywords', site);
    expect(theirs).not.toContain('harrowgate');
  });

  it('still shows the installation\'s data to everyone, and keeps the roll-ups installation-only', async () => {
    const forAlice = await table(alice, 'seo/keywords', { domain: demoDomain });
    const forBob = await table(bob, 'seo/keywords', { domain: demoDomain });
    expect(forBob.totalRows).toBeGreaterThan(0);
    expect(forBob).toEqual(forAlice);
    expect(await testApp.database.query(`select 1 from domain_month where domain_id = (select id from domain where name = $1)`, [site.domain])).toEqual([]);
  });

  it('removes everything the import brought when Alice deletes it', async () => {
    const deletion = await deletedImport(alice, importId);
    expect(deletion.deletion.removed).toMatchObject({ observations: queries, ranks: queries, keywords: queries, pages: gscExport.pages, domains: 1 });
    expect(await table(alice, 'seo/keywords', site)).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    const left = await testApp.database.query<{ n: number }>(
      `select (select count(*) from keyword where owner_user_ids is not null)::int + (select count(*) from page where owner_user_ids is not null)::int
         + (select count(*) from domain where owner_user_ids is not null)::int
         + (select count(*) from organic_rank where owner_user_id <> '00000000-0000-0000-0000-000000000000')::int
         + (select count(*) from site_traffic)::int as n`);
    expect(left[0]!.n).toBe(0);
  });
});
