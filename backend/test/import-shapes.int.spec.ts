import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { zipSync } from 'fflate';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { inspectImport } from '../../infra/test/import-inspection.js';
import { importedFile } from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Shapes of real downloads through the real path (the form's inspection, the upload, the worker's job, the
 * warehouse): an Ahrefs-style export in UTF-16 with dollar-signed CPCs and pages without their scheme, a Keyword
 * Planner CSV with CR line ends and the bids' currency in their column names, and a Search Console export that
 * compares two ranges, refused in words with nothing landed (docs/decisions.md, "Import shapes, 2026-11-28").
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let aliceUser: TestUser;

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}


const keywordsOf = (territory: string, terms: string[]) =>
  testApp.database.query<{ term: string; volume: number | null; cpc: number | null; difficulty: number | null }>(
    'select term, volume, cpc::float8 as cpc, difficulty from keyword where territory = $1 and term = any($2::text[]) order by term', [territory, terms]);

beforeAll(async () => {
  testApp = await startTestApp();
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['full'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('shapes of real downloads through the real import path', () => {
  it('lands an Ahrefs-style organic keywords export: UTF-16, tabs, "$0.75", a page without its scheme', async () => {
    const file = utf16le('Keyword\tCountry code\tSERP features\tVolume\tKD\tCPC\tOrganic traffic\tCurrent position\tCurrent URL\r\n'
      + 'shape sourdough starter\tus\t\t74000\t41\t$0.75\t1200\t2\twww.shapes-bakery.example/starter\r\n'
      + 'shape levain\tus\t\t1900\t\t\t15\t7\thttps://www.shapes-bakery.example/levain\r\n');
    expect(await inspectImport(alice, 'organic-positions', file, 'shapes-bakery.example-organic-keywords.csv'))
      .toEqual({ format: 'organic-positions', needs: ['date', 'territory'], found: {}, problem: null });
    const status = await importedFile(testApp.baseUrl, alice, file, 'shapes-bakery.example-organic-keywords.csv', { format: 'organic-positions', territory: 'US', date: '2026-09-15' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 2, rowsLanded: 2, rowsRejected: 0 } });
    expect(await keywordsOf('US', ['shape sourdough starter', 'shape levain'])).toEqual([
      { term: 'shape levain', volume: 1900, cpc: null, difficulty: null },
      { term: 'shape sourdough starter', volume: 74000, cpc: 0.75, difficulty: 41 },
    ]);
    const pages = await testApp.database.query<{ url: string }>(`select url from page where url like 'https://www.shapes-bakery.example/%' order by url`);
    expect(pages.map((page) => page.url)).toEqual(['https://www.shapes-bakery.example/levain', 'https://www.shapes-bakery.example/starter']);
  });

  it('lands a Keyword Planner CSV with CR line ends, title lines and the bids\' currency in their names; "< 10" stays unknown', async () => {
    const file = Buffer.from('Keyword Stats 2026-11-28 at 10_00_00\rDecember 1, 2025 - November 30, 2026\r'
      + 'Keyword,Avg. monthly searches,Competition (indexed value),Top of page bid (low range) (USD),Top of page bid (high range) (USD)\r'
      + 'shape rye bread,1000,12,0.20,0.60\rshape spelt crumb,< 10,,,\r', 'utf8');
    expect(await inspectImport(alice, 'keyword-planner', file, 'Keyword Stats.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-11-01' }, problem: null });
    const status = await importedFile(testApp.baseUrl, alice, file, 'Keyword Stats.csv', { format: 'keyword-planner', territory: 'US' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 2, rowsLanded: 2, rowsRejected: 0 } });
    expect(await keywordsOf('US', ['shape rye bread', 'shape spelt crumb'])).toEqual([
      { term: 'shape rye bread', volume: 1000, cpc: 0.4, difficulty: null },
      { term: 'shape spelt crumb', volume: null, cpc: null, difficulty: null },
    ]);
  });

  it('refuses a Search Console export that compares two ranges, in the words the form showed, and lands nothing', async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const file = Buffer.from(zipSync({
      'Queries.csv': text('Top queries,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,'
        + 'Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position\nshape compared query,10,8,100,90,10%,8.9%,2.5,3.1\n'),
      'Pages.csv': text('Top pages,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,'
        + 'Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position\nhttps://compared.example/,10,8,100,90,10%,8.9%,2.5,3.1\n'),
      'Filters.csv': text('Filter,Value\nDate,Compare last 28 days to previous period\n'),
    }));
    const words = 'This Search Console export compares two date ranges (its queries table has 9 columns, each number twice): '
      + 'export one date range without "Compare" (a queries table of 5 columns: query, clicks, impressions, CTR, position) and upload that.';
    expect(await inspectImport(alice, 'gsc', file, 'compared.example-Performance-on-Search.zip')).toEqual({ format: 'gsc', needs: [], found: {}, problem: words });
    const status = await importedFile(testApp.baseUrl, alice, file, 'compared.example-Performance-on-Search.zip', { format: 'gsc', territory: 'US', domain: 'compared.example', dateFrom: '2026-10-01', dateTo: '2026-10-28' });
    expect(status).toMatchObject({ state: 'failed', error: words });
    expect(await testApp.database.query(`select 1 from keyword where term = 'shape compared query'`)).toEqual([]);
  });
});
