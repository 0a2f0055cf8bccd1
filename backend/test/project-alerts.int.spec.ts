import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { accountMessages, projectAlertMessages, type ProjectAlert } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function projectOf(owner: TestUser): Promise<string> {
  const id = randomUUID();
  await database.query(
    `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Shop', 'shop.example', 'US', now(), now())`,
    [id, owner.id],
  );
  return id;
}

const alertCount = async () => Number((await database.query<{ n: string }>('select count(*) as n from project_alert'))[0]!.n);
const alertBody = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  name: 'Weekly SEO report',
  alertTypeId: 1,
  isActive: true,
  sourceUrl: '/seo/overview/domain?query=shop.example',
  alertRecipients: [{ emailAddress: ' Boss@Example.com ', isActive: true }],
  ...extra,
});

describe('project alerts', () => {
  it('saves, lists, changes and deletes an alert of the caller’s project', async () => {
    const owner = await createTestUser(database, { roles: ['full'] });
    const projectId = await projectOf(owner);
    const browser = await loggedInSession(baseUrl, owner);

    const saved = (await (await browser.post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId))).json()) as { data: { alert: ProjectAlert } };
    expect(saved.data.alert).toMatchObject({ userId: owner.id, projectId, name: 'Weekly SEO report', alertTypeId: 1, alertRecipients: [{ emailAddress: 'boss@example.com', isActive: true }] });
    const alertId = saved.data.alert.alertId;

    const changed = await browser.post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId, { alertId, isActive: false, name: 'Paused report' }));
    expect(changed.status).toBe(200);
    expect(await (await browser.get('/NsaApi/Account/GetProjectAlerts')).json()).toEqual([expect.objectContaining({ alertId, isActive: false, name: 'Paused report' })]);

    expect((await browser.get(`/NsaApi/Account/DeleteProjectAlert?alertId=${alertId}`)).status).toBe(403); // no cross-site token
    expect((await browser.getWithToken(`/NsaApi/Account/DeleteProjectAlert?alertId=${alertId}`)).status).toBe(200);
    expect(await (await browser.get('/NsaApi/Account/GetProjectAlerts')).json()).toEqual([]);
  });

  it('shares the alerts of the account with its child accounts', async () => {
    const owner = await createTestUser(database, { roles: ['full'] });
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    const projectId = await projectOf(owner);
    await (await loggedInSession(baseUrl, owner)).post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId));
    const listed = (await (await (await loggedInSession(baseUrl, child)).get('/NsaApi/Account/GetProjectAlerts')).json()) as ProjectAlert[];
    expect(listed.map((alert) => alert.projectId)).toEqual([projectId]);
  });

  it.each([
    ['no recipients', { alertRecipients: [] }, projectAlertMessages.noRecipients],
    ['a bad address', { alertRecipients: [{ emailAddress: 'nope', isActive: true }] }, accountMessages.invalidEmail],
    ['an empty name', { name: '  ' }, 'Give the alert a name.'],
    ['another alert type', { alertTypeId: 2 }, 'The alert type must be 1.'],
    ['an unknown field', { cron: '* * * * *' }, 'Unrecognized key: "cron"'],
  ])('refuses %s with a 400 and saves nothing', async (_case, extra, message) => {
    const owner = await createTestUser(database, { roles: ['full'] });
    const projectId = await projectOf(owner);
    const before = await alertCount();
    const response = await (await loggedInSession(baseUrl, owner)).post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId, extra));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await alertCount()).toBe(before);
  });

  it('keeps other accounts out: a visitor gets 401; another user can neither use the project nor see, change or delete the alert', async () => {
    const owner = await createTestUser(database, { roles: ['full'] });
    const projectId = await projectOf(owner);
    const mine = await loggedInSession(baseUrl, owner);
    const { data } = (await (await mine.post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId))).json()) as { data: { alert: ProjectAlert } };

    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.get('/NsaApi/Account/GetProjectAlerts')).status).toBe(401);
    expect((await visitor.post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId))).status).toBe(401);
    expect((await visitor.getWithToken(`/NsaApi/Account/DeleteProjectAlert?alertId=${data.alert.alertId}`)).status).toBe(401);

    const strangerUser = await createTestUser(database, { roles: ['full'] });
    const stranger = await loggedInSession(baseUrl, strangerUser);
    expect(await (await stranger.get('/NsaApi/Account/GetProjectAlerts')).json()).toEqual([]);
    const useProject = await stranger.post('/NsaApi/Account/SaveProjectAlert', alertBody(projectId));
    expect(useProject.status).toBe(404);
    expect(((await useProject.json()) as { message: string }).message).toBe(projectAlertMessages.projectNotFound);
    const strangerProject = await projectOf(strangerUser);
    const takeOver = await stranger.post('/NsaApi/Account/SaveProjectAlert', alertBody(strangerProject, { alertId: data.alert.alertId }));
    expect(takeOver.status).toBe(404);
    expect((await stranger.getWithToken(`/NsaApi/Account/DeleteProjectAlert?alertId=${data.alert.alertId}`)).status).toBe(404);
    expect(await (await mine.get('/NsaApi/Account/GetProjectAlerts')).json()).toEqual([expect.objectContaining({ alertId: data.alert.alertId, name: 'Weekly SEO report', projectId })]);
  });
});
