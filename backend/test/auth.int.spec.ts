import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { accountMessages, authMessages, sessionCookieName, type ActiveState } from '@serpwise/contracts';
import { outboxMails, startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
let outbox: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '2', LOGIN_ATTEMPTS_PER_15_MIN: '3' } });
  ({ database, baseUrl, outboxDir: outbox } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const userCount = async () => Number((await database.query<{ n: string }>('select count(*) as n from app_user'))[0]!.n);
const activeState = async (browser: HttpSession) => (await (await browser.get('/endpoints/accountapi/getactivestate')).json()) as ActiveState;
const body = async (response: Response) => (await response.json()) as { data: { isSuccessful: boolean; errors: string[]; redirectUrl?: string }; message?: string };

async function freshBrowser(path = '/freeaccount') {
  const browser = new HttpSession(baseUrl);
  await browser.open(path);
  return browser;
}

describe('free sign-up', () => {
  it('creates the account, logs the browser in, and sends it to onboarding', async () => {
    const browser = await freshBrowser();
    const before = browser.cookie;
    const response = await browser.post('/auth/registerfreeaccount', { email: '  New.User@Example.com ', password: 'secret1', token: null, source: 'FreeAccount' });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ data: { isSuccessful: true, errors: [], redirectUrl: '/onboarding' } });
    expect(browser.cookie).not.toBe(before); // a new session token after login
    const [row] = await database.query('select email, roles, should_show_onboarding, password_hash from app_user where email = $1', ['new.user@example.com']);
    expect(row).toMatchObject({ email: 'new.user@example.com', roles: ['free'], should_show_onboarding: true });
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
    const state = await activeState(browser);
    expect(state.user).toMatchObject({ isLoggedIn: true, email: 'new.user@example.com', isFullUser: false, shouldShowOnboarding: true });
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email', password: 'secret1' }, [accountMessages.invalidEmail]],
    ['a short password', { email: 'short@example.com', password: ' 12345 ' }, [accountMessages.passwordTooShort]],
    ['both', { email: 'a@b', password: '1' }, [accountMessages.invalidEmail, accountMessages.passwordTooShort]],
  ])('refuses %s with the documented messages and creates nothing', async (_case, payload, errors) => {
    const browser = await freshBrowser();
    const before = await userCount();
    const response = await browser.post('/auth/registerfreeaccount', { ...payload, token: null, source: 'FreeAccount' });
    expect(response.status).toBe(400);
    expect((await body(response)).data).toEqual({ isSuccessful: false, errors });
    expect(await userCount()).toBe(before);
  });

  it('refuses a second account for the same address (in any case)', async () => {
    await createTestUser(database, { email: 'taken@example.com' });
    const browser = await freshBrowser();
    const response = await browser.post('/auth/registerjson', { email: 'TAKEN@example.com', password: 'secret1', token: null, source: 'FreeAccount' });
    expect(response.status).toBe(409);
    expect((await body(response)).data.errors).toEqual([accountMessages.duplicateEmail]);
    expect((await activeState(browser)).user.isLoggedIn).toBe(false);
  });

  it('refuses unknown fields and wrong types with a 400', async () => {
    const browser = await freshBrowser();
    const response = await browser.post('/auth/registerfreeaccount', { email: 'x@example.com', password: 123, token: null });
    expect(response.status).toBe(400);
    expect((await browser.post('/auth/registerfreeaccount', { email: 'x@example.com', password: 'secret1', isAdmin: true })).status).toBe(400);
  });

  it('registerfreeaccountorlogin logs in an existing account with the right password, and refuses a wrong one', async () => {
    const user = await createTestUser(database, { email: 'either@example.com', password: 'right-password' });
    const browser = await freshBrowser();
    const wrong = await browser.post('/auth/registerfreeaccountorlogin', { email: user.email, password: 'wrong-password', token: null, source: 'FreeAccount' });
    expect(wrong.status).toBe(409);
    expect((await body(wrong)).data.errors).toEqual([accountMessages.duplicateEmail]);
    const right = await browser.post('/auth/registerfreeaccountorlogin', { email: user.email, password: user.password, token: null, source: 'FreeAccount' });
    expect((await body(right)).data.isSuccessful).toBe(true);
    await browser.open('/');
    expect((await activeState(browser)).user.email).toBe(user.email);
  });
});

describe('login and logout', () => {
  it('shows the documented message for a wrong password, and stays a visitor', async () => {
    const user = await createTestUser(database);
    const browser = await freshBrowser('/auth/login');
    const response = await browser.post('/auth/login', { username: user.email, password: 'nope', rememberMe: false, source: 'LoginPage', token: null });
    expect(response.status).toBe(401);
    expect((await body(response)).data).toEqual({ isSuccessful: false, errors: [accountMessages.loginFailed] });
    expect((await activeState(browser)).user.isLoggedIn).toBe(false);
  });

  it('gives the same answer for an unknown account', async () => {
    const browser = await freshBrowser('/auth/login');
    const response = await browser.post('/auth/login', { username: 'nobody@example.com', password: 'whatever', token: null });
    expect((await body(response)).data.errors).toEqual([accountMessages.loginFailed]);
  });

  it('refuses empty fields with a 400', async () => {
    const browser = await freshBrowser('/auth/login');
    const response = await browser.post('/auth/login', { username: ' ', password: '', token: null });
    expect(response.status).toBe(400);
    expect((await body(response)).data.errors).toEqual([authMessages.loginFieldsMissing]);
  });

  it("logs in, makes 'Remember Me' a persistent cookie, and a plain login a browser-session cookie", async () => {
    const user = await createTestUser(database);
    const remembered = await freshBrowser('/auth/login');
    const first = await remembered.post('/auth/login', { username: user.email, password: user.password, rememberMe: true, source: 'LoginPage', token: null });
    expect(first.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/);
    const plain = await freshBrowser('/auth/login');
    const second = await plain.post('/auth/login', { username: user.email, password: user.password, remember: false, source: 'LoginPage', token: null });
    expect(second.headers.get('set-cookie')).toMatch(new RegExp(`^${sessionCookieName}=`));
    expect(second.headers.get('set-cookie')).not.toMatch(/Max-Age/);
    expect((await body(second)).data).toEqual({ isSuccessful: true, errors: [], redirectUrl: '/' });
  });

  it('keeps a safe returnUrl and drops an off-site one', async () => {
    const user = await createTestUser(database);
    const browser = await freshBrowser('/auth/login');
    const good = await browser.post('/auth/login', { username: user.email, password: user.password, returnUrl: '/account/settings', token: null });
    expect((await body(good)).data.redirectUrl).toBe('/account/settings');
    const other = await freshBrowser('/auth/login');
    const evil = await other.post('/auth/login', { username: user.email, password: user.password, returnUrl: '//evil.example/x', token: null });
    expect((await body(evil)).data.redirectUrl).toBe('/');
    const another = await createTestUser(database); // (a third session of the first would be one too many here)
    const sneaky = await (await freshBrowser('/auth/login')).post('/auth/login', { username: another.email, password: another.password, returnUrl: '/\t/evil.example/x', token: null });
    expect((await body(sneaky)).data.redirectUrl).toBe('/');
  });

  it('returns to the whole place a login prompt was on: tab, sort, page and hash (issue 24)', async () => {
    const user = await createTestUser(database);
    const place = '/seo/keywords/domain?query=a.com&sort=volume&dir=desc&startRow=21#organic';
    const answer = await (await freshBrowser('/auth/login')).post('/auth/login', { username: user.email, password: user.password, returnUrl: place, token: null });
    expect((await body(answer)).data.redirectUrl).toBe(place);
  });

  it('carries the place of a sign-up prompt through onboarding (issue 24)', async () => {
    const browser = await freshBrowser();
    const place = '/seo/keywords/domain?query=a.com&startRow=21';
    const response = await browser.post('/auth/registerfreeaccount', { email: 'prompted.signup@example.com', password: 'secret1', token: null, source: 'FreeAccount', returnUrl: place });
    expect((await body(response)).data.redirectUrl).toBe(`/onboarding?returnUrl=${encodeURIComponent(place)}`);
  });

  it('makes the old cross-site token worthless after login', async () => {
    const user = await createTestUser(database);
    const browser = await freshBrowser('/auth/login');
    const oldToken = browser.csrfToken;
    await browser.post('/auth/login', { username: user.email, password: user.password, token: null });
    const response = await browser.request('POST', '/endpoints/poll', { 'x-csrf-token': oldToken }, {});
    expect(response.status).toBe(403);
  });

  it('logs out with a form post (cross-site token) through the sister-product redirect, with no user id in it', async () => {
    const user = await createTestUser(database);
    const browser = await loggedInSession(baseUrl, user);
    const response = await browser.request('POST', '/auth/logout', { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, undefined, `csrfToken=${browser.csrfToken}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sendUserToRivalFlow?page=logout&sfu=member');
    expect(response.headers.get('location')).not.toContain(user.id);
    expect((await activeState(browser)).user.isLoggedIn).toBe(false);
    const onward = await browser.request('GET', '/sendUserToRivalFlow?page=logout&sfu=free', { accept: 'text/html' });
    expect(onward.headers.get('location')).toBe('/');
    const guest = await freshBrowser('/');
    expect((await guest.post('/auth/logout')).headers.get('location')).toContain('sfu=free');
  });

  it('locks an account name out after too many failures from one address, with a clear 429', async () => {
    const user = await createTestUser(database);
    const browser = await freshBrowser('/auth/login');
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await browser.post('/auth/login', { username: user.email, password: 'bad', token: null })).status).toBe(401);
    }
    const blocked = await browser.post('/auth/login', { username: user.email, password: user.password, token: null });
    expect(blocked.status).toBe(429);
    expect((await body(blocked)).data.errors[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await activeState(browser)).user.isLoggedIn).toBe(false);
  });
});

describe('forgot password', () => {
  const latestMail = async () => (await outboxMails(outbox))[0]!;
  const linkIn = (mail: string) => /\/auth\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;

  it('mails a one-time link that sets a new password and ends the old sessions', async () => {
    const user = await createTestUser(database, { email: 'forgetful@example.com', password: 'old-password' });
    const oldSession = await loggedInSession(baseUrl, user);
    const browser = await freshBrowser('/auth/forgotpassword');
    const response = await browser.post('/Endpoints/AccountApi/JsonForgotPassword', { email: 'Forgetful@example.com' });
    expect(await body(response)).toEqual({ data: { isSuccessful: true, errors: [] } });
    const mail = await latestMail();
    expect(mail).toContain('To: forgetful@example.com');
    const token = linkIn(mail);

    expect(await (await browser.get(`/rest/auth/password-reset?token=${token}`)).json()).toEqual({ isValid: true });
    const differ = await browser.post('/rest/auth/password-reset', { token, newPassword: 'new-password', confirmPassword: 'other' });
    expect((await body(differ)).data.errors).toEqual([authMessages.passwordsDiffer]);
    const reset = await browser.post('/rest/auth/password-reset', { token, newPassword: 'new-password', confirmPassword: 'new-password' });
    expect(reset.status).toBe(200);
    const again = await browser.post('/rest/auth/password-reset', { token, newPassword: 'third-password', confirmPassword: 'third-password' });
    expect((await body(again)).data.errors).toEqual([authMessages.resetLinkInvalid]);

    expect(await (await oldSession.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: true });
    const login = await browser.post('/auth/login', { username: user.email, password: 'new-password', token: null });
    expect((await body(login)).data.isSuccessful).toBe(true);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const browser = await freshBrowser('/auth/forgotpassword');
    const before = (await outboxMails(outbox)).length;
    const response = await browser.post('/Endpoints/AccountApi/JsonForgotPassword', { email: 'stranger@example.com' });
    expect(await body(response)).toEqual({ data: { isSuccessful: true, errors: [] } });
    expect((await outboxMails(outbox)).length).toBe(before);
  });

  it('refuses a malformed address with the documented message', async () => {
    const browser = await freshBrowser('/auth/forgotpassword');
    const response = await browser.post('/Endpoints/AccountApi/JsonForgotPassword', { email: 'nope' });
    expect(response.status).toBe(400);
    expect((await body(response)).data.errors).toEqual([accountMessages.invalidEmail]);
  });

  it('refuses an expired link', async () => {
    const user = await createTestUser(database, { email: 'expired@example.com' });
    const browser = await freshBrowser('/auth/forgotpassword');
    await browser.post('/Endpoints/AccountApi/JsonForgotPassword', { email: user.email });
    const token = linkIn(await latestMail());
    await database.query(`update password_reset set expires_at = now() - interval '1 second' where user_id = $1`, [user.id]);
    expect(await (await browser.get(`/rest/auth/password-reset?token=${token}`)).json()).toEqual({ isValid: false });
    const reset = await browser.post('/rest/auth/password-reset', { token, newPassword: 'new-password', confirmPassword: 'new-password' });
    expect(reset.status).toBe(400);
  });
});

describe('concurrent sessions', () => {
  it('flags a user over the limit and sends the extra login to /add-users', async () => {
    const user = await createTestUser(database);
    const first = await loggedInSession(baseUrl, user);
    await loggedInSession(baseUrl, user);
    expect(await (await first.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: false });
    const third = await freshBrowser('/auth/login');
    const response = await third.post('/auth/login', { username: user.email, password: user.password, token: null });
    expect((await body(response)).data.redirectUrl).toBe('/add-users');
    expect(await (await first.post('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: true, isSessionKilled: false });
    await third.open('/');
    expect((await activeState(third)).user.isTooManyActiveSessions).toBe(true);
  });

  it('lets the user end other sessions; the ended one learns it once on its next poll', async () => {
    const user = await createTestUser(database);
    const other = await loggedInSession(baseUrl, user);
    const mine = await loggedInSession(baseUrl, user);
    const listed = (await (await mine.get('/Endpoints/ChildAccount/ListSessions')).json()) as { sessions: { id: string; isCurrent: boolean }[]; limit: number };
    expect(listed.limit).toBe(2);
    expect(listed.sessions).toHaveLength(2);
    const otherId = listed.sessions.find((session) => !session.isCurrent)!.id;
    const removed = await mine.post('/Endpoints/ChildAccount/RemoveSessions', { sessionIds: [otherId] });
    expect(await removed.json()).toEqual({ removed: 1, removedIds: [otherId] });
    expect(await (await other.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: true });
    expect(await (await other.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: false });
    expect((await activeState(other)).user.isLoggedIn).toBe(false);
  });

  it("cannot end another user's session", async () => {
    const victim = await loggedInSession(baseUrl, await createTestUser(database));
    const victimState = await activeState(victim);
    const attacker = await loggedInSession(baseUrl, await createTestUser(database));
    const response = await attacker.post('/Endpoints/ChildAccount/RemoveSessions', { sessionIds: [victimState.user.sessionId] });
    expect(await response.json()).toEqual({ removed: 0, removedIds: [] });
    expect((await activeState(victim)).user.isLoggedIn).toBe(true);
  });

  it('never flags an infinitelogin user', async () => {
    const user = await createTestUser(database, { roles: ['full', 'infinitelogin'] });
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await loggedInSession(baseUrl, user));
    expect(await (await sessions[0]!.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: false });
  });
});

describe('roles in the active state', () => {
  it('gives a child account its parent plan and shows its own e-mail as the child e-mail', async () => {
    const parent = await createTestUser(database, { roles: ['full'] });
    const child = await createTestUser(database, { parentUserId: parent.id, roles: [] });
    const state = await activeState(await loggedInSession(baseUrl, child));
    expect(state.user).toMatchObject({ isChildAccount: true, isFullUser: true, childUserEmail: child.email, email: parent.email, childUserId: child.id });
  });

  it('tells a recon user apart, with unlimited export rows', async () => {
    const recon = await createTestUser(database, { roles: ['full', 'recon_full'] });
    const state = await activeState(await loggedInSession(baseUrl, recon));
    expect(state.user).toMatchObject({ isFullUser: true, isFullReconUser: true, product: { hasUnlimitedExportRows: true } });
  });

  it('lets an admin enable admin actions for one hour, and nobody else', async () => {
    const admin = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['admin'] }));
    expect(await (await admin.get('/rest/admin/actions')).json()).toEqual({ adminActionsUntil: null });
    const enabled = (await (await admin.post('/rest/admin/actions')).json()) as { adminActionsUntil: string };
    // The session holds it: every console page reads it back.
    expect(await (await admin.get('/rest/admin/actions')).json()).toEqual(enabled);
    const minutes = (new Date(enabled.adminActionsUntil).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const full = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
    expect((await full.post('/rest/admin/actions')).status).toBe(403);
    expect((await full.get('/rest/admin/actions')).status).toBe(403);
    expect((await (await freshBrowser('/')).post('/rest/admin/actions')).status).toBe(401);
  });
});
