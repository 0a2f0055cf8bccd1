import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DomainOverviewAnswer, ImportStatus } from '@serpwise/contracts';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { exportedCsv } from '../../infra/test/exported-csv.js';
import { deletedImport, importedFile } from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscSixMonths, testData } from '../../infra/test/test-data.js';
import { zipSync } from 'fflate';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Search Console numbers mean what the user sees (issue 19): a six-month export lands spread over its months by its
 * daily table, so each month's clicks match the daily table's; its pages land with their own clicks and impressions;
 * impressions and CTR show in the importer's tables and exports; a second user sees none of it.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let aliceUser: TestUser;
let bob: HttpSession;
let carol: HttpSession;
let aliceImport: ImportStatus;

const site = gscSixMonths.domain;
type Table = { rows: Record<string, unknown>[]; totalRows: number; wasQueryFound: boolean; month: string | null };
const table = async (session: HttpSession, path: string, params: Record<string, string>) =>
  (await session.get(`/rest/research/${path}?${new URLSearchParams({ countryCode: 'US', pageSize: '1000', ...params })}`)).json() as Promise<Table>;
const monthParam = (month: string) => month.slice(0, 7);
const ctrOf = (clicks: number, impressions: number) => Math.round((10000 * clicks) / impressions) / 100;

beforeAll(async () => {
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['full'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
  bob = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  carol = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  aliceImport = await importedFile(testApp.baseUrl, alice, gscSixMonths.zip(), 'crumb-and-kiln-performance.zip', { format: 'gsc', territory: 'US' });
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('a six-month Search Console export', () => {
  it('is spread over its six months by its daily table, and the import says so', () => {
    // The counts are rows of the file: 8 queries and 4 pages (each landed in all six months; the site's months from the
    // daily table are no row of their own: docs/decisions.md, "What an import's counts count").
    const rows = gscSixMonths.queries + gscSixMonths.pages;
    expect(aliceImport).toMatchObject({ state: 'completed', import: { rowsRead: rows, rowsLanded: rows, rowsRejected: 0, spread: 'daily', months: gscSixMonths.months } });
  });

  it('gives each month the clicks of the daily table for that month (within 1 %), in PostgreSQL and in the importer\'s keyword table', async () => {
    const daily = gscSixMonths.dailyByMonth();
    const stored = await testApp.database.query<{ month: string; clicks: number; impressions: number }>(
      `select to_char(r.month, 'YYYY-MM-DD') as month, sum(r.clicks)::int as clicks, sum(r.impressions)::int as impressions
       from organic_rank r join domain d on d.id = r.domain_id where d.name = $1 and r.owner_user_id = $2 group by r.month order by r.month`, [site, aliceUser.id]);
    expect(stored.map((row) => row.month)).toEqual(gscSixMonths.months);
    for (const month of stored) {
      const expected = daily.get(month.month)!;
      expect(Math.abs(month.clicks - expected.clicks)).toBeLessThanOrEqual(0.01 * expected.clicks);
      expect(Math.abs(month.impressions - expected.impressions)).toBeLessThanOrEqual(0.01 * expected.impressions);
    }
    // The site's own months (site_traffic, page null) are the daily table's exactly.
    const siteMonths = await testApp.database.query<{ month: string; clicks: number; impressions: number }>(
      `select to_char(t.month, 'YYYY-MM-DD') as month, t.clicks, t.impressions from site_traffic t join domain d on d.id = t.domain_id
       where d.name = $1 and t.page_id is null order by t.month`, [site]);
    expect(siteMonths).toEqual(gscSixMonths.months.map((month) => ({ month, ...daily.get(month)! })));
    // What the importer reads month by month: July, the peak, is July of the daily table.
    for (const month of gscSixMonths.months) {
      const keywords = await table(alice, 'seo/keywords', { domain: site, month: monthParam(month) });
      expect(keywords).toMatchObject({ wasQueryFound: true, totalRows: gscSixMonths.queries });
      const clicks = keywords.rows.reduce((sum, row) => sum + (row['clicks'] as number), 0);
      expect(Math.abs(clicks - daily.get(month)!.clicks)).toBeLessThanOrEqual(0.01 * daily.get(month)!.clicks);
    }
    // The overview's month is the site's measured month (the daily table), whatever the queries alone add up to.
    const overview = await (await alice.get(`/rest/research/domain-overview?${new URLSearchParams({ domain: site, countryCode: 'US' })}`)).json() as DomainOverviewAnswer;
    expect(overview.history.map((point) => [point.month.slice(0, 10), point.clicks])).toEqual(gscSixMonths.months.map((month) => [month, daily.get(month)!.clicks]));
    const july = await table(alice, 'seo/keywords', { domain: site, month: '2026-07' });
    // 3,262 clicks and 14,877 impressions shared out by the daily table: July gets 883 and 3,961; no page is known.
    expect(july.rows.find((row) => row['keyword'] === 'crumb and kiln')).toMatchObject({ position: 1, clicks: 883, impressions: 3961, ctr: ctrOf(883, 3961), url: null });
  });

  it('lands its pages as the site\'s top pages with their own clicks, impressions and CTR per month', async () => {
    const pages = await table(alice, 'seo/top-pages', { domain: site, month: '2026-07', type: 'mosttraffic' });
    expect(pages).toMatchObject({ wasQueryFound: true, totalRows: gscSixMonths.pages });
    expect(pages.rows[0]).toEqual({
      url: `https://${site}/`, title: null, keywords: null, bestPosition: null, clicks: 1152, impressions: 9902, ctr: ctrOf(1152, 9902), value: null,
      // July's share of the site's own July clicks (the daily table): 1,152 of 1,921.
      clicksShare: Math.round((1000 * 1152) / 1921) / 10,
    });
    expect(pages.rows.map((row) => row['url'])).toEqual([`https://${site}/`, `https://${site}/bread/`, `https://${site}/journal/wood-oven/`, `https://${site}/visit/`]);
    // Every page's months add up to its Pages.csv totals.
    const [home] = await testApp.database.query<{ clicks: number; impressions: number }>(
      `select sum(t.clicks)::int as clicks, sum(t.impressions)::int as impressions from site_traffic t join page p on p.id = t.page_id where p.url = $1`, [`https://${site}/`]);
    expect(home).toEqual({ clicks: 4255, impressions: 37194 });
  });

  it('exports the importer\'s clicks, impressions and CTR', async () => {
    const keywords = (await exportedCsv(alice, 'seo/keywords', { domain: site, countryCode: 'US', month: '2026-07' })).trimEnd().split('\r\n');
    const header = keywords[0]!.split(',');
    const row = keywords.find((line) => line.startsWith('crumb and kiln,'))!.split(',');
    expect([row[header.indexOf('Clicks')], row[header.indexOf('Impressions')], row[header.indexOf('CTR')]]).toEqual(['883', '3961', String(ctrOf(883, 3961))]);
    const pages = (await exportedCsv(alice, 'seo/top-pages', { domain: site, countryCode: 'US', month: '2026-07', type: 'mosttraffic' })).trimEnd().split('\r\n');
    const pageHeader = pages[0]!.split(',');
    const home = pages[1]!.split(',');
    expect([home[pageHeader.indexOf('URL')], home[pageHeader.indexOf('Impressions')], home[pageHeader.indexOf('Keywords')]]).toEqual([`https://${site}/`, '9902', '']);
  });

  it('is spread evenly by days without a daily table, and is seen by its importer only', async () => {
    const even = await importedFile(testApp.baseUrl, carol, gscSixMonths.zipWithoutDaily(), 'no-daily.zip', { format: 'gsc', territory: 'US' });
    expect(even).toMatchObject({ state: 'completed', import: { spread: 'even', months: gscSixMonths.months, rowsRejected: 0 } });
    const april = await table(carol, 'seo/keywords', { domain: site, month: '2026-04' });
    expect(april.rows.find((row) => row['keyword'] === 'crumb and kiln')).toMatchObject({ clicks: 535, impressions: 2439 });
    // Alice still reads her own spread (each import is its owner's).
    const alicesApril = await table(alice, 'seo/keywords', { domain: site, month: '2026-04' });
    expect(alicesApril.rows.find((row) => row['keyword'] === 'crumb and kiln')).toMatchObject({ clicks: 304, impressions: 1432 });

    // Bob imported nothing: he learns nothing of the site, its keywords or its pages.
    expect(await table(bob, 'seo/keywords', { domain: site, month: '2026-07' })).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    expect(await table(bob, 'seo/top-pages', { domain: site, month: '2026-07', type: 'mosttraffic' })).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    expect((await bob.get(`/rest/research/url-overview?${new URLSearchParams({ url: `https://${site}/bread/`, countryCode: 'US' })}`)).status).toBe(404);
  });

  it('shows the site\'s measured months on the overview when the queries add up to less (anonymised queries left out)', async () => {
    // A real export leaves out anonymised queries: here its biggest query is missing, so the queries add up to less
    // than the daily table, and the overview's months must still be the daily table's.
    const folder = 'gsc-six-months';
    const files = Object.fromEntries(['Dates.csv', 'Filters.csv', 'Pages.csv', 'Queries.csv'].map((name) => [name, new Uint8Array(testData(`${folder}/${name}`))]));
    const queries = Buffer.from(files['Queries.csv']!).toString('utf8').split('\n');
    files['Queries.csv'] = new Uint8Array(Buffer.from([queries[0], ...queries.slice(1).filter((line) => !line.startsWith('crumb and kiln,'))].join('\n')));
    const dave = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect(await importedFile(testApp.baseUrl, dave, Buffer.from(zipSync(files)), 'anonymised.zip', { format: 'gsc', territory: 'US' }))
      .toMatchObject({ state: 'completed', import: { spread: 'daily' } });
    const daily = gscSixMonths.dailyByMonth();
    const july = await table(dave, 'seo/keywords', { domain: site, month: '2026-07' });
    expect(july.rows.reduce((sum, row) => sum + (row['clicks'] as number), 0)).toBeLessThan(daily.get('2026-07-01')!.clicks);
    const overview = await (await dave.get(`/rest/research/domain-overview?${new URLSearchParams({ domain: site, countryCode: 'US' })}`)).json() as DomainOverviewAnswer;
    expect(overview.history.map((point) => [point.month.slice(0, 10), point.clicks])).toEqual(gscSixMonths.months.map((month) => [month, daily.get(month)!.clicks]));
  });

  it('takes its pages\' and site\'s months with it when deleted, and leaves another user\'s import of the same site', async () => {
    const deletion = await deletedImport(alice, aliceImport.id);
    expect(deletion.deletion.removed).toMatchObject({ observations: gscSixMonths.queries * 6, ranks: gscSixMonths.queries * 6 });
    expect(await testApp.database.query('select 1 from site_traffic where owner_user_id = $1', [aliceUser.id])).toEqual([]);
    expect(await table(alice, 'seo/top-pages', { domain: site, month: '2026-07', type: 'mosttraffic' })).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    // Carol's import (without a daily table: her pages' months, no site months) is untouched.
    expect(await table(carol, 'seo/top-pages', { domain: site, month: '2026-07', type: 'mosttraffic' })).toMatchObject({ totalRows: gscSixMonths.pages });
  });
});
