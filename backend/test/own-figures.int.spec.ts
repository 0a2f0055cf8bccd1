import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type DomainOverviewAnswer, type ImportStatus, type SearchResult, type SubjectMonthsAnswer } from '@serpwise/contracts';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { deletedImport } from '../../infra/test/import-deletion.js';
import { exportedCsv } from '../../infra/test/exported-csv.js';
import { parseCsv } from '../../infra/test/spreadsheet-readers.js';
import { keywordPlannerFile } from '../../infra/test/keyword-planner-file.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip, testData } from '../../infra/test/test-data.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * The user's data wins for that user, and shows where they look (docs/decisions.md, "Issue 19: the user's data wins
 * for that user"): Alice imports a Keyword Planner file giving a demo-market keyword other numbers than the demo's,
 * and her site's Search Console export. She sees her numbers and her site's overview; Bob sees the demo's and nothing
 * of her site.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let bob: HttpSession;
/** Alice's team member (a child account), and another she shut out of her projects. */
let carol: HttpSession;
let dave: HttpSession;
/** The site of Alice's other import (an Organic Positions export), of none of her projects. */
const otherSite = 'crumbandcrust.example.net';
/** A demo-market keyword of the newest month, and a domain ranking for it. */
let plannerImportId: string;
let demo: { term: string; volume: number; cpc: number; competition: number; domain: string; month: string };
/** The month Alice's Keyword Planner file is for (before the demo's newest). */
const plannerMonth = '2026-03';
const aliceVolume = 5000;

const json = async <T>(response: Response) => (await response.json()) as T;
const get = async <T>(session: HttpSession, path: string, params: Record<string, string>) =>
  json<T>(await session.get(`/rest/research/${path}?${new URLSearchParams({ countryCode: 'US', ...params })}`));

async function importFile(session: HttpSession, fields: Record<string, string>, file: Buffer, name: string): Promise<ImportStatus> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: session.cookie, [csrfHeaderName]: session.csrfToken, accept: 'application/json' }, body: form });
  const { id } = await json<ImportStatus>(response);
  return untilJobStatus('the import', () => session.get(`/rest/imports/${id}`).then((answer) => json<ImportStatus>(answer)), (status) => ['completed', 'failed'].includes(status.state));
}

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  const aliceUser = await createTestUser(testApp.database, { roles: ['full'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
  bob = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  const carolUser = await createTestUser(testApp.database, { roles: [], parentUserId: aliceUser.id });
  carol = await loggedInSession(testApp.baseUrl, carolUser);
  const daveUser = await createTestUser(testApp.database, { roles: [], parentUserId: aliceUser.id });
  dave = await loggedInSession(testApp.baseUrl, daveUser);
  // Alice's project of her Search Console site; Dave may not use her projects.
  await testApp.database.query(
    `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values (gen_random_uuid(), $1, 'Bakehouse', $2, 'US', now(), now())`,
    [aliceUser.id, gscExport.domain]);
  await testApp.database.query(`insert into project_team_access (child_user_id, owner_user_id, access, updated_at) values ($1, $2, 'none', now())`, [daveUser.id, aliceUser.id]);
  const [row] = await testApp.database.query<{ term: string; volume: number; cpc: string; competition: string; domain: string; month: string }>(
    `select k.term, k.volume, k.cpc, k.competition, d.name as domain, to_char(r.month, 'YYYY-MM') as month
     from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
     where r.territory = 'US' and r.month = (select max(month) from domain_month where territory = 'US') and r.position = 1 and k.volume between 100 and 4000
     order by k.volume desc, k.id limit 1`);
  demo = { ...row!, cpc: Number(row!.cpc), competition: Number(row!.competition) };
  expect(demo.volume).not.toBe(aliceVolume);

  const planner = await importFile(alice, { format: 'keyword-planner', territory: 'US', date: `${plannerMonth}-15` },
    keywordPlannerFile([{ keyword: demo.term, volume: aliceVolume, competitionIndex: 90, bidLow: 2, bidHigh: 4 }]), 'planner.csv');
  plannerImportId = planner.id;
  // A finished import says what it brought, for its links to the research pages (the keyword, the month it is for).
  expect(planner).toMatchObject({ state: 'completed', import: { rowsRead: 1, rowsLanded: 1, rowsDuplicate: 0, brought: { site: null, keyword: demo.term, month: `${plannerMonth}-01` } } });
  const gsc = await importFile(alice, { format: 'gsc', territory: 'US' }, gscExportZip(), 'harrowgate-performance.zip');
  // Its queries and its pages are the file's rows (the site's own month, from the daily table, lands with them).
  expect(gsc).toMatchObject({ state: 'completed', import: { rowsLanded: gscExport.queries + gscExport.pages, brought: { site: gscExport.domain, keyword: null, month: `${gscExport.month}-01` } } });
  const positions = await importFile(alice, { format: 'organic-positions', territory: 'US' }, testData('organic-positions/organic-positions.csv'), 'organic-positions.csv');
  expect(positions).toMatchObject({ state: 'completed', import: { brought: { site: otherSite } } });
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

type KeywordRow = { keyword: string; volume: number | null; cpc: number | null };

describe('the importer\'s keyword numbers win for the importer', () => {
  it('shows Alice the file\'s 5,000 searches and its CPC on the keyword overview, and Bob the demo\'s', async () => {
    const overview = (session: HttpSession) => get<{ wasQueryFound: boolean; volume?: number; cpc?: number }>(session, 'keyword/overview', { query: demo.term });
    expect(await overview(alice)).toMatchObject({ wasQueryFound: true, volume: aliceVolume, cpc: 3 });
    expect(await overview(bob)).toMatchObject({ wasQueryFound: true, volume: demo.volume, cpc: demo.cpc });
  });

  it('shows the file\'s searches for its month in a domain\'s keyword table, the demo\'s for other months, and Bob the demo\'s', async () => {
    const rowOf = async (session: HttpSession, month: string) => {
      const table = await get<{ rows: KeywordRow[] }>(session, 'seo/keywords', { domain: demo.domain, month, pageSize: '1000' });
      return table.rows.find((row) => row.keyword === demo.term);
    };
    const demoInMarch = await rowOf(bob, plannerMonth);
    expect(demoInMarch).toMatchObject({ cpc: demo.cpc });
    expect(demoInMarch!.volume).not.toBe(aliceVolume);
    expect(await rowOf(alice, plannerMonth)).toMatchObject({ volume: aliceVolume, cpc: 3 });
    // Another month keeps the keyword's monthly searches of that month; the CPC is Alice's (her newest).
    const newest = await rowOf(bob, demo.month);
    expect(await rowOf(alice, demo.month)).toMatchObject({ volume: newest!.volume, cpc: 3 });
  });

  it('lists the keyword\'s months with the month Alice\'s file is for, and says it is hers', async () => {
    const months = await get<SubjectMonthsAnswer>(alice, 'months', { keyword: demo.term });
    expect(months.months).toContainEqual({ month: `${plannerMonth}-01`, own: ['keyword-planner'] });
    expect(months.months).toContainEqual({ month: `${demo.month}-01`, own: [] });
    // The keyword's current numbers are hers, whatever month a page shows.
    expect(months.numbers).toEqual({ month: `${plannerMonth}-01`, own: ['keyword-planner'] });
    const theirs = await get<SubjectMonthsAnswer>(bob, 'months', { keyword: demo.term });
    expect(theirs.months.length).toBeGreaterThan(0);
    expect(theirs.months.every((month) => month.own.length === 0)).toBe(true);
    expect(theirs.numbers).toBeNull();
  });
});

describe('an imported site shows where its importer looks', () => {
  it('gives Alice her site\'s overview for its month, and Bob none', async () => {
    const overview = await get<DomainOverviewAnswer>(alice, 'domain-overview', { domain: gscExport.domain });
    expect(overview).toMatchObject({ domain: gscExport.domain, month: `${gscExport.month}-01`, latest: { keywords: gscExport.queries } });
    expect(overview.latest!.clicks).toBeGreaterThan(0);
    const response = await bob.get(`/rest/research/domain-overview?${new URLSearchParams({ domain: gscExport.domain, countryCode: 'US' })}`);
    expect(response.status).toBe(404);
  });

  it('finds the site in Alice\'s search with its data, and not in Bob\'s', async () => {
    const search = async (session: HttpSession) => json<SearchResult>(await session.get(`/Endpoints/Search/JsonSearch?query=${gscExport.domain}&countryCode=US`));
    expect(await search(alice)).toMatchObject({ resultType: 'Domain', wasQueryFound: true });
    expect(await search(bob)).toMatchObject({ resultType: 'Domain', wasQueryFound: false });
  });

  it('lists the site\'s months for Alice (Search Console, its month) and none for Bob; its tables default to that month', async () => {
    expect(await get<SubjectMonthsAnswer>(alice, 'months', { domain: gscExport.domain })).toEqual({
      months: [{ month: `${gscExport.month}-01`, own: ['gsc'] }], latest: `${gscExport.month}-01`, numbers: null,
    });
    expect(await get<SubjectMonthsAnswer>(bob, 'months', { domain: gscExport.domain })).toEqual({ months: [], latest: null, numbers: null });
    const table = await get<{ month: string; totalRows: number }>(alice, 'seo/keywords', { domain: gscExport.domain });
    expect(table).toMatchObject({ month: `${gscExport.month}-01`, totalRows: gscExport.queries });
  });

  it('refuses a months request that names no subject', async () => {
    const response = await alice.get('/rest/research/months?countryCode=US');
    expect(response.status).toBe(400);
  });
});

describe('a team member sees the account owner\'s imports of a project\'s domain, and only that', () => {
  const overviewStatus = async (session: HttpSession, domain: string) =>
    (await session.get(`/rest/research/domain-overview?${new URLSearchParams({ domain, countryCode: 'US' })}`)).status;
  const keywordsOf = (session: HttpSession, domain: string) => get<{ totalRows: number; wasQueryFound: boolean }>(session, 'seo/keywords', { domain, pageSize: '100' });

  it('shows Carol the project site\'s overview, keywords and months as Alice sees them', async () => {
    const mine = await get<DomainOverviewAnswer>(alice, 'domain-overview', { domain: gscExport.domain });
    expect(await get<DomainOverviewAnswer>(carol, 'domain-overview', { domain: gscExport.domain })).toEqual(mine);
    expect(await keywordsOf(carol, gscExport.domain)).toMatchObject({ wasQueryFound: true, totalRows: gscExport.queries });
    expect(await get<SubjectMonthsAnswer>(carol, 'months', { domain: gscExport.domain })).toEqual({
      months: [{ month: `${gscExport.month}-01`, own: ['gsc'] }], latest: `${gscExport.month}-01`, numbers: null,
    });
  });

  it('keeps Alice\'s other site and her keyword numbers from Carol', async () => {
    expect(await overviewStatus(alice, otherSite)).toBe(200);
    expect(await overviewStatus(carol, otherSite)).toBe(404);
    expect(await keywordsOf(carol, otherSite)).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    // Keyword numbers describe the search term, not the project's site: they stay Alice's.
    expect(await get<{ volume: number }>(carol, 'keyword/overview', { query: demo.term })).toMatchObject({ volume: demo.volume });
  });

  it('shows nothing of it to a team member shut out of the projects, nor to another account', async () => {
    expect(await overviewStatus(dave, gscExport.domain)).toBe(404);
    expect(await keywordsOf(dave, gscExport.domain)).toMatchObject({ wasQueryFound: false, totalRows: 0 });
    expect(await overviewStatus(bob, gscExport.domain)).toBe(404);
  });
});

describe('deleting an import takes its figures with it', () => {
  it('gives Alice the demo\'s numbers again once she deletes her Keyword Planner import', async () => {
    await deletedImport(alice, plannerImportId);
    expect(await get<{ volume: number; cpc: number }>(alice, 'keyword/overview', { query: demo.term })).toMatchObject({ volume: demo.volume, cpc: demo.cpc });
    const months = await get<SubjectMonthsAnswer>(alice, 'months', { keyword: demo.term });
    expect(months.months.every((month) => month.own.length === 0)).toBe(true);
    expect(months.numbers).toBeNull();
    // The demo keyword itself stays (installation data has it).
    expect(await testApp.database.query(`select 1 from keyword where term = $1 and territory = 'US'`, [demo.term])).toHaveLength(1);
  });
});

describe('the user\'s ranks of a site the demo market knows', () => {
  /** A user who imports ranks of the demo site (a SERP file of its newest month), and the other keyword she names. */
  let erin: HttpSession;
  let other: { term: string } | undefined;

  it('put the user\'s best rank of each keyword in place of the demo\'s on the site\'s overview, for that user only', async () => {
    erin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const base = await get<DomainOverviewAnswer>(erin, 'domain-overview', { domain: demo.domain });
    expect(base.month).toBe(`${demo.month}-01`);
    // A demo keyword the site does not rank for that month.
    [other] = await testApp.database.query<{ term: string }>(
      `select k.term from keyword k where k.territory = 'US' and k.owner_user_ids is null and not exists (select 1 from organic_rank r
         where r.keyword_id = k.id and r.month = $1::date and r.domain_id = (select id from domain where name = $2)) order by k.id limit 1`,
      [`${demo.month}-01`, demo.domain]);
    const day = `${demo.month}-15`;
    const file = ['keyword,territory,date,position,url', `${demo.term},US,${day},50,https://${demo.domain}/moved`, `${other!.term},US,${day},5,https://${demo.domain}/new`].join('\n');
    const serp = await importFile(erin, { format: 'serp', territory: 'US' }, Buffer.from(file), 'serp.csv');
    expect(serp).toMatchObject({ state: 'completed', import: { rowsLanded: 2, brought: { site: demo.domain, month: `${demo.month}-01` } } });

    // Erin read the site before her import: what she reads at is kept for a second (viewer-scope.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const mine = await get<DomainOverviewAnswer>(erin, 'domain-overview', { domain: demo.domain });
    // demo.term moved from 1 to 50 (still one keyword, no longer top 3 or 10); the other keyword is new at 5.
    expect(mine.latest).toMatchObject({ keywords: base.latest!.keywords + 1, top3: base.latest!.top3 - 1, top10: base.latest!.top10,
      paidKeywords: base.latest!.paidKeywords, budget: base.latest!.budget });
    expect(mine.history.slice(0, -1)).toEqual(base.history.slice(0, -1));
    expect(await get<DomainOverviewAnswer>(bob, 'domain-overview', { domain: demo.domain })).toEqual(base);
  });

  it('says in the export, row by row, which rows are hers and which the demo market\'s (issue 20, point 3)', async () => {
    const file = parseCsv(await exportedCsv(erin, 'seo/keywords', { domain: demo.domain, countryCode: 'US', month: demo.month }));
    const header = file[0]!;
    const at = { keyword: header.indexOf('Keyword'), source: header.indexOf('Data Source'), date: header.indexOf('Data Date') };
    expect(Object.values(at).every((index) => index >= 0)).toBe(true);
    const sourceOf = new Map(file.slice(1).map((row) => [row[at.keyword], row[at.source]]));
    // Her keyword alone: her file; the keyword both rank (demo at 1, hers at 50): both; every other: the demo market's.
    expect(sourceOf.get(other!.term)).toBe('Your data: SERP file');
    expect(sourceOf.get(demo.term)).toBe('Demo data, Your data: SERP file');
    const rest = [...sourceOf.entries()].filter(([keyword]) => keyword !== other!.term && keyword !== demo.term);
    expect(rest.length).toBeGreaterThan(0);
    expect(new Set(rest.map(([, source]) => source))).toEqual(new Set(['Demo data']));
    expect(new Set(file.slice(1).map((row) => row[at.date]))).toEqual(new Set([demo.month]));
    // Bob's export of the same table has no row of hers: every row is the demo market's.
    const theirs = parseCsv(await exportedCsv(bob, 'seo/keywords', { domain: demo.domain, countryCode: 'US', month: demo.month }));
    expect(theirs.slice(1).map((row) => row[at.keyword])).not.toContain(other!.term);
    expect(new Set(theirs.slice(1).map((row) => row[at.source]))).toEqual(new Set(['Demo data']));
  });
});
