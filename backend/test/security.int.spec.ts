import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type ActiveState, type GoogleAuthState, type ProjectAlert } from '@serpwise/contracts';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { TestStack } from '../../infra/test/stack.js';
import { lastMailTo, startTestApp, type TestApp } from '../../infra/test/test-app.js';
import type { TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { startWorkerHttpServer } from '../../worker/src/http/worker-http-server.js';
import { calls, createFixture, ownerDigest, sendCall, type Call, type Fixture } from './project-area-calls.js';
import { nsa } from './projects-support.js';

/**
 * Issue 16, points 4, 5, 6 and 10 (docs/decisions.md, "Security: links, logs, child access, HTTP hygiene"): links in
 * mails and redirects come from PUBLIC_URL whatever Host header a request forges; no secret reaches a log line;
 * a team member's project access (none, view, edit) holds for every project call and every alert call; every answer
 * carries the security headers, the web bundle goes out compressed, /metrics is not public, and no other site can log
 * a user out.
 */

jest.setTimeout(300_000);

/** The configured address (startTestApp sets PUBLIC_URL to the app's own address, as `npm start` does). */
let publicUrl: string;
const metricsToken = 'security-test-metrics-token-0123';
const forgedHost = 'evil.example';

let google: FakeGoogle;
let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

const json = async <T>(response: Response) => (await response.json()) as T;
const activeState = async (browser: HttpSession) => json<ActiveState>(await browser.get('/endpoints/accountapi/getactivestate'));

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request with headers fetch() will not send (Host) or would undo (Accept-Encoding): node:http, the body as it came.
 * The session's cookie and cross-site token go with it, like a browser's.
 */
function rawRequest(path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown; session?: HttpSession } = {}): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.session?.cookie ? { cookie: options.session.cookie, [csrfHeaderName]: options.session.csrfToken } : {}),
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Every way a client can claim another address: Host, and the proxy headers a forged request may carry too. */
const forgedHeaders = { host: forgedHost, 'x-forwarded-host': forgedHost, 'x-forwarded-proto': 'http', forwarded: `host=${forgedHost};proto=http` };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);

beforeAll(async () => {
  google = await new FakeGoogle().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: {
      METRICS_TOKEN: metricsToken,
      SESSION_LIMIT_PER_USER: '100',
      GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_BASE_URL: google.baseUrl,
    },
  });
  ({ database, baseUrl } = testApp);
  publicUrl = testApp.environment.PUBLIC_URL;
}, 180_000);

afterAll(async () => {
  await testApp?.stop();
  await google?.stop();
});

describe('links come from PUBLIC_URL, never from the Host header (point 4)', () => {
  it('forgot-password with a forged Host mails a reset link to PUBLIC_URL', async () => {
    const user = await createTestUser(database);
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/auth/forgotpassword');
    const answer = await rawRequest('/Endpoints/AccountApi/JsonForgotPassword', { method: 'POST', session: visitor, headers: forgedHeaders, body: { email: user.email } });
    expect(answer.status).toBe(200);
    const mail = await lastMailTo(testApp.outboxDir, user.email);
    expect(mail).not.toContain(forgedHost);
    expect(linksIn(mail)).toEqual([expect.stringMatching(new RegExp(`^${escaped(publicUrl)}/auth/resetpassword\\?token=[A-Za-z0-9_-]+$`))]);
  });

  it('a child-account invite and a receipt mail with a forged Host link to PUBLIC_URL', async () => {
    const owner = await createTestUser(database);
    const browser = await loggedInSession(baseUrl, owner);
    const card = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', securityCode: '123', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2 };
    expect((await browser.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'basic', billing: 'monthly', card })).status).toBe(200);
    const invited = `invited-${owner.id.slice(0, 8)}@example.com`;
    const answer = await rawRequest('/endpoints/childaccount', { method: 'POST', session: browser, headers: forgedHeaders, body: { emails: [invited] } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject([{ email: invited, isSuccessful: true }]);
    const mail = await lastMailTo(testApp.outboxDir, invited);
    expect(mail).not.toContain(forgedHost);
    expect(linksIn(mail)).toEqual([expect.stringMatching(new RegExp(`^${escaped(publicUrl)}/auth/resetpassword\\?token=`))]);

    const [receipt] = await json<{ id: string }[]>(await browser.get('/NsaApi/Account/GetReceiptsList'));
    expect((await rawRequest(`/Endpoints/AccountApi/GetSendReceipt?id=${receipt!.id}`, { session: browser, headers: forgedHeaders })).status).toBe(200);
    const receiptMail = await lastMailTo(testApp.outboxDir, owner.email);
    expect(receiptMail).not.toContain(forgedHost);
    expect(linksIn(receiptMail)).toEqual([`${publicUrl}/account/receipt?id=${receipt!.id}`]);
  });

  it('the Google redirect (consent screen and code exchange) uses PUBLIC_URL, whatever Host or redirectUri is sent', async () => {
    const user = await createTestUser(database, { roles: ['full'] });
    const browser = await loggedInSession(baseUrl, user);
    const checked = await rawRequest('/auth/checkgoogleauth', { method: 'POST', session: browser, headers: forgedHeaders, body: {} });
    const state = JSON.parse(checked.body.toString()) as GoogleAuthState;
    expect(new URL(state.authorizeUrl!).searchParams.get('redirect_uri')).toBe(`${publicUrl}/google-auth/callback`);

    const set = await rawRequest('/auth/setgoogletoken', {
      method: 'POST',
      session: browser,
      headers: forgedHeaders,
      body: { code: google.issueCode(), redirectUri: `http://${forgedHost}/google-auth/callback` },
    });
    expect(set.status).toBe(200);
    expect(google.requestsTo('/token').at(-1)!.form.redirect_uri).toBe(`${publicUrl}/google-auth/callback`);
  });
});

describe('a team member’s project access holds everywhere (point 6)', () => {
  let owner: TestUser;
  let ownerBrowser: HttpSession;
  let fixture: Fixture;
  let domain: string;

  beforeAll(async () => {
    owner = await createTestUser(database, { roles: ['full'] });
    ownerBrowser = await loggedInSession(baseUrl, owner);
    fixture = await createFixture(database, ownerBrowser, owner.id);
    const [busy] = await database.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.month desc, dm.organic_keywords desc limit 1`,
    );
    domain = busy!.name;
  });

  async function teamMember(parent: TestUser, parentBrowser: HttpSession, access: 'none' | 'view' | 'edit'): Promise<HttpSession> {
    const child = await createTestUser(database, { roles: [], parentUserId: parent.id });
    expect((await parentBrowser.post('/rest/projects/team-access', { childUserId: child.id, access })).status).toBe(200);
    return loggedInSession(baseUrl, child);
  }

  /** Everything of the owner's alerts and scheduled reports: any change shows. */
  const alertDigest = async (ownerId: string) =>
    (
      await database.query<{ digest: string | null }>(
        `select md5(coalesce(string_agg(line, '|' order by line), '')) as digest from (
           select 'a:' || a::text as line from project_alert a where owner_user_id = $1
           union all select 'r:' || r::text from scheduled_report r join app_user u on u.id = r.user_id where u.id = $1 or u.parent_user_id = $1) lines`,
        [ownerId],
      )
    )[0]!.digest;

  const saveAlert = (browser: HttpSession, body: Record<string, unknown>) =>
    browser.post('/NsaApi/Account/SaveProjectAlert', {
      projectId: fixture.projectId,
      name: 'Weekly report',
      alertTypeId: 1,
      isActive: true,
      sourceUrl: null,
      alertRecipients: [{ emailAddress: 'boss@example.com', isActive: true }],
      ...body,
    });

  const reportForm = (extra: Record<string, string>) => {
    const form = new FormData();
    const fields = { itemName: domain, countryCode: 'US', template: 'Executive', styleId: '3', emailCsv: 'attacker@evil.example', sendReportToSelf: 'false', ...extra };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  /** The alert calls a team member may not make without 'edit', each naming the owner's alert or project. */
  async function alertChanges(browser: HttpSession, alertId: string): Promise<Record<string, number>> {
    return {
      create: (await saveAlert(browser, {})).status,
      readdress: (await saveAlert(browser, { alertId, alertRecipients: [{ emailAddress: 'attacker@evil.example', isActive: true }] })).status,
      delete: (await browser.getWithToken(`/NsaApi/Account/DeleteProjectAlert?alertId=${alertId}`)).status,
      scheduleWithAlert: (
        await browser.postForm(
          '/Endpoints/PdfExport/Schedule',
          reportForm({ scheduleReport: 'true', frequency: 'WEEKLY', sendAlerts: 'true', alertConfig: JSON.stringify({ projectId: fixture.projectId }) }),
        )
      ).status,
      emailWithAlert: (
        await browser.postForm('/Endpoints/PdfExport/Export', reportForm({ sendByEmail: 'true', sendAlerts: 'true', alertConfig: JSON.stringify({ projectId: fixture.projectId }) }))
      ).status,
    };
  }

  async function ownerAlert(): Promise<string> {
    const saved = await json<{ data: { alert: ProjectAlert } }>(await saveAlert(ownerBrowser, { name: `Owner alert ${Date.now()}` }));
    return saved.data.alert.alertId;
  }

  it('none: every project call and every alert call is refused, and nothing changes', async () => {
    const browser = await teamMember(owner, ownerBrowser, 'none');
    const alertId = await ownerAlert();
    const [projects, alerts] = [await ownerDigest(database, owner.id), await alertDigest(owner.id)];
    for (const call of calls.filter((entry) => !entry.accountWide)) expect([call.name, (await sendCall(browser, call, fixture)).status]).toEqual([call.name, 403]);
    expect((await browser.get('/NsaApi/Account/GetProjectAlerts')).status).toBe(403);
    expect(await alertChanges(browser, alertId)).toEqual({ create: 403, readdress: 403, delete: 403, scheduleWithAlert: 403, emailWithAlert: 403 });
    expect(await ownerDigest(database, owner.id)).toBe(projects);
    expect(await alertDigest(owner.id)).toBe(alerts);
  });

  it('view: every project call and the alert list read; every change is refused, and nothing changes', async () => {
    const browser = await teamMember(owner, ownerBrowser, 'view');
    const alertId = await ownerAlert();
    const [projects, alerts] = [await ownerDigest(database, owner.id), await alertDigest(owner.id)];
    for (const call of calls) expect([call.name, (await sendCall(browser, call, fixture)).status]).toEqual([call.name, call.changes ? 403 : 200]);
    const listed = await json<ProjectAlert[]>(await browser.get('/NsaApi/Account/GetProjectAlerts'));
    expect(listed.map((alert) => alert.alertId)).toContain(alertId);
    expect(await alertChanges(browser, alertId)).toEqual({ create: 403, readdress: 403, delete: 403, scheduleWithAlert: 403, emailWithAlert: 403 });
    expect(await ownerDigest(database, owner.id)).toBe(projects);
    expect(await alertDigest(owner.id)).toBe(alerts);
  });

  it('edit: the alert calls work as for the owner', async () => {
    const browser = await teamMember(owner, ownerBrowser, 'edit');
    const alertId = await ownerAlert();
    expect((await json<ProjectAlert[]>(await browser.get('/NsaApi/Account/GetProjectAlerts'))).map((alert) => alert.alertId)).toContain(alertId);
    const before = await alertDigest(owner.id);
    const created = await saveAlert(browser, { name: 'Team member alert' });
    expect(created.status).toBe(200);
    const readdressed = await saveAlert(browser, { alertId, alertRecipients: [{ emailAddress: 'colleague@example.com', isActive: true }] });
    expect((await json<{ data: { alert: ProjectAlert } }>(readdressed)).data.alert.alertRecipients).toEqual([{ emailAddress: 'colleague@example.com', isActive: true }]);
    expect((await browser.getWithToken(`/NsaApi/Account/DeleteProjectAlert?alertId=${alertId}`)).status).toBe(200);
    const scheduled = await browser.postForm(
      '/Endpoints/PdfExport/Schedule',
      reportForm({ scheduleReport: 'true', frequency: 'WEEKLY', sendAlerts: 'true', alertConfig: JSON.stringify({ projectId: fixture.projectId }) }),
    );
    expect(scheduled.status).toBe(200);
    expect(await alertDigest(owner.id)).not.toBe(before);
  });

  it('edit: every project read answers as it does for the owner', async () => {
    const child = await teamMember(owner, ownerBrowser, 'edit');
    for (const call of calls.filter((entry) => !entry.changes)) {
      const [asOwner, asChild] = [await sendCall(ownerBrowser, call, fixture), await sendCall(child, call, fixture)];
      expect([call.name, asChild.status, await asChild.text()]).toEqual([call.name, asOwner.status, await asOwner.text()]);
      expect([call.name, asChild.status]).toEqual([call.name, 200]);
    }
  });

  // Each change on twin accounts (one acting as owner, one through its edit team member): same answer, same effect.
  // One test a call: each makes three accounts and logs them in, which a loaded machine makes slow.
  it.each(calls.filter((entry) => entry.changes).map((call) => [call.name, call] as const))(
    'edit: %s answers as it does for the owner, with the same effect',
    async (_name, call) => {
      const results = [];
      for (const asTeamMember of [false, true]) {
        const twin = await createTestUser(database, { roles: ['full'] });
        const twinBrowser = await loggedInSession(baseUrl, twin);
        const twinFixture = await createFixture(database, twinBrowser, twin.id);
        const caller = asTeamMember ? await teamMember(twin, twinBrowser, 'edit') : twinBrowser;
        const before = await ownerDigest(database, twin.id);
        const status = (await sendCall(caller, call, twinFixture)).status;
        results.push({ status, changed: (await ownerDigest(database, twin.id)) !== before });
      }
      expect(results[1]).toEqual(results[0]);
      expect(results[1]!.status).toBeLessThan(300);
      // The fixture's keyword is already in the group it is moved to: a change that changes nothing, for the owner too.
      expect(results[1]!.changed).toBe(call.name !== 'MigrateToGroup');
    },
  );

  it('covers every documented project call', () => {
    const paths = new Set(calls.map((call: Call) => call.path(fixture).split('?')[0]!.replace(`${nsa}/`, '')));
    expect(paths.size).toBeGreaterThanOrEqual(48);
  });
});

describe('HTTP hygiene (point 10)', () => {
  const expectSecurityHeaders = (headers: Headers | RawAnswer['headers'], what: string) => {
    const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined)) ?? null;
    const policy = get('content-security-policy');
    expect([what, policy]).toEqual([what, expect.stringContaining("frame-ancestors 'none'")]);
    expect([what, policy]).toEqual([what, expect.stringContaining("script-src 'self'")]);
    expect([what, policy]).toEqual([what, expect.stringContaining("object-src 'none'")]);
    expect([what, get('x-content-type-options')]).toEqual([what, 'nosniff']);
    expect([what, get('x-frame-options')]).toEqual([what, 'DENY']);
    expect([what, get('referrer-policy')]).toEqual([what, 'strict-origin-when-cross-origin']);
    // SESSION_COOKIE_SECURE is off here (plain http): no HSTS, which would lock the users of an http site out.
    expect([what, get('strict-transport-security')]).toEqual([what, null]);
  };

  it('every page, API answer, error and asset carries the security headers', async () => {
    const visitor = new HttpSession(baseUrl);
    const html = await visitor.open('/');
    const page = await visitor.request('GET', '/overview', { accept: 'text/html' });
    expectSecurityHeaders(page.headers, 'page');
    expectSecurityHeaders((await visitor.get('/rest/session')).headers, 'API');
    expectSecurityHeaders((await visitor.get('/rest/no-such-call')).headers, '404');
    expectSecurityHeaders((await visitor.post('/auth/login', {}, false)).headers, '403');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expectSecurityHeaders((await visitor.get(script)).headers, 'asset');
  });

  it('a PDF shown in the browser keeps every header but the page policy, which would blank Chromium’s viewer', async () => {
    const browser = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
    const [row] = await database.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.month desc, dm.organic_keywords desc limit 1`,
    );
    const pdf = await browser.get(`/rest/reports/preview?domain=${row!.name}&countryCode=US`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(pdf.headers.get('content-security-policy')).toBeNull();
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the web bundle goes out compressed (brotli or gzip, as asked), much smaller than raw', async () => {
    const html = (await rawRequest('/', { headers: { accept: 'text/html' } })).body.toString();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const stylesheet = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const plain = await rawRequest(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // (The page shell itself is under 1 kB, below the threshold where compressing pays.)
    for (const [encoding, path] of [['br', script], ['gzip', script], ['br', stylesheet], ['gzip', stylesheet]] as const) {
      const answer = await rawRequest(path, { headers: { 'accept-encoding': encoding } });
      expect([path, encoding, answer.headers['content-encoding']]).toEqual([path, encoding, encoding]);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    const compressed = await rawRequest(script, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
    const api = await rawRequest('/Endpoints/Search/JsonSearch?query=shop&countryCode=US', { headers: { 'accept-encoding': 'gzip' } });
    if (api.body.length > 1024) expect(api.headers['content-encoding']).toBe('gzip');
  });

  it('/metrics: a visitor is refused on the app port; Prometheus with the token is served', async () => {
    const visitor = await rawRequest('/metrics');
    expect(visitor.status).toBe(401);
    expect(visitor.body.toString()).not.toContain('serpwise_');
    expect((await rawRequest('/metrics', { headers: { authorization: 'Bearer wrong-token-wrong-token-00' } })).status).toBe(401);
    const scraped = await rawRequest('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.body.toString()).toContain('serpwise_http_request_duration_seconds');
  });

  it('/metrics on the worker follows the same rule', async () => {
    const registry = new Registry();
    const server = await startWorkerHttpServer(0, '127.0.0.1', registry, {}, metricsToken);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const open = await startWorkerHttpServer(0, '127.0.0.1', registry, {}, undefined);
    try {
      expect((await fetch(`http://127.0.0.1:${(open.address() as AddressInfo).port}/metrics`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => open.close(resolve));
    }
  });

  it('another site cannot log a user out: a GET only shows the form, a post without the token is refused', async () => {
    const user = await createTestUser(database);
    const browser = await loggedInSession(baseUrl, user);
    // A link or an image on another site: a top-level GET carrying the SameSite=Lax cookie.
    const crossSite = await browser.request('GET', '/auth/logout', { accept: 'text/html', 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
    expect(crossSite.status).toBe(200);
    expect((await activeState(browser)).user.isLoggedIn).toBe(true);
    // A form on another site posting here: it cannot know the token.
    const forged = await browser.request('POST', '/auth/logout', { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, undefined, 'csrfToken=guess');
    expect(forged.status).toBe(403);
    expect((await browser.request('POST', '/auth/logout', { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, undefined, '')).status).toBe(403);
    expect((await activeState(browser)).user.isLoggedIn).toBe(true);
    // The Log out form of our own page: logged out, and the redirect names no user.
    const own = await browser.request('POST', '/auth/logout', { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, undefined, `csrfToken=${browser.csrfToken}`);
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).not.toContain(user.id);
    expect((await activeState(browser)).user.isLoggedIn).toBe(false);
  });
});

describe('no secret in a log line (point 5)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ LOG_LEVEL: 'trace' });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('logging in, using the session, failing and resetting a password leave no token, password or csrf token in the logs', async () => {
    const user = await createTestUser(stack.database, { password: 'Secret-Password-7261', roles: ['full'] });
    const browser = await loggedInSession(stack.baseUrl, user);
    const sessionToken = browser.cookie.split('=')[1]!;
    const csrfToken = browser.csrfToken;
    expect(sessionToken.length).toBeGreaterThan(16);
    // Used: a page, a call, a state change with the token.
    expect((await activeState(browser)).user.isLoggedIn).toBe(true);
    await browser.post('/endpoints/poll', {});
    // Error paths: a wrong password, a malformed body with the password in it, a refused token, an unknown path.
    const stranger = new HttpSession(stack.baseUrl);
    await stranger.open('/auth/login');
    await stranger.post('/auth/login', { username: user.email, password: 'Wrong-Password-5521', token: null });
    await stranger.request('POST', '/auth/login', { [csrfHeaderName]: stranger.csrfToken, 'content-type': 'application/json' }, undefined, `{"username":"${user.email}","password":"Secret-Password-7261"`);
    await browser.request('POST', '/auth/login', { [csrfHeaderName]: `${csrfToken}x` }, {});
    await browser.request('GET', '/rest/no-such-call', { authorization: `Bearer ${sessionToken}` });
    // A server error (the table it reads is gone for a moment): logged with the request that caused it.
    await stack.database.query('alter table project_alert rename to project_alert_away');
    try {
      const failed = await browser.request('GET', '/NsaApi/Account/GetProjectAlerts', { authorization: `Bearer ${sessionToken}`, [csrfHeaderName]: csrfToken });
      expect(failed.status).toBe(500);
    } finally {
      await stack.database.query('alter table project_alert_away rename to project_alert');
    }
    // A password reset: the token travels in a mail and in the reset page's calls.
    await stranger.post('/Endpoints/AccountApi/JsonForgotPassword', { email: user.email });
    const mail = await lastMailTo(`${String(stack.env.DATA_DIR)}/outbox`, user.email);
    const resetToken = /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    await stranger.get(`/rest/auth/password-reset?token=${resetToken}`);
    await stranger.post('/rest/auth/password-reset', { token: resetToken, newPassword: 'Another-Password-9912', confirmPassword: 'Another-Password-9912' });
    // Logged out at the end: the logout answer sets a new cookie.
    await browser.request('POST', '/auth/logout', { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, undefined, `csrfToken=${csrfToken}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last lines reach the pipe

    const log = stack.fullOutput();
    expect(log).toContain('request completed'); // everything was logged, headers included
    expect(log).toContain('request failed'); // the error filter's line for the 500
    expect(log).toContain('[redacted]');
    for (const [name, secret] of [
      ['session token', sessionToken],
      ['csrf token', csrfToken],
      ['password', 'Secret-Password-7261'],
      ['wrong password', 'Wrong-Password-5521'],
      ['new password', 'Another-Password-9912'],
      ['reset token', resetToken],
    ] as const) {
      expect([name, log.includes(secret)]).toEqual([name, false]);
    }
  });
});
