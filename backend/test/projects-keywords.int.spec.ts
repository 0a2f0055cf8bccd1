import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  projectMessages,
  type AddGroupAnswer,
  type GroupDetailsAnswer,
  type GroupsAnswer,
  type ImportAnswer,
  type KeywordCountAnswer,
  type KeywordListAnswer,
  type LabelRow,
  type TermMembership,
  type UndoImportAnswer,
} from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { emptyId, fillProject, giveProfessionalPlan, importKeywords, insertProject, json, nsa, projectAreaCounts, rowCount } from './projects-support.js';

jest.setTimeout(90_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
/** A demo-market site, its newest month, and keywords it ranks for in both of the last two months. */
let market: { domain: string; month: string; previous: string; ranked: string[] };

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' }, tinyMarket: true });
  ({ database, baseUrl } = testApp);
  const [months] = await database.query<{ month: string; previous: string }>(
    `select to_char(max(month), 'YYYY-MM-DD') as month, to_char(max(month) - interval '1 month', 'YYYY-MM-DD') as previous from domain_month where territory = 'US'`,
  );
  const rows = await database.query<{ domain: string; term: string }>(
    `with both_months as (
       select r.domain_id, r.keyword_id from organic_rank r where r.territory = 'US' and r.month = $1::date
       intersect select r.domain_id, r.keyword_id from organic_rank r where r.territory = 'US' and r.month = $2::date)
     select d.name as domain, k.term from both_months b join domain d on d.id = b.domain_id join keyword k on k.id = b.keyword_id
     where b.domain_id = (select domain_id from both_months group by domain_id order by count(*) desc, domain_id limit 1)
     order by k.term limit 6`,
    [months!.month, months!.previous],
  );
  market = { domain: rows[0]!.domain, month: months!.month, previous: months!.previous, ranked: rows.map((row) => row.term) };
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function fullOwner(fields: { name?: string; domain?: string } = {}) {
  const user = await createTestUser(database, { roles: ['full'] });
  const browser = await loggedInSession(baseUrl, user);
  const projectId = await insertProject(database, user.id, { name: fields.name ?? 'Shop', domain: fields.domain ?? market.domain, territory: 'US' });
  return { user, browser, projectId };
}

/** The warehouse's own numbers for a term and domain, computed here independently of the API. */
async function expectedMetrics(term: string) {
  const [row] = await database.query<{ volume: number; cpc: string; difficulty: number; cur: number | null; prev: number | null; click_change: string }>(
    `select k.volume, k.cpc, k.difficulty,
       (select min(position) from organic_rank r where r.keyword_id = k.id and r.domain_id = d.id and r.month = $3::date) as cur,
       (select min(position) from organic_rank r where r.keyword_id = k.id and r.domain_id = d.id and r.month = $4::date) as prev,
       coalesce((select sum(clicks) from organic_rank r where r.keyword_id = k.id and r.domain_id = d.id and r.month = $3::date), 0)
         - coalesce((select sum(clicks) from organic_rank r where r.keyword_id = k.id and r.domain_id = d.id and r.month = $4::date), 0) as click_change
     from keyword k, domain d where k.territory = 'US' and k.term = $1 and d.name = $2`,
    [term, market.domain, market.month, market.previous],
  );
  return {
    monthlySearches: row!.volume,
    costPerClick: Number(row!.cpc),
    rankingDifficulty: row!.difficulty,
    currentRank: row!.cur,
    previousRank: row!.prev,
    rankChange: row!.cur !== null && row!.prev !== null ? row!.prev - row!.cur : null,
    clickChange: Number(row!.click_change),
  };
}

const list = async (browser: HttpSession, query: string) => json<KeywordListAnswer>(await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?${query}`));
const groupsOf = async (browser: HttpSession, projectId: string) => (await json<GroupsAnswer>(await browser.get(`${nsa}/Keywords/Groups/GetGroups?projectId=${projectId}`))).groups;

describe('KeywordActions/Import and Keywords/GetKeywordList', () => {
  it('imports keywords into groups and labels, and lists them with the warehouse metrics of the project’s domain', async () => {
    const { browser, projectId } = await fullOwner();
    const [first, second, third] = market.ranked;
    const imported = await importKeywords(browser, {
      projectId,
      termCsv: `${first}\n  ${second!.toUpperCase()}  \n${third}\nzzq unknown term\n${first}`,
      groupNameCsv: 'Core',
      labelNameCsv: 'Brand',
      countryCode: 'US',
    });
    expect(imported.status).toBe(200);
    const answer = await json<ImportAnswer>(imported);
    expect(answer).toMatchObject({
      hasReachedLimit: false,
      termCount: 4,
      alreadyActiveTerms: [],
      message: projectMessages.keywordsImported('Shop', false),
      usedCount: 4,
      totalCount: 5000,
    });
    expect(answer.groupHashCsv).toMatch(/^[0-9a-f-]{36}$/);
    const termIds = answer.termIdsCsv.split(',').map(Number);
    expect(termIds).toHaveLength(4);

    const listed = await list(browser, `projectId=${projectId}&sortColumn=keyword`);
    expect(listed).toMatchObject({ totalRowCount: 4, month: market.month, projectDomain: market.domain });
    expect(listed.keywords.map((row) => row.keyword)).toEqual([first, second, third, 'zzq unknown term'].sort());
    for (const term of [first!, second!, third!]) {
      const row = listed.keywords.find((entry) => entry.keyword === term)!;
      expect(row).toMatchObject({ ...(await expectedMetrics(term)), groupsCsv: 'Core', groupCount: 1, labelsCsv: 'Brand', labelCount: 1 });
      expect(row.termId).toBe(termIds[[first, second, third].indexOf(term)]);
    }
    expect(listed.keywords.find((row) => row.keyword === 'zzq unknown term')).toMatchObject({ monthlySearches: null, currentRank: null, clickChange: null, costPerClick: null });
  });

  it('filters, sorts, pages and narrows to a group or label; an empty filter result is an empty page', async () => {
    const { browser, projectId } = await fullOwner();
    await importKeywords(browser, { projectId, termCsv: market.ranked.slice(0, 4).join('\n') });
    const [a, b] = market.ranked;
    await importKeywords(browser, { projectId, termCsv: `${a}\n${b}`, groupNameCsv: 'Pair', labelNameCsv: 'Flag' });

    const byRank = await list(browser, `projectId=${projectId}&sortColumn=currentRank&sortOrder=asc`);
    const ranks = byRank.keywords.map((row) => row.currentRank!);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const bySearches = await list(browser, `projectId=${projectId}`);
    const volumes = bySearches.keywords.map((row) => row.monthlySearches!);
    expect(volumes).toEqual([...volumes].sort((x, y) => y - x));

    const paged = await list(browser, `projectId=${projectId}&sortColumn=keyword&rowsToDisplay=20&startRow=3`);
    expect(paged.totalRowCount).toBe(4);
    expect(paged.keywords.map((row) => row.keyword)).toEqual(market.ranked.slice(0, 4).sort().slice(2));

    expect(await list(browser, `projectId=${projectId}&filterTerm=no%20such%20words`)).toMatchObject({ keywords: [], totalRowCount: 0 });
    const filtered = await list(browser, `projectId=${projectId}&filterTerm=${encodeURIComponent(a!.toUpperCase())}`);
    expect(filtered.keywords.map((row) => row.keyword)).toContain(a);

    const [group] = await groupsOf(browser, projectId);
    const [label] = await json<LabelRow[]>(await browser.get(`${nsa}/Keywords/Labels/GetLabels?projectId=${projectId}`));
    expect((await list(browser, `projectId=${projectId}&groupHash=${group!.groupHash}`)).keywords.map((row) => row.keyword).sort()).toEqual([a, b].sort());
    expect((await list(browser, `projectId=${projectId}&labelHash=${label!.labelHash}`)).totalRowCount).toBe(2);
    expect((await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}&groupHash=${randomUUID()}`)).status).toBe(404);

    for (const [query, message] of [
      [`projectId=${projectId}&sortColumn=colour`, 'Sort by one of keyword'],
      [`projectId=${projectId}&rowsToDisplay=7`, 'rowsToDisplay must be one of 20, 50, 100, 250, 500, 1000.'],
      [`projectId=${projectId}&startRow=0`, 'The start row must be 1 or more.'],
      [`projectId=${emptyId}`, projectMessages.noProjectSelected],
    ]) {
      const response = await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?${query}`);
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toContain(message);
    }
  });

  it('answers each documented import result message', async () => {
    const { browser, projectId } = await fullOwner({ name: 'Shop' });
    const post = async (body: Record<string, unknown>) => json<ImportAnswer>(await importKeywords(browser, { projectId, ...body }));
    expect((await post({ termCsv: 'red shoes' })).message).toBe('"red shoes" was added to project "Shop"');
    const again = await post({ termCsv: 'red shoes' });
    expect(again).toMatchObject({ termCount: 0, alreadyActiveTerms: ['red shoes'], importId: null, message: '"red shoes" aleady exists in project "Shop"' });
    expect((await post({ termCsv: 'red shoes', groupNameCsv: 'Summer' })).message).toBe('"red shoes" was added to project "Shop" in group "Summer"');
    expect((await post({ termCsv: 'red shoes', groupNameCsv: 'Summer' })).message).toBe('"red shoes" aleady exists in project "Shop" in group "Summer"');
    expect((await post({ termCsv: 'red shoes\nblue shoes', groupNameCsv: 'Summer' })).message).toBe(
      'Keywords successfully imported to project Shop, though some keywords were already present.',
    );
    expect((await post({ terms: ['red shoes', 'blue shoes'] })).message).toBe('Selected keywords aleady exist in project Shop.');
    expect((await post({ keywords: [{ keyword: 'green hats' }, { term: 'black hats' }] })).message).toBe('Keywords successfully imported to project Shop');
  });

  it('refuses an import without projects (NO_PROJECTS) or without a chosen project (NO_PROJECT_SELECTED), and bad input, changing nothing', async () => {
    const user = await createTestUser(database, { roles: ['full'] });
    const browser = await loggedInSession(baseUrl, user);
    const before = await projectAreaCounts(database);
    const noProjects = await importKeywords(browser, { projectId: randomUUID(), termCsv: 'a' });
    expect(noProjects.status).toBe(409);
    expect(await json(noProjects)).toMatchObject({ message: projectMessages.noProjects, data: { code: 'NO_PROJECTS' } });

    const projectId = await insertProject(database, user.id);
    const after = await projectAreaCounts(database);
    for (const body of [{ termCsv: 'a' }, { projectId: emptyId, termCsv: 'a' }]) {
      const response = await importKeywords(browser, body);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ message: projectMessages.noProjectSelected, data: { code: 'NO_PROJECT_SELECTED' } });
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ projectId, termCsv: ' \n , ' }, projectMessages.noKeywords],
      [{ projectId, terms: Array.from({ length: 15_001 }, (_, index) => `term ${index}`) }, projectMessages.importTooLarge(15_000)],
      [{ projectId, termCsv: 'a', groupNameCsv: 'x'.repeat(121) }, 'groupNameCsv: a name is at most 120 characters.'],
      [{ projectId, termCsv: 'a', projectName: 'x' }, 'Unrecognized key: "projectName"'],
      [{ projectId: 'nope', termCsv: 'a' }, 'The project id must be a UUID.'],
    ];
    for (const [body, message] of cases) {
      const response = await importKeywords(browser, body);
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toContain(message);
    }
    expect(await projectAreaCounts(database)).toEqual({ ...before, project: before.project! + 1 });
    expect(after.project).toBe(before.project! + 1);
  });
});

describe('Undo of an import', () => {
  it('removes the keywords and the groups and labels the import created, and keeps what was there before', async () => {
    const { browser, projectId } = await fullOwner();
    await importKeywords(browser, { projectId, termCsv: 'kept one', groupNameCsv: 'Existing' });
    const answer = await json<ImportAnswer>(
      await importKeywords(browser, { projectId, termCsv: 'kept one\nnew one\nnew two', groupNameCsv: 'Existing,Fresh', labelNameCsv: 'New label' }),
    );
    // 'kept one' joins the new group, so it counts as imported too.
    expect(answer).toMatchObject({ termCount: 3, alreadyActiveTerms: [] });
    const fresh = (await groupsOf(browser, projectId)).find((group) => group.name === 'Fresh')!;
    expect(answer.groupHashCsv).toBe(fresh.groupHash);

    const undone = await browser.post(`${nsa}/Keywords/KeywordActions/UndoImport`, { importId: answer.importId });
    expect(undone.status).toBe(200);
    expect(await json<UndoImportAnswer>(undone)).toEqual({ isSuccessful: true, removedTermCount: 2, removedGroupCount: 1, message: 'Undone: 2 keywords and 1 group removed.' });
    expect((await list(browser, `projectId=${projectId}`)).keywords.map((row) => [row.keyword, row.groupsCsv])).toEqual([['kept one', 'Existing']]);
    expect((await groupsOf(browser, projectId)).map((group) => [group.name, group.numberOfKeywords])).toEqual([['Existing', 1]]);
    expect(await json(await browser.get(`${nsa}/Keywords/Labels/GetLabels?projectId=${projectId}`))).toEqual([]);

    const twice = await browser.post(`${nsa}/Keywords/KeywordActions/UndoImport`, { importId: answer.importId });
    expect(twice.status).toBe(409);
    expect((await json<{ message: string }>(twice)).message).toBe(projectMessages.importAlreadyUndone);
  });

  it('is the importing account’s only', async () => {
    const { browser, projectId } = await fullOwner();
    const answer = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'mine' }));
    const { browser: stranger } = await fullOwner();
    const response = await stranger.post(`${nsa}/Keywords/KeywordActions/UndoImport`, { importId: answer.importId });
    expect(response.status).toBe(404);
    expect((await list(browser, `projectId=${projectId}`)).totalRowCount).toBe(1);
  });
});

describe('the tracked keywords allowance and the keyword count', () => {
  it('Basic allows 5,000: an import past it adds nothing and says so', async () => {
    const { browser, projectId, user } = await fullOwner();
    const other = await insertProject(database, user.id, { name: 'Other' });
    await fillProject(database, other, 4999);
    const before = await projectAreaCounts(database);
    const refused = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'one\ntwo', groupNameCsv: 'New group' }));
    expect(refused).toMatchObject({
      hasReachedLimit: true,
      termCount: 0,
      importId: null,
      usedCount: 4999,
      totalCount: 5000,
      message: 'Unable to add keywords. You are currently tracking 4,999/5,000 keywords',
    });
    expect(await projectAreaCounts(database)).toEqual(before);
    expect(await rowCount(database, 'tracked_term', `term in ('one', 'two')`)).toBe(0);

    expect(await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'one' }))).toMatchObject({ hasReachedLimit: false, termCount: 1, usedCount: 5000 });
    expect(await json<KeywordCountAnswer>(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`))).toEqual({
      totalCount: 5000,
      usedCount: 5000,
      mySerpwiseCount: 5000,
      keywordRankingReportCount: 0,
      weeklyTrackingCount: 0,
    });
    // Keywords already tracked can still be put into groups at the limit.
    expect(await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'one', groupNameCsv: 'G' }))).toMatchObject({ hasReachedLimit: false, termCount: 1 });
  });

  it('holds under concurrent imports: two slots left, eight imports at once, two succeed', async () => {
    const { browser, projectId } = await fullOwner();
    await fillProject(database, projectId, 4998);
    const terms = Array.from({ length: 8 }, (_, index) => `concurrent ${index}`);
    const answers = await Promise.all(terms.map(async (term) => json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: term }))));
    expect(answers.filter((answer) => !answer.hasReachedLimit)).toHaveLength(2);
    expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(5000);
  });

  it('Professional allows 15,000, also for its team members', async () => {
    const { browser, projectId, user } = await fullOwner();
    await giveProfessionalPlan(database, user.id);
    await fillProject(database, projectId, 6000);
    expect(await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'past basic' }))).toMatchObject({ hasReachedLimit: false, totalCount: 15000, usedCount: 6001 });
    const child = await createTestUser(database, { roles: [], parentUserId: user.id });
    expect(await json(await (await loggedInSession(baseUrl, child)).get(`${nsa}/Keywords/Keywords/KeywordCount`))).toMatchObject({ totalCount: 15000, usedCount: 6001 });
  });

  it('a free user sees zeros and cannot add keywords; a visitor gets 401', async () => {
    const free = await createTestUser(database, { roles: ['free'] });
    const browser = await loggedInSession(baseUrl, free);
    const projectId = await insertProject(database, free.id);
    expect(await json(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`))).toEqual({ totalCount: 0, usedCount: 0, mySerpwiseCount: 0, keywordRankingReportCount: 0, weeklyTrackingCount: 0 });
    const refused = await importKeywords(browser, { projectId, termCsv: 'a' });
    expect(refused.status).toBe(403);
    expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(0);
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.get(`${nsa}/Keywords/Keywords/KeywordCount`)).status).toBe(401);
  });

  it('NewProjectImport creates the project and imports into it, or neither past the allowance', async () => {
    const { browser, user, projectId } = await fullOwner();
    const created = await json<ImportAnswer>(
      await browser.post(`${nsa}/Keywords/KeywordActions/NewProjectImport`, { projectName: 'Fresh', primaryDomainName: 'fresh.example', termCsv: 'x\ny' }),
    );
    expect(created).toMatchObject({ hasReachedLimit: false, termCount: 2, message: projectMessages.keywordsImported('Fresh', false) });
    expect(await database.query('select name, domain from project where id = $1', [created.projectId])).toEqual([{ name: 'Fresh', domain: 'fresh.example' }]);
    const duplicate = await browser.post(`${nsa}/Keywords/KeywordActions/NewProjectImport`, { projectName: 'fresh', primaryDomainName: 'f.example', termCsv: 'z' });
    expect(duplicate.status).toBe(409);
    await fillProject(database, projectId, 4998);
    const projects = await rowCount(database, 'project', 'owner_user_id = $1', [user.id]);
    const refused = await json<ImportAnswer>(
      await browser.post(`${nsa}/Keywords/KeywordActions/NewProjectImport`, { projectName: 'Too big', primaryDomainName: 'big.example', termCsv: 'p\nq\nr' }),
    );
    expect(refused).toMatchObject({ hasReachedLimit: true, message: 'Unable to add keywords. You are currently tracking 5,000/5,000 keywords' });
    expect(await rowCount(database, 'project', 'owner_user_id = $1', [user.id])).toBe(projects);
  });
});

describe('the membership check (KeywordTracking/GetTracking)', () => {
  it('says which term ids the project, a group, a label or any project holds', async () => {
    const { browser, projectId, user } = await fullOwner();
    const other = await insertProject(database, user.id, { name: 'Other' });
    const inGroup = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'alpha', groupNameCsv: 'G', labelNameCsv: 'L' }));
    const plain = await json<ImportAnswer>(await importKeywords(browser, { projectId: other, termCsv: 'beta' }));
    const ids = `${inGroup.termIdsCsv},${plain.termIdsCsv},999999`;
    const check = async (query: string) => json<TermMembership[]>(await browser.get(`${nsa}/Keywords/KeywordTracking/GetTracking?termIdsCsv=${ids}&${query}`));
    const alpha = Number(inGroup.termIdsCsv);
    const beta = Number(plain.termIdsCsv);
    expect(await check(`projectId=${projectId}`)).toEqual([
      { termId: alpha, hasKeyword: true },
      { termId: beta, hasKeyword: false },
      { termId: 999999, hasKeyword: false },
    ]);
    expect((await check(`projectId=${emptyId}`)).map((entry) => entry.hasKeyword)).toEqual([true, true, false]);
    const [group] = await groupsOf(browser, projectId);
    expect((await check(`projectId=${projectId}&groupHash=${group!.groupHash}`)).map((entry) => entry.hasKeyword)).toEqual([true, false, false]);
    const { browser: stranger } = await fullOwner();
    expect((await json<TermMembership[]>(await stranger.get(`${nsa}/Keywords/KeywordTracking/GetTracking?projectId=${emptyId}&termIdsCsv=${ids}`))).every((entry) => !entry.hasKeyword)).toBe(true);
    expect((await stranger.get(`${nsa}/Keywords/KeywordTracking/GetTracking?projectId=${projectId}&termIdsCsv=${ids}`)).status).toBe(404);
  });
});

describe('groups', () => {
  it('creates a group with the selected keywords, lists it with metrics, expands its details, renames and deletes it', async () => {
    const { browser, projectId } = await fullOwner();
    const answer = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: market.ranked.join('\n') }));
    const termIds = answer.termIdsCsv.split(',');

    const created = await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=%20Top%20%20picks%20&termIdsCsv=${termIds.slice(0, 3).join(',')}`);
    expect(created.status).toBe(200);
    const group = await json<AddGroupAnswer>(created);
    expect(group).toMatchObject({ status: 'Group created', name: 'Top picks', message: 'New group successfully added', movedCount: 3 });

    const rows = await list(browser, `projectId=${projectId}&groupHash=${group.groupHash}`);
    const expectedRankChange = rows.keywords.reduce((sum, row) => sum + (row.rankChange ?? 0), 0);
    const expectedClickChange = rows.keywords.reduce((sum, row) => sum + (row.clickChange ?? 0), 0);
    const [listed] = await groupsOf(browser, projectId);
    expect(listed).toMatchObject({ groupHash: group.groupHash, name: 'Top picks', projectId, numberOfKeywords: 3, rankChange: expectedRankChange, clickChange: expectedClickChange });
    expect(listed!.impressionShare).toBeGreaterThan(0);
    expect(listed!.impressionShare).toBeLessThanOrEqual(1);

    const details = await json<GroupDetailsAnswer>(await browser.get(`${nsa}/Keywords/Groups/Details?projectId=${projectId}&groupHash=${group.groupHash}`));
    expect(details.groupDetails).toMatchObject({ estClickChange: expectedClickChange, rankChange: expectedRankChange, impressionShare: listed!.impressionShare });
    const d = details.groupDetails;
    expect(d.organicCount + d.paidCount + d.bothCount).toBe(3); // every keyword ranks this month (chosen so)
    expect(d.improvedRanks + d.lostRanks).toBeLessThanOrEqual(3);
    expect(details.estClickChangeHistory).toHaveLength(12);
    expect(details.impressionShareHistory.at(-1)).toEqual({ month: market.month, value: listed!.impressionShare });
    expect(details.estClickChangeHistory.at(-1)).toEqual({ month: market.month, value: expectedClickChange });
    expect(details.estClickChangeHistory.map((point) => point.month)).toEqual([...details.estClickChangeHistory.map((point) => point.month)].sort());

    const renamed = await browser.getWithToken(`${nsa}/Keywords/Groups/RenameGroup?projectId=${projectId}&groupHash=${group.groupHash}&name=Best`);
    expect(await json(renamed)).toEqual({ groupHash: group.groupHash, name: 'Best' });
    expect((await browser.get(`${nsa}/Keywords/Groups/DeleteGroup?projectId=${projectId}&groupHash=${group.groupHash}`)).status).toBe(403);
    expect(await json(await browser.getWithToken(`${nsa}/Keywords/Groups/DeleteGroup?projectId=${projectId}&groupHash=${group.groupHash}`))).toMatchObject({ deletedCount: 1 });
    expect(await groupsOf(browser, projectId)).toEqual([]);
    expect((await list(browser, `projectId=${projectId}`)).totalRowCount).toBe(market.ranked.length);
  });

  it('deletes several groups by a comma-separated list, all or none', async () => {
    const { browser, projectId } = await fullOwner();
    const hashes: string[] = [];
    for (const name of ['One', 'Two', 'Three']) hashes.push((await json<AddGroupAnswer>(await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=${name}`))).groupHash);
    const { projectId: strangerProject, browser: stranger } = await fullOwner();
    const foreign = (await json<AddGroupAnswer>(await stranger.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${strangerProject}&name=Theirs`))).groupHash;

    const mixed = await browser.getWithToken(`${nsa}/Keywords/Groups/DeleteGroup?projectId=${projectId}&groupHashCsv=${hashes[0]},${foreign}`);
    expect(mixed.status).toBe(404);
    expect((await groupsOf(browser, projectId)).length).toBe(3);
    expect((await groupsOf(stranger, strangerProject)).length).toBe(1);
    expect(await json(await browser.getWithToken(`${nsa}/Keywords/Groups/DeleteGroups?projectId=${projectId}&groupHashCsv=${hashes[0]},${hashes[1]}`))).toMatchObject({ deletedCount: 2 });
    expect((await groupsOf(browser, projectId)).map((group) => group.name)).toEqual(['Three']);
  });

  it('refuses empty and duplicate names, and groups of other projects', async () => {
    const { browser, projectId } = await fullOwner();
    await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=Summer`);
    const empty = await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=%20%20`);
    expect(empty.status).toBe(400);
    expect((await json<{ message: string }>(empty)).message).toBe('name: Enter a group name.');
    const duplicate = await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=SUMMER`);
    expect(duplicate.status).toBe(409);
    expect((await json<{ message: string }>(duplicate)).message).toBe(projectMessages.groupNameTaken('SUMMER'));
    const winter = await json<AddGroupAnswer>(await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=Winter`));
    expect((await browser.getWithToken(`${nsa}/Keywords/Groups/RenameGroup?projectId=${projectId}&groupHash=${winter.groupHash}&name=summer`)).status).toBe(409);
    expect((await browser.get(`${nsa}/Keywords/Groups/Details?projectId=${projectId}&groupHash=${randomUUID()}`)).status).toBe(404);
    expect((await groupsOf(browser, projectId)).map((group) => group.name)).toEqual(['Summer', 'Winter']);
  });

  it('moves keywords between groups (MigrateToGroup) and removes them from a group (GroupActions/RemoveKeywords)', async () => {
    const { browser, projectId } = await fullOwner();
    const answer = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'a1\na2\na3', groupNameCsv: 'From' }));
    const to = await json<AddGroupAnswer>(await browser.getWithToken(`${nsa}/Keywords/Groups/AddGroup?projectId=${projectId}&name=To`));
    const [from] = (await groupsOf(browser, projectId)).filter((group) => group.name === 'From');
    const [a1, a2] = answer.termIdsCsv.split(',');
    const moved = await browser.post(`${nsa}/Keywords/KeywordActions/MigrateToGroup`, { projectId, newGroupHash: to.groupHash, groupHash: from!.groupHash, termIdsCsv: `${a1},${a2},424242` });
    expect(await json(moved)).toEqual({ isSuccessful: true, count: 2, message: '2 keywords moved to group "To"' });
    expect(Object.fromEntries((await groupsOf(browser, projectId)).map((group) => [group.name, group.numberOfKeywords]))).toEqual({ From: 1, To: 2 });
    const removed = await browser.post(`${nsa}/Keywords/GroupActions/RemoveKeywords`, { groupHash: to.groupHash, termIdsCsv: a1 });
    expect(await json(removed)).toEqual({ isSuccessful: true, count: 1, message: '1 keyword removed from group "To"' });
    expect((await list(browser, `projectId=${projectId}`)).totalRowCount).toBe(3);
  });
});

describe('labels and keyword removal', () => {
  it('labels keywords (creating the label), unlabels them, deletes labels, and removes keywords from the project with their memberships', async () => {
    const { browser, projectId } = await fullOwner();
    const answer = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'l1\nl2\nl3', groupNameCsv: 'G' }));
    const [l1, l2, l3] = answer.termIdsCsv.split(',');
    const added = await json<{ labelHash: string; message: string; count: number }>(
      await browser.post(`${nsa}/Keywords/LabelActions/AddKeywords`, { projectId, labelName: 'Brand', termIdsCsv: `${l1},${l2}` }),
    );
    expect(added).toMatchObject({ count: 2, message: '2 keywords added to label "Brand"' });
    expect(await json(await browser.get(`${nsa}/Keywords/Labels/GetLabels?projectId=${projectId}`))).toEqual([{ labelHash: added.labelHash, labelName: 'Brand', numberOfKeywords: 2 }]);
    expect(await json(await browser.post(`${nsa}/Keywords/LabelActions/RemoveKeywords`, { projectId, labelName: 'brand', termIdsCsv: l2 }))).toMatchObject({
      count: 1,
      message: '1 keyword removed from label "Brand"',
    });

    const deleted = await browser.post(`${nsa}/Keywords/Keywords/DeleteKeywordsFromProject`, { projectId, termIdsCsv: `${l1},${l3}` });
    expect(await json(deleted)).toEqual({ isSuccessful: true, count: 2, message: '2 keywords removed from project "Shop"' });
    expect((await list(browser, `projectId=${projectId}`)).keywords.map((row) => row.keyword)).toEqual(['l2']);
    expect(await rowCount(database, 'keyword_group_term t join keyword_group g on g.group_hash = t.group_hash', 'g.project_id = $1', [projectId])).toBe(1);
    expect(await rowCount(database, 'keyword_label_term t join keyword_label l on l.label_hash = t.label_hash', 'l.project_id = $1', [projectId])).toBe(0);

    expect(await json(await browser.post(`${nsa}/Keywords/Labels/DeleteLabels`, { projectId, labelHashCsv: added.labelHash }))).toEqual({ isSuccessful: true, deletedCount: 1 });
    expect(await json(await browser.get(`${nsa}/Keywords/Labels/GetLabels?projectId=${projectId}`))).toEqual([]);
    const empty = await browser.post(`${nsa}/Keywords/LabelActions/AddKeywords`, { projectId, labelName: ' ', termIdsCsv: l2 });
    expect(empty.status).toBe(400);
    expect((await json<{ message: string }>(empty)).message).toBe('labelName: Enter a label name.');
  });
});

describe('KeywordActions/MigrateToProject', () => {
  it('moves or copies keywords between the account’s projects, within the allowance, never another account’s terms', async () => {
    const { browser, projectId, user } = await fullOwner();
    const target = await insertProject(database, user.id, { name: 'Target' });
    const answer = await json<ImportAnswer>(await importKeywords(browser, { projectId, termCsv: 'm1\nm2\nm3' }));
    const [m1, m2, m3] = answer.termIdsCsv.split(',');
    expect(await json(await browser.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { projectId, newProjectId: target, termIdsCsv: `${m1},${m2}` }))).toEqual({
      isSuccessful: true,
      hasReachedLimit: false,
      movedCount: 2,
      alreadyActiveCount: 0,
      message: '2 keywords moved to project "Target"',
    });
    expect((await list(browser, `projectId=${projectId}`)).keywords.map((row) => row.keyword)).toEqual(['m3']);
    expect(await json(await browser.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { newProjectId: target, termIdsCsv: m3 }))).toMatchObject({ movedCount: 1, message: '1 keyword added to project "Target"' });
    expect((await list(browser, `projectId=${projectId}`)).totalRowCount).toBe(1);
    expect((await list(browser, `projectId=${target}`)).totalRowCount).toBe(3);
    const same = await browser.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { projectId, newProjectId: projectId, termIdsCsv: m3 });
    expect(same.status).toBe(400);

    const { browser: stranger, projectId: strangerProject } = await fullOwner();
    const copied = await json<{ movedCount: number }>(await stranger.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { newProjectId: strangerProject, termIdsCsv: `${m1},${m2}` }));
    expect(copied.movedCount).toBe(0);
    expect((await list(stranger, `projectId=${strangerProject}`)).totalRowCount).toBe(0);
    expect((await stranger.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { projectId, newProjectId: strangerProject, termIdsCsv: m3 })).status).toBe(404);
    expect((await list(browser, `projectId=${projectId}`)).totalRowCount).toBe(1);

    await fillProject(database, target, 4996);
    const full = await json<{ hasReachedLimit: boolean; message: string }>(
      await browser.post(`${nsa}/Keywords/KeywordActions/MigrateToProject`, { newProjectId: await insertProject(database, user.id, { name: 'Third' }), termIdsCsv: `${m1},${m2}` }),
    );
    expect(full).toMatchObject({ hasReachedLimit: true, message: 'Unable to add keywords. You are currently tracking 5,000/5,000 keywords' });
  });
});
