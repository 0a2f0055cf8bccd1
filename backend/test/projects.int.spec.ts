import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { projectMessages, type CreateProjectAnswer, type ProjectSummary, type TeamAccessEntry, type TermProjects } from '@serpwise/contracts';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { emptyId, importKeywords, insertProject, json, nsa, projectAreaCounts, rowCount } from './projects-support.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function fullBrowser() {
  const user = await createTestUser(database, { roles: ['full'] });
  return { user, browser: await loggedInSession(baseUrl, user) };
}

describe('Projects/CreateProject, GetProjects, PatchProject, DeleteProject', () => {
  it('creates a project with the documented names, lists it with its counts, renames it and deletes it with everything in it', async () => {
    const { user, browser } = await fullBrowser();
    const created = await browser.getWithToken(`${nsa}/Projects/CreateProject?projectName=My%20Shop&primaryDomainName=https://www.Shop.example/&territory=UK&countryCode=US`);
    expect(created.status).toBe(200);
    const { id, project } = await json<CreateProjectAnswer>(created);
    expect(project).toMatchObject({ id, projectName: 'My Shop', primaryDomainName: 'shop.example', territory: 'UK', keywordCount: 0 });

    await importKeywords(browser, { projectId: id, termCsv: 'red shoes\nblue shoes', groupNameCsv: 'Summer' });
    await browser.getWithToken(`${nsa}/Link/AddLink?fullUrl=https://blog.example/post&projectId=${id}`);
    const listed = await json<ProjectSummary[]>(await browser.get(`${nsa}/Projects/GetProjects`));
    expect(listed).toEqual([expect.objectContaining({ id, projectName: 'My Shop', keywordCount: 2, groupCount: 1, linkCount: 1 })]);

    const patched = await browser.getWithToken(`${nsa}/Projects/PatchProject?projectId=${id}&projectName=Main%20Shop&primaryDomainName=main.example`);
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ id, projectName: 'Main Shop', primaryDomainName: 'main.example', territory: 'UK', keywordCount: 2 });

    const alertId = '123e4567-e89b-42d3-a456-426614174000';
    await database.query(
      `insert into project_alert (id, owner_user_id, project_id, name, alert_type_id, is_active, source_url, recipients, created_at, updated_at)
       values ($1, $2, $3, 'Weekly', 1, true, null, '[]', now(), now())`,
      [alertId, user.id, id],
    );
    expect((await browser.get(`${nsa}/Projects/DeleteProject?projectId=${id}`)).status).toBe(403); // no cross-site token
    const deleted = await browser.getWithToken(`${nsa}/Projects/DeleteProject?projectId=${id}`);
    expect(await json(deleted)).toEqual({ isSuccessful: true, projectId: id });
    expect(await json(await browser.get(`${nsa}/Projects/GetProjects`))).toEqual([]);
    for (const table of ['project_keyword', 'keyword_group', 'outreach_link', 'outreach_website', 'keyword_import', 'project_alert']) {
      expect([table, await rowCount(database, table, 'project_id = $1', [id])]).toEqual([table, 0]);
    }
  });

  it('refuses bad input with a 400 and a clear message, and changes nothing', async () => {
    const { user, browser } = await fullBrowser();
    const projectId = await insertProject(database, user.id, { name: 'Taken' });
    const before = await projectAreaCounts(database);
    const cases: [string, string][] = [
      [`${nsa}/Projects/CreateProject?projectName=&primaryDomainName=shop.example`, projectMessages.projectNameRequired],
      [`${nsa}/Projects/CreateProject?projectName=A&primaryDomainName=not%20a%20domain`, 'Enter a valid domain, like example.com.'],
      [`${nsa}/Projects/CreateProject?projectName=A&primaryDomainName=a.example&territory=XX`, 'Choose one of the supported territories.'],
      [`${nsa}/Projects/CreateProject?projectName=A&primaryDomainName=a.example&ownerUserId=${user.id}`, 'Unrecognized key: "ownerUserId"'],
      [`${nsa}/Projects/PatchProject?projectId=${projectId}`, 'Say what to change: projectName, primaryDomainName or territory.'],
      [`${nsa}/Projects/PatchProject?projectId=nope&projectName=B`, 'The project id must be a UUID.'],
      [`${nsa}/Projects/DeleteProject?projectId=${emptyId}`, projectMessages.noProjectSelected],
    ];
    for (const [path, message] of cases) {
      const response = await browser.getWithToken(path);
      expect([path, response.status]).toEqual([path, 400]);
      expect((await json<{ message: string }>(response)).message).toContain(message);
    }
    const duplicate = await browser.getWithToken(`${nsa}/Projects/CreateProject?projectName=taken&primaryDomainName=b.example`);
    expect(duplicate.status).toBe(409);
    expect((await json<{ message: string }>(duplicate)).message).toBe(projectMessages.projectNameTaken('taken'));
    expect(await projectAreaCounts(database)).toEqual(before);
  });

  it('keeps projects to their account: visitors get 401; another user sees nothing and gets 404 for the project', async () => {
    const { user } = await fullBrowser();
    const projectId = await insertProject(database, user.id, { name: 'Private' });
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.get(`${nsa}/Projects/GetProjects`)).status).toBe(401);
    expect((await visitor.getWithToken(`${nsa}/Projects/CreateProject?projectName=X&primaryDomainName=x.example`)).status).toBe(401);

    const { browser: stranger } = await fullBrowser();
    expect(await json(await stranger.get(`${nsa}/Projects/GetProjects`))).toEqual([]);
    for (const path of [`PatchProject?projectId=${projectId}&projectName=Mine`, `DeleteProject?projectId=${projectId}`]) {
      const response = await stranger.getWithToken(`${nsa}/Projects/${path}`);
      expect(response.status).toBe(404);
      expect((await json<{ message: string }>(response)).message).toBe(projectMessages.projectNotFound);
    }
    expect(await database.query('select name from project where id = $1', [projectId])).toEqual([{ name: 'Private' }]);
  });

  it('lets a free user (onboarding) create and list projects', async () => {
    const user = await createTestUser(database, { roles: ['free'] });
    const browser = await loggedInSession(baseUrl, user);
    const { id } = await json<CreateProjectAnswer>(await browser.getWithToken(`${nsa}/Projects/CreateProject?name=Blog&domain=blog.example`));
    expect((await json<ProjectSummary[]>(await browser.get(`${nsa}/Projects/GetProjects`))).map((project) => project.id)).toEqual([id]);
  });
});

describe('team members (child accounts) in the owner’s projects', () => {
  it('work in the owner’s projects by default; the owner can make them view-only or shut them out', async () => {
    const { user: owner, browser: ownerBrowser } = await fullBrowser();
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    const projectId = await insertProject(database, owner.id, { name: 'Team project' });
    const childBrowser = await loggedInSession(baseUrl, child);

    // edit (the default): the child creates a project for the owner and imports keywords
    const created = await json<CreateProjectAnswer>(await childBrowser.getWithToken(`${nsa}/Projects/CreateProject?projectName=By%20child&primaryDomainName=c.example`));
    expect(await database.query('select owner_user_id from project where id = $1', [created.id])).toEqual([{ owner_user_id: owner.id }]);
    expect((await importKeywords(childBrowser, { projectId, termCsv: 'team keyword' })).status).toBe(200);
    expect(await json(await ownerBrowser.get('/rest/projects/team-access'))).toEqual([{ childUserId: child.id, email: child.email, access: 'edit' }]);

    // view: reads work, changes are refused and change nothing
    expect((await ownerBrowser.post('/rest/projects/team-access', { childUserId: child.id, access: 'view' })).status).toBe(200);
    expect((await json<ProjectSummary[]>(await childBrowser.get(`${nsa}/Projects/GetProjects`))).length).toBe(2);
    const before = await projectAreaCounts(database);
    const refused = await childBrowser.getWithToken(`${nsa}/Projects/DeleteProject?projectId=${projectId}`);
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toBe(projectMessages.teamViewOnly);
    expect((await importKeywords(childBrowser, { projectId, termCsv: 'another' })).status).toBe(403);
    expect(await projectAreaCounts(database)).toEqual(before);

    // none: nothing readable either
    await ownerBrowser.post('/rest/projects/team-access', { childUserId: child.id, access: 'none' });
    const shut = await childBrowser.get(`${nsa}/Projects/GetProjects`);
    expect(shut.status).toBe(403);
    expect((await json<{ message: string }>(shut)).message).toBe(projectMessages.teamNoAccess);
    expect((await childBrowser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}`)).status).toBe(403);
  });

  it('only the account owner sets access, and only for its own team members', async () => {
    const { user: owner, browser: ownerBrowser } = await fullBrowser();
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    const { browser: stranger } = await fullBrowser();
    expect((await (await loggedInSession(baseUrl, child)).post('/rest/projects/team-access', { childUserId: child.id, access: 'edit' })).status).toBe(403);
    const notMine = await stranger.post('/rest/projects/team-access', { childUserId: child.id, access: 'none' });
    expect(notMine.status).toBe(404);
    expect((await ownerBrowser.post('/rest/projects/team-access', { childUserId: child.id, access: 'admin' })).status).toBe(400);
    expect(await json<TeamAccessEntry[]>(await ownerBrowser.get('/rest/projects/team-access'))).toEqual([{ childUserId: child.id, email: child.email, access: 'edit' }]);
  });

  it('a child of another account cannot see or change this account’s projects', async () => {
    const { user: owner } = await fullBrowser();
    const projectId = await insertProject(database, owner.id);
    const { user: otherOwner } = await fullBrowser();
    const otherChild = await createTestUser(database, { roles: [], parentUserId: otherOwner.id });
    const browser = await loggedInSession(baseUrl, otherChild);
    expect(await json(await browser.get(`${nsa}/Projects/GetProjects`))).toEqual([]);
    expect((await browser.getWithToken(`${nsa}/Projects/DeleteProject?projectId=${projectId}`)).status).toBe(404);
    expect(await rowCount(database, 'project', 'id = $1', [projectId])).toBe(1);
  });
});

describe('ProjectActions/SearchProjectsForTerms', () => {
  it('names the caller’s projects holding each term, and reveals nothing of other accounts', async () => {
    const { user, browser } = await fullBrowser();
    const shop = await insertProject(database, user.id, { name: 'Shop' });
    const blog = await insertProject(database, user.id, { name: 'Blog' });
    await importKeywords(browser, { projectId: shop, termCsv: 'red shoes\nblue shoes' });
    await importKeywords(browser, { projectId: blog, termCsv: 'red shoes' });
    const { browser: stranger, user: strangerUser } = await fullBrowser();
    const secretProject = await insertProject(database, strangerUser.id);
    const secret = await json<{ termIdsCsv: string }>(await importKeywords(stranger, { projectId: secretProject, termCsv: 'secret plan' }));

    const answer = await json<TermProjects[]>(
      await browser.post(`${nsa}/ProjectActions/SearchProjectsForTerms`, { terms: ['Red Shoes', 'green hats', 'secret plan'], termIdsCsv: secret.termIdsCsv }),
    );
    expect(answer).toEqual([
      { termId: expect.any(Number), term: 'red shoes', projects: [{ projectId: shop, projectName: 'Shop' }, { projectId: blog, projectName: 'Blog' }] },
      { termId: null, term: 'green hats', projects: [] },
      { termId: null, term: 'secret plan', projects: [] },
      { termId: Number(secret.termIdsCsv), term: null, projects: [] },
    ]);
    const bad = await browser.post(`${nsa}/ProjectActions/SearchProjectsForTerms`, {});
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe('Send terms, termCsv or termIdsCsv.');
  });
});
