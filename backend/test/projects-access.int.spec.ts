import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { calls, createFixture, ownerDigest as digestOf, ownerSecrets as secretsOf, sendCall, type Call, type Fixture } from './project-area-calls.js';
import { nsa } from './projects-support.js';

/**
 * Project data belongs to its account (issue 9 item 7), checked for every project-area call: a visitor gets 401;
 * a free user 403 on the full-plan calls; another account (and its team) 404 on anything naming this account's
 * records and never sees them in a list; a team member the owner shut out 403, a view-only one 403 on every
 * change. After each refused call, nothing of the owner's has changed.
 */

jest.setTimeout(120_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

let owner: TestUser;
let ownerBrowser: HttpSession;
let fixture: Fixture;

const send = (browser: HttpSession, call: Call) => sendCall(browser, call, fixture);
const ownerDigest = () => digestOf(database, owner.id);
const ownerSecrets = () => secretsOf(fixture);

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  ({ database, baseUrl } = testApp);
  owner = await createTestUser(database, { roles: ['full'] });
  ownerBrowser = await loggedInSession(baseUrl, owner);
  fixture = await createFixture(database, ownerBrowser, owner.id);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

describe('every project-area call keeps the owner’s data to the owner', () => {
  it('covers each of the 48 documented /NsaApi/MySerpwise calls', () => {
    const documented = [
      'Link/GetLinks', 'Link/GetLink', 'Link/AddLink', 'Link/DeleteLink', 'LinkHistory/GetLinkHistory', 'LinkNotes/GetLinkNotes', 'LinkNotes/AddLinkNote',
      'LinkNotes/DeleteLinkNote', 'LinkTasks/GetLinkTasks', 'LinkTasks/AddLinkTask', 'LinkTasks/UpdateLinkTask', 'LinkTasks/DeleteLinkTask',
      'LinkContactEvents/GetLinkContactEvents', 'LinkContactEvents/AddLinkContactEvent', 'LinkContactEvents/DeleteLinkContactEvent',
      'Keywords/KeywordTracking/GetTracking', 'Keywords/GroupActions/RemoveKeywords', 'Keywords/Groups/GetGroups', 'Keywords/Groups/Details',
      'Keywords/Groups/AddGroup', 'Keywords/Groups/RenameGroup', 'Keywords/Groups/DeleteGroup', 'Keywords/Keywords/DeleteKeywordsFromProject',
      'Keywords/Keywords/GetKeywordList', 'Keywords/Keywords/KeywordCount', 'Keywords/Labels/DeleteLabels', 'Keywords/Labels/GetLabels',
      'Keywords/LabelActions/RemoveKeywords', 'Keywords/LabelActions/AddKeywords', 'Keywords/KeywordActions/Import', 'Keywords/KeywordActions/MigrateToGroup',
      'Keywords/KeywordActions/MigrateToProject', 'Keywords/KeywordActions/NewProjectImport', 'import/OutreachImport', 'ProjectActions/SearchProjectsForTerms',
      'ProjectActions/MoveDomainToProject', 'Relationships/GetRelationships', 'Relationships/UpdateDomain', 'Relationships/UpdateUrl', 'Ratings/UpdateDomain',
      'Ratings/UpdateUrl', 'Tags/UpdateTags', 'Contexts/GetDomain', 'Contexts/GetUrl', 'Projects/CreateProject', 'Projects/DeleteProject',
      'Projects/GetProjects', 'Projects/PatchProject',
    ];
    expect(documented).toHaveLength(48);
    const paths = calls.map((call) => call.path(fixture).split('?')[0]);
    for (const path of documented) expect([path, paths.includes(`${nsa}/${path}`)]).toEqual([path, true]);
  });

  it('a visitor gets 401 from every call', async () => {
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    const before = await ownerDigest();
    for (const call of calls) expect([call.name, (await send(visitor, call)).status]).toEqual([call.name, 401]);
    expect(await ownerDigest()).toBe(before);
  });

  it('a free user gets 403 from every full-plan call', async () => {
    const browser = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['free'] }));
    const before = await ownerDigest();
    for (const call of calls.filter((entry) => entry.level === 'full')) expect([call.name, (await send(browser, call)).status]).toEqual([call.name, 403]);
    expect(await ownerDigest()).toBe(before);
  });

  it.each([
    ['another full user', false],
    ['a team member of another account', true],
  ])('%s gets 404 for the owner’s records, never sees them, and changes nothing', async (_who, asChild) => {
    const stranger = await createTestUser(database, { roles: ['full'] });
    const caller = asChild ? await createTestUser(database, { roles: [], parentUserId: stranger.id }) : stranger;
    const browser = await loggedInSession(baseUrl, caller);
    const before = await ownerDigest();
    for (const call of calls) {
      const response = await send(browser, call);
      const text = await response.text();
      if (call.namesRecord) expect([call.name, response.status]).toEqual([call.name, 404]);
      else expect([call.name, response.status]).toEqual([call.name, 200]);
      for (const secret of ownerSecrets()) expect([call.name, text.includes(secret)]).toEqual([call.name, false]);
      expect([call.name, await ownerDigest()]).toEqual([call.name, before]);
    }
  });

  it('a team member the owner shut out gets 403 from every call about projects', async () => {
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    await ownerBrowser.post('/rest/projects/team-access', { childUserId: child.id, access: 'none' });
    const browser = await loggedInSession(baseUrl, child);
    const before = await ownerDigest();
    for (const call of calls.filter((entry) => !entry.accountWide)) expect([call.name, (await send(browser, call)).status]).toEqual([call.name, 403]);
    expect(await ownerDigest()).toBe(before);
  });

  it('a view-only team member reads everything and changes nothing', async () => {
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    await ownerBrowser.post('/rest/projects/team-access', { childUserId: child.id, access: 'view' });
    const browser = await loggedInSession(baseUrl, child);
    const before = await ownerDigest();
    for (const call of calls) {
      const status = (await send(browser, call)).status;
      expect([call.name, status]).toEqual([call.name, call.changes ? 403 : 200]);
    }
    expect(await ownerDigest()).toBe(before);
    const listed = await (await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${fixture.projectId}`)).text();
    expect(listed).toContain(fixture.term);
  });

  it('documented GETs that change something need the cross-site token', async () => {
    const before = await ownerDigest();
    for (const call of calls.filter((entry) => entry.changes && entry.method === 'GET')) {
      expect([call.name, (await ownerBrowser.get(call.path(fixture))).status]).toEqual([call.name, 403]);
    }
    for (const call of calls.filter((entry) => entry.method === 'POST')) {
      expect([call.name, (await ownerBrowser.post(call.path(fixture), call.body?.(fixture) ?? {}, false)).status]).toEqual([call.name, 403]);
    }
    expect(await ownerDigest()).toBe(before);
  });
});
