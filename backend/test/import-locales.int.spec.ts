import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { KeywordOverviewAnswer } from '@serpwise/contracts';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { inspectImport } from '../../infra/test/import-inspection.js';
import { importedFile } from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { testData } from '../../infra/test/test-data.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Every real download lands and means what it says (issue 19): a German Keyword Planner download and a German Search
 * Console queries CSV go through the real path (the form's inspection, the upload, the worker's job, the warehouse)
 * and land the numbers they state — 12.100 searches are twelve thousand, a CTR of "4,2 %" and a position of "3,7"
 * are decimals, a blank month stays unknown — and the import's counts are rows of the file.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let aliceUser: TestUser;

const site = 'brotzeit-pankow.example.de';


const keywordsOf = (territory: string, terms: string[]) =>
  testApp.database.query<{ term: string; volume: number | null; history: string | null; start: string | null; competition: number | null; cpc: number | null }>(
    `select term, volume, volume_history::text as history, to_char(history_start, 'YYYY-MM-DD') as start, competition::float8 as competition, cpc::float8 as cpc
     from keyword where territory = $1 and term = any($2::text[]) order by term`, [territory, terms]);

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

describe('files from other locales through the real import path', () => {
  it('lands a German Keyword Planner download: its German title dates it, "12.100" is 12,100 searches, "-" is unknown', async () => {
    const file = testData('keyword-planner/keyword-stats-de.csv');
    expect(await inspectImport(alice, 'keyword-planner', file, 'Keyword Stats 2026-10-04.csv'))
      .toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-09-01' }, problem: null });
    // Only what the form asked for: the month comes from the file.
    const status = await importedFile(testApp.baseUrl, alice, file, 'Keyword Stats 2026-10-04.csv', { format: 'keyword-planner', territory: 'DE' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 4, rowsLanded: 4, rowsDuplicate: 0, rowsRejected: 0 } });
    expect(await keywordsOf('DE', ['sauerteigbrot backen', 'dinkelbrot rezept', 'roggenmischbrot', 'brotbackkurs pankow'])).toEqual([
      { term: 'brotbackkurs pankow', volume: null, history: null, start: '2026-09-01', competition: null, cpc: null },
      { term: 'dinkelbrot rezept', volume: 1900, history: '{1900}', start: '2026-09-01', competition: 0.45, cpc: null },
      { term: 'roggenmischbrot', volume: 880, history: '{880}', start: '2026-09-01', competition: 0.12, cpc: null },
      { term: 'sauerteigbrot backen', volume: 12100, history: '{12100}', start: '2026-09-01', competition: 0.78, cpc: null },
    ]);
  });

  it('lands a semicolon CSV in the German number style with its bids, and a blank month as unknown in the history, not 0', async () => {
    const status = await importedFile(testApp.baseUrl, alice, testData('keyword-planner/keyword-stats-semicolon-decimal-comma.csv'), 'keyword-stats.csv',
      { format: 'keyword-planner', territory: 'DE' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 3, rowsLanded: 3, rowsRejected: 0 } });
    expect(await keywordsOf('DE', ['oven thermometer', 'proofing basket'])).toEqual([
      { term: 'oven thermometer', volume: 1900, history: '{1600,1600,2400,1900,1600,1600,1900,1900,1900,1900,2400,1900}', start: '2025-10-01', competition: 0.33, cpc: 0.83 },
      { term: 'proofing basket', volume: 12100, history: '{9900,12100,14800,NULL,12100,12100,9900,12100,12100,12100,14800,12100}', start: '2025-10-01', competition: 0.18, cpc: 0.67 },
    ]);
    // The keyword overview shows the month as unknown, the others as the file says.
    const overview = (await (await alice.get(`/rest/research/keyword/overview?${new URLSearchParams({ query: 'proofing basket', countryCode: 'DE' })}`)).json()) as KeywordOverviewAnswer;
    expect(overview.volumeHistory.slice(2, 5)).toEqual([{ month: '2025-12-01', volume: 14800 }, { month: '2026-01-01', volume: null }, { month: '2026-02-01', volume: 12100 }]);
  });

  it('lands a German Search Console queries CSV spread over three months, and counts the rows of the file', async () => {
    const file = testData('gsc-de/Queries.csv');
    expect(await inspectImport(alice, 'gsc', file, 'Queries.csv')).toEqual({ format: 'gsc', needs: ['site', 'dateRange', 'territory'], found: {}, problem: null });
    const fields = { format: 'gsc', territory: 'DE', domain: site, dateFrom: '2026-07-01', dateTo: '2026-09-30' };
    const status = await importedFile(testApp.baseUrl, alice, file, 'Queries.csv', fields);
    // Five rows of the file (each landed in three months): the counts say five, not fifteen.
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 5, rowsLanded: 5, rowsDuplicate: 0, rowsRejected: 0, spread: 'even',
      months: ['2026-07-01', '2026-08-01', '2026-09-01'] } });
    const ranks = await testApp.database.query<{ term: string; months: number; clicks: number; impressions: number; position: number }>(
      `select k.term, count(*)::int as months, sum(r.clicks)::int as clicks, sum(r.impressions)::int as impressions, max(r.position)::int as position
       from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
       where d.name = $1 and r.owner_user_id = $2 group by k.term order by k.term`, [site, aliceUser.id]);
    expect(ranks).toEqual([
      { term: 'brot backen kurs', months: 3, clicks: 0, impressions: 455, position: 28 },
      { term: 'bäckerei pankow', months: 3, clicks: 318, impressions: 2120, position: 1 },
      { term: 'dinkel, roggen oder weizen', months: 3, clicks: 12, impressions: 1008, position: 13 },
      { term: 'roggenbrot', months: 3, clicks: 2030, impressions: 41300, position: 5 },
      { term: 'sauerteig anleitung', months: 3, clicks: 1204, impressions: 28650, position: 4 },
    ]);
    // The same file again: its five rows were all already there.
    const again = await importedFile(testApp.baseUrl, alice, file, 'Queries.csv', fields);
    expect(again).toMatchObject({ state: 'completed', import: { rowsRead: 5, rowsLanded: 0, rowsDuplicate: 5, rowsRejected: 0 } });
  });

  it('reads a file Excel saved in Windows-1252 (its "ä" one byte, not UTF-8) with its letters, not as \uFFFD', async () => {
    // The German queries opened in Excel on Windows and saved as "CSV (Comma delimited)": the ANSI code page, and the
    // semicolons of a German Windows. "ä" and "ß" are the single bytes 0xE4 and 0xDF.
    const text = testData('gsc-de/Queries.csv').toString('utf8').replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/gm, ';').replace('brot backen kurs', 'großes brot backen');
    const file = Buffer.from(text, 'latin1');
    expect(file.includes(Buffer.from('bäckerei', 'utf8'))).toBe(false);
    expect(file.includes(Buffer.from([0x62, 0xe4, 0x63]))).toBe(true);
    expect(await inspectImport(alice, 'gsc', file, 'Queries.csv')).toEqual({ format: 'gsc', needs: ['site', 'dateRange', 'territory'], found: {}, problem: null });
    const other = 'brotzeit-wien.example.at';
    const status = await importedFile(testApp.baseUrl, alice, file, 'Queries.csv', { format: 'gsc', territory: 'AT', domain: other, dateFrom: '2026-09-01', dateTo: '2026-09-30' });
    expect(status).toMatchObject({ state: 'completed', import: { rowsRead: 5, rowsLanded: 5, rowsRejected: 0 } });
    const terms = await testApp.database.query<{ term: string; clicks: number }>(
      `select k.term, r.clicks from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
       where d.name = $1 and r.owner_user_id = $2 order by k.term`, [other, aliceUser.id]);
    expect(terms).toEqual([
      { term: 'bäckerei pankow', clicks: 318 },
      { term: 'dinkel, roggen oder weizen', clicks: 12 },
      { term: 'großes brot backen', clicks: 0 },
      { term: 'roggenbrot', clicks: 2030 },
      { term: 'sauerteig anleitung', clicks: 1204 },
    ]);
  });
});
