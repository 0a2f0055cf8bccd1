import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { projectMessages, rankTracking, type GroupsAnswer, type KeywordCountAnswer, type KeywordDetailsAnswer, type KeywordListAnswer, type ProjectSummary } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { importKeywords, insertProject, json, nsa, projectAreaCounts } from './projects-support.js';

/** Issue 24 point 8: editing a project, keyword details, the period a rank change compares, the weekly tracking count. */

jest.setTimeout(90_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
let market: { domain: string; month: string; previous: string; ranked: string[] };

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' }, tinyMarket: true });
  ({ database, baseUrl } = testApp);
  const [months] = await database.query<{ month: string; previous: string }>(
    `select to_char(max(month), 'YYYY-MM-DD') as month, to_char(max(month) - interval '1 month', 'YYYY-MM-DD') as previous from domain_month where territory = 'US'`,
  );
  const rows = await database.query<{ domain: string; term: string }>(
    `with ranked as (select r.domain_id, r.keyword_id from organic_rank r where r.territory = 'US' and r.month = $1::date)
     select d.name as domain, k.term from ranked b join domain d on d.id = b.domain_id join keyword k on k.id = b.keyword_id
     where b.domain_id = (select domain_id from ranked group by domain_id order by count(*) desc, domain_id limit 1)
     order by k.term limit 4`,
    [months!.month],
  );
  market = { domain: rows[0]!.domain, month: months!.month, previous: months!.previous, ranked: rows.map((row) => row.term) };
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function fullOwner() {
  const user = await createTestUser(database, { roles: ['full'] });
  const browser = await loggedInSession(baseUrl, user);
  const projectId = await insertProject(database, user.id, { name: 'Shop', domain: market.domain, territory: 'US' });
  return { user, browser, projectId };
}

const projectRow = async (id: string) => (await database.query('select name, domain, territory from project where id = $1', [id]))[0];

describe('Projects/PatchProject from the edit-project panel', () => {
  it('renames, moves to another domain and territory; the list shows it', async () => {
    const { browser, projectId } = await fullOwner();
    const patched = await browser.getWithToken(`${nsa}/Projects/PatchProject?projectId=${projectId}&projectName=%20Main%20%20Shop%20&primaryDomainName=https://www.Main.example/x&territory=UK`);
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ id: projectId, projectName: 'Main Shop', primaryDomainName: 'main.example', territory: 'UK' });
    expect((await json<ProjectSummary[]>(await browser.get(`${nsa}/Projects/GetProjects`)))[0]).toMatchObject({ projectName: 'Main Shop', primaryDomainName: 'main.example', territory: 'UK' });
  });

  it('refuses an empty name, an invalid domain, an unknown territory and a taken name with a clear message, and changes nothing', async () => {
    const { user, browser, projectId } = await fullOwner();
    await insertProject(database, user.id, { name: 'Blog' });
    const before = { project: await projectRow(projectId), counts: await projectAreaCounts(database) };
    const cases: [string, number, string][] = [
      [`projectName=%20%20`, 400, projectMessages.projectNameRequired],
      [`projectName=New&primaryDomainName=not%20a%20domain`, 400, 'Enter a valid domain, like example.com.'],
      [`primaryDomainName=`, 400, 'Enter a domain.'],
      [`territory=XX`, 400, 'Choose one of the supported territories.'],
      [`projectName=blog`, 409, projectMessages.projectNameTaken('blog')],
    ];
    for (const [query, status, message] of cases) {
      const response = await browser.getWithToken(`${nsa}/Projects/PatchProject?projectId=${projectId}&${query}`);
      expect([query, response.status]).toEqual([query, status]);
      expect((await json<{ message: string }>(response)).message).toContain(message);
    }
    expect({ project: await projectRow(projectId), counts: await projectAreaCounts(database) }).toEqual(before);
  });

  it('never changes or deletes another account’s project, and shows it no keyword of it', async () => {
    const { browser: owner, projectId } = await fullOwner();
    const [term] = market.ranked;
    const termId = Number((await json<{ termIdsCsv: string }>(await importKeywords(owner, { projectId, termCsv: term }))).termIdsCsv);
    const before = await projectRow(projectId);
    const stranger = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
    for (const path of [
      `Projects/PatchProject?projectId=${projectId}&projectName=Mine`,
      `Projects/PatchProject?projectId=${projectId}&primaryDomainName=evil.example&territory=DE`,
      `Projects/DeleteProject?projectId=${projectId}`,
      `Keywords/Keywords/GetKeywordDetails?projectId=${projectId}&termId=${termId}`,
    ]) {
      const response = await stranger.getWithToken(`${nsa}/${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect((await json<{ message: string }>(response)).message).toBe(projectMessages.projectNotFound);
    }
    expect(await projectRow(projectId)).toEqual(before);
  });
});

describe('Keywords/Keywords/GetKeywordDetails', () => {
  it('answers the keyword’s row, its groups and labels, the months compared and the domain’s positions over a year', async () => {
    const { browser, projectId } = await fullOwner();
    const [term, other] = market.ranked;
    await importKeywords(browser, { projectId, termCsv: `${term}\n${other}`, groupNameCsv: 'Core', labelNameCsv: 'Brand' });
    await importKeywords(browser, { projectId, termCsv: other, groupNameCsv: 'Second' });
    const listed = await json<KeywordListAnswer>(await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}`));
    const row = listed.keywords.find((entry) => entry.keyword === term)!;

    const details = await json<KeywordDetailsAnswer>(await browser.get(`${nsa}/Keywords/Keywords/GetKeywordDetails?projectId=${projectId}&termId=${row.termId}`));
    expect(details).toMatchObject({ projectId, projectDomain: market.domain, territory: 'US', keyword: row, month: market.month, comparedTo: market.previous });
    expect(details.groups.map((group) => group.name)).toEqual(['Core']);
    expect(details.labels.map((label) => label.labelName)).toEqual(['Brand']);
    expect(details.rankHistory).toHaveLength(12);
    expect(details.rankHistory.at(-1)).toEqual({ month: market.month, position: row.currentRank });
    const [expected] = await database.query<{ position: number | null }>(
      `select min(r.position)::int as position from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
       where k.territory = 'US' and k.term = $1 and d.name = $2 and r.month = $3::date`,
      [term, market.domain, market.previous],
    );
    expect(details.rankHistory.at(-2)).toEqual({ month: market.previous, position: expected!.position });
  });

  it('refuses a keyword the project does not hold (404) and a term id that is not one (400)', async () => {
    const { browser, projectId } = await fullOwner();
    const missing = await browser.get(`${nsa}/Keywords/Keywords/GetKeywordDetails?projectId=${projectId}&termId=999999999`);
    expect(missing.status).toBe(404);
    expect((await json<{ message: string }>(missing)).message).toBe(projectMessages.keywordNotFound);
    const bad = await browser.get(`${nsa}/Keywords/Keywords/GetKeywordDetails?projectId=${projectId}&termId=abc`);
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toContain('The term id must be a number.');
  });
});

describe('the period a rank change compares', () => {
  it('the keyword list and the groups name the month they compare against', async () => {
    const { browser, projectId } = await fullOwner();
    await importKeywords(browser, { projectId, termCsv: market.ranked.join('\n'), groupNameCsv: 'Core' });
    const listed = await json<KeywordListAnswer>(await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}`));
    expect({ month: listed.month, comparedTo: listed.comparedTo }).toEqual({ month: market.month, comparedTo: market.previous });
    expect((await json<GroupsAnswer>(await browser.get(`${nsa}/Keywords/Groups/GetGroups?projectId=${projectId}`))).comparedTo).toBe(market.previous);
  });
});

describe('Keywords/Keywords/KeywordCount: weekly tracking', () => {
  it('counts the project keywords whose rank a rank-tracking run checked in the last 7 days, apart from the other project keywords', async () => {
    const { browser, projectId } = await fullOwner();
    const [fresh, stale, untouched] = market.ranked;
    await importKeywords(browser, { projectId, termCsv: `${fresh}\n${stale}\n${untouched}` });
    // The same term in a project of another account does not count for this one.
    const stranger = await createTestUser(database, { roles: ['full'] });
    await insertProject(database, stranger.id, { name: 'Theirs', domain: market.domain });
    const run = async (loadedAt: string, purpose: string, term: string) => {
      const [source] = await database.query<{ id: number }>(
        `insert into data_source (kind, label, details, loaded_at, first_month, last_month) values ('provider', 'Demo fetch: test', $1::jsonb, $2::timestamptz, $3::date, $3::date) returning id`,
        [JSON.stringify({ purpose }), loadedAt, market.month],
      );
      await database.query(
        `insert into serp_observation (keyword_id, observed_on, position, territory, domain_id, source_id)
         select k.id, $3::date, 1, 'US', (select id from domain where name = $2), $4 from keyword k where k.territory = 'US' and k.term = $1`,
        [term, market.domain, market.month, source!.id],
      );
    };
    const zero = await json<KeywordCountAnswer>(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`));
    expect(zero).toMatchObject({ usedCount: 3, mySerpwiseCount: 3, weeklyTrackingCount: 0 });

    await run(new Date().toISOString(), rankTracking.sourcePurpose, fresh!);
    await run(new Date(Date.now() - 10 * 86_400_000).toISOString(), rankTracking.sourcePurpose, stale!);
    await run(new Date().toISOString(), 'requested-keywords', untouched!);
    const counted = await json<KeywordCountAnswer>(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`));
    expect(counted).toEqual({ totalCount: 5000, usedCount: 3, mySerpwiseCount: 2, keywordRankingReportCount: 0, weeklyTrackingCount: 1 });
  });
});
