import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { accountMessages, accountSettingsMessages, authMessages } from '@serpwise/contracts';
import { BundleRepository, createOrmConfig, RequestedKeywordRepository } from '@serpwise/database';
import { MikroORM } from '@mikro-orm/postgresql';
import { verify } from '@node-rs/argon2';
import { outboxMails, startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp();
  ({ database, baseUrl } = testApp);
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 1 }));
  await new BundleRepository(orm.em.fork()).ensureCode({ code: 'TEST-BUNDLE-2M', grantedRole: 'full', months: 2, maxRedemptions: null });
  await new BundleRepository(orm.em.fork()).ensureCode({ code: 'ONCE-ONLY', grantedRole: 'full', months: 1, maxRedemptions: 1 });
  await orm.close(true);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

type Answer = { data: { isSuccessful: boolean; errors: string[] } & Record<string, unknown>; message?: string } & Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Answer;
const userRow = async (id: string) =>
  (await database.query<Record<string, unknown>>('select email, name, password_hash, roles, attributes, terms_accepted_at from app_user where id = $1', [id]))[0]!;

async function twoUsers(roles: string[] = ['free']): Promise<{ me: TestUser; other: TestUser; browser: HttpSession; otherBrowser: HttpSession }> {
  const me = await createTestUser(database, { roles });
  const other = await createTestUser(database, { roles });
  return { me, other, browser: await loggedInSession(baseUrl, me), otherBrowser: await loggedInSession(baseUrl, other) };
}

async function visitor() {
  const browser = new HttpSession(baseUrl);
  await browser.open('/');
  return browser;
}

describe('visitors get 401 from every account call', () => {
  it.each([
    ['POST', '/Endpoints/AccountApi/JsonChangeDisplayName', { newDisplayName: 'x' }],
    ['POST', '/Endpoints/AccountApi/JsonChangeEmail', { newEmail: 'x@example.com' }],
    ['POST', '/Endpoints/AccountApi/JsonChangePassword', { newPassword: 'secret1', currentPassword: 'x' }],
    ['GET', '/Endpoints/AccountApi/GetAccountInfo', undefined],
    ['GET', '/Endpoints/AccountApi/GetUserApiInfo', undefined],
    ['GET', '/Endpoints/AccountApi/AcceptTermsOfService', undefined],
    ['GET', '/NsaApi/Account/GetRequestedKeywords', undefined],
    ['POST', '/NsaApi/Account/AddRequestedKeywords', { termsCsv: 'a' }],
    ['GET', '/NsaApi/Account/GetEmailAddresses', undefined],
    ['GET', '/NsaApi/Account/SetEmailAddresses?emails=a@example.com', undefined],
    ['GET', '/NsaApi/Account/GetUserContactInfo', undefined],
    ['POST', '/NsaApi/Account/SetUserContactInfo', { company: 'x' }],
    ['GET', '/NsaApi/Account/GetApiMonthlyUsageData', undefined],
    ['GET', '/NsaApi/Account/GetGenerateApiKey', undefined],
    ['GET', '/NsaApi/Account/GetUserAttribute?name=DISMISS_RF_PROMO_TOOLTIP', undefined],
    ['POST', '/NsaApi/Account/SetUserAttribute', { name: 'DISMISS_RF_PROMO_TOOLTIP', value: '1' }],
    ['POST', '/rest/account/redeem-bundle', { code: 'TEST-BUNDLE-2M' }],
  ])('%s %s', async (method, path, payload) => {
    const browser = await visitor();
    const response = method === 'POST' ? await browser.post(path, payload) : await browser.getWithToken(path);
    expect(response.status).toBe(401);
  });
});

describe('JsonChangeDisplayName', () => {
  it('changes only the caller’s name, trimmed', async () => {
    const { me, other, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeDisplayName', { newDisplayName: '  Ada   Lovelace ' });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ isSuccessful: true, errors: [], displayName: 'Ada Lovelace' });
    expect((await userRow(me.id)).name).toBe('Ada Lovelace');
    expect((await userRow(other.id)).name).toBeNull();
  });

  it.each([
    ['blank', '   ', accountSettingsMessages.displayNameRequired],
    ['too long', 'x'.repeat(121), accountSettingsMessages.displayNameTooLong],
  ])('refuses a %s name with a 400 and changes nothing', async (_case, newDisplayName, message) => {
    const { me, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeDisplayName', { newDisplayName });
    expect(response.status).toBe(400);
    expect((await json(response)).data).toEqual({ isSuccessful: false, errors: [message] });
    expect((await userRow(me.id)).name).toBeNull();
  });

  it('refuses a body that names another user', async () => {
    const { me, other, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeDisplayName', { newDisplayName: 'Mallory', userId: other.id });
    expect(response.status).toBe(400);
    expect((await userRow(other.id)).name).toBeNull();
    expect((await userRow(me.id)).name).toBeNull();
  });
});

describe('JsonChangeEmail', () => {
  it('changes the caller’s address, normalised, and tells the old address', async () => {
    const { me, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeEmail', { newEmail: ' New.Address@Example.COM ' });
    expect((await json(response)).data).toMatchObject({ isSuccessful: true, email: 'new.address@example.com' });
    expect((await userRow(me.id)).email).toBe('new.address@example.com');
    const mails = await outboxMails(testApp.outboxDir);
    const notice = mails.find((mail) => mail.includes(`To: ${me.email}`));
    expect(notice).toMatch(/Your Serpwise email address was changed/);
    expect(notice).toContain('new.address@example.com');
  });

  it('refuses an address another account uses, with the documented message', async () => {
    const { me, other, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeEmail', { newEmail: other.email.toUpperCase() });
    expect(response.status).toBe(409);
    expect((await json(response)).data.errors).toEqual([accountMessages.duplicateEmail]);
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('refuses an invalid address with the documented message', async () => {
    const { me, browser } = await twoUsers();
    const response = await browser.post('/Endpoints/AccountApi/JsonChangeEmail', { newEmail: 'a.@b' });
    expect(response.status).toBe(400);
    expect((await json(response)).data.errors).toEqual([accountMessages.invalidEmail]);
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('lets a child account change its own address and leaves the parent’s alone', async () => {
    const parent = await createTestUser(database, { roles: ['full'] });
    const child = await createTestUser(database, { roles: [], parentUserId: parent.id });
    const browser = await loggedInSession(baseUrl, child);
    await browser.post('/Endpoints/AccountApi/JsonChangeEmail', { newEmail: `renamed-${child.email}` });
    expect((await userRow(child.id)).email).toBe(`renamed-${child.email}`);
    expect((await userRow(parent.id)).email).toBe(parent.email);
  });
});

describe('JsonChangePassword', () => {
  it('needs the current password, changes the hash and ends the user’s other sessions only', async () => {
    const { me, other, browser, otherBrowser } = await twoUsers();
    const second = await loggedInSession(baseUrl, me);
    const response = await browser.post('/Endpoints/AccountApi/JsonChangePassword', { currentPassword: me.password, newPassword: 'brand new pass', confirmPassword: 'brand new pass' });
    expect((await json(response)).data).toMatchObject({ isSuccessful: true, endedSessions: 1 });
    expect(await verify(String((await userRow(me.id)).password_hash), 'brand new pass')).toBe(true);
    expect(await (await second.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: true });
    expect((await browser.get('/Endpoints/AccountApi/GetAccountInfo')).status).toBe(200);
    expect((await otherBrowser.get('/Endpoints/AccountApi/GetAccountInfo')).status).toBe(200);
    expect(await verify(String((await userRow(other.id)).password_hash), other.password)).toBe(true);
  });

  it.each([
    ['a wrong current password', { currentPassword: 'wrong', newPassword: 'brand new pass' }, [accountSettingsMessages.currentPasswordWrong]],
    ['a short password', { currentPassword: 'correct horse', newPassword: ' 12345 ' }, [accountMessages.passwordTooShort]],
    ['a different confirmation', { currentPassword: 'correct horse', newPassword: 'abcdefg', confirmPassword: 'abcdefh' }, [authMessages.passwordsDiffer]],
  ])('refuses %s with a 400, keeps the password and the other sessions', async (_case, payload, errors) => {
    const { me, browser } = await twoUsers();
    const second = await loggedInSession(baseUrl, me);
    const response = await browser.post('/Endpoints/AccountApi/JsonChangePassword', payload);
    expect(response.status).toBe(400);
    expect((await json(response)).data.errors).toEqual(errors);
    expect(await verify(String((await userRow(me.id)).password_hash), me.password)).toBe(true);
    expect(await (await second.get('/endpoints/poll')).json()).toEqual({ hasTooManyLogins: false, isSessionKilled: false });
  });

  it('refuses a missing current password', async () => {
    const { browser } = await twoUsers();
    expect((await browser.post('/Endpoints/AccountApi/JsonChangePassword', { newPassword: 'brand new pass' })).status).toBe(400);
  });
});

describe('GetAccountInfo and AcceptTermsOfService', () => {
  it('describes the caller only', async () => {
    const { me, browser } = await twoUsers();
    const info = (await (await browser.get('/Endpoints/AccountApi/GetAccountInfo')).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ id: me.id, email: me.email, isChildAccount: false, isFullUser: false, termsAcceptedAt: null });
    expect(JSON.stringify(info)).not.toMatch(/argon2|password/i);
  });

  it('records the acceptance once, for the caller, and needs the cross-site token', async () => {
    const { me, other, browser } = await twoUsers();
    expect((await browser.get('/Endpoints/AccountApi/AcceptTermsOfService')).status).toBe(403);
    expect((await userRow(me.id)).terms_accepted_at).toBeNull();
    const response = await browser.getWithToken('/Endpoints/AccountApi/AcceptTermsOfService');
    const answer = await json(response);
    expect(answer.data.isSuccessful).toBe(true);
    expect((await (await browser.get('/Endpoints/AccountApi/GetAccountInfo')).json()) as Record<string, unknown>).toMatchObject({ termsAcceptedAt: expect.any(String) });
    const first = (await userRow(me.id)).terms_accepted_at;
    expect(first).not.toBeNull();
    await browser.getWithToken('/Endpoints/AccountApi/AcceptTermsOfService');
    expect((await userRow(me.id)).terms_accepted_at).toEqual(first);
    expect((await userRow(other.id)).terms_accepted_at).toBeNull();
  });
});

describe('requested keywords', () => {
  it('stores one keyword per line: known terms are ready, others queued; counts are per user', async () => {
    await database.query(`insert into data_source (id, kind, label, loaded_at) values (901, 'import', 'test', now()) on conflict do nothing`);
    const { me, browser, otherBrowser } = await twoUsers();
    await database.query(
      `insert into keyword (id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, source_id)
       values (990001, 'US', 'known keyword', 10, '{10}', '2026-01-01', 1, 0.5, 10, 100, 901) on conflict do nothing`,
    );
    // countryCode: the web client adds it to every /NsaApi/ call.
    const response = await browser.post('/NsaApi/Account/AddRequestedKeywords', { countryCode: 'US', termsCsv: 'Known Keyword\n\n  brand new   term \nbrand new term\r\nthird one' });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ isSuccessful: true, added: 3 });
    const rows = await database.query<{ term: string; status: string }>('select term, status from requested_keyword where user_id = $1 order by term', [me.id]);
    expect(rows).toEqual([
      { term: 'brand new term', status: 'queued' },
      { term: 'known keyword', status: 'ready' },
      { term: 'third one', status: 'queued' },
    ]);
    const mine = (await (await browser.get('/NsaApi/Account/GetRequestedKeywords')).json()) as { keywordStatuses: { status: string; count: number }[] };
    const total = mine.keywordStatuses.reduce((sum, entry) => sum + entry.count, 0);
    expect(total).toBe(3);
    expect(mine.keywordStatuses.map((entry) => entry.status)).toEqual(['queued', 'processing', 'ready']);
    const theirs = (await (await otherBrowser.get('/NsaApi/Account/GetRequestedKeywords')).json()) as { keywordStatuses: { count: number }[]; keywords: unknown[] };
    expect(theirs.keywordStatuses.every((entry) => entry.count === 0)).toBe(true);
    expect(theirs.keywords).toEqual([]);
  });

  it('moves requests along: a fetch job claims them (processing), then ready or failed with a reason; asking again re-queues a failure', async () => {
    const { me, browser } = await twoUsers();
    const added = await json(await browser.post('/NsaApi/Account/AddRequestedKeywords', { termsCsv: 'zebra shoes\nlater keyword' }));
    // A fetch job was started for the queued requests, and the answer names it so the page can follow it.
    const fetchJobId = added.data.fetchJobId as string | null;
    expect(fetchJobId).toEqual(expect.any(String));
    const [job] = await database.query<{ name: string; user_id: string; payload: { userId: string; territory: string } }>('select name, user_id, payload from job_record where id = $1', [fetchJobId]);
    expect(job).toMatchObject({ name: 'keywords.fetch-requested', user_id: me.id, payload: { userId: me.id, territory: 'US' } });

    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 1 }));
    try {
      const repository = new RequestedKeywordRepository(orm.em.fork());
      const status = async () =>
        Object.fromEntries((await database.query<{ term: string; status: string }>('select term, status from requested_keyword where user_id = $1', [me.id])).map((row) => [row.term, row.status]));
      expect(await repository.claimForFetch(me.id, fetchJobId!)).toEqual(['later keyword', 'zebra shoes']);
      expect(await status()).toEqual({ 'zebra shoes': 'processing', 'later keyword': 'processing' });
      // A second job finds nothing left to take; the first one, retried, takes its own claims up again.
      expect(await repository.claimForFetch(me.id, '00000000-0000-4000-8000-000000000001')).toEqual([]);
      expect(await repository.claimForFetch(me.id, fetchJobId!)).toEqual(['later keyword', 'zebra shoes']);

      expect(await repository.markReady(fetchJobId!, ['zebra shoes'])).toBe(1);
      expect(await repository.markFailed(fetchJobId!, 'serpapi answered 401: Invalid API key.')).toBe(1);
      expect(await status()).toEqual({ 'zebra shoes': 'ready', 'later keyword': 'failed' });
      const answer = (await (await browser.get('/NsaApi/Account/GetRequestedKeywords')).json()) as {
        keywordStatuses: { status: string; count: number }[];
        keywords: { term: string; status: string; failureReason: string | null }[];
      };
      expect(answer.keywordStatuses).toEqual([
        { status: 'queued', count: 0 },
        { status: 'processing', count: 0 },
        { status: 'ready', count: 1 },
        { status: 'failed', count: 1 },
      ]);
      expect(answer.keywords.find((row) => row.term === 'later keyword')).toMatchObject({ status: 'failed', failureReason: 'serpapi answered 401: Invalid API key.' });

      await browser.post('/NsaApi/Account/AddRequestedKeywords', { termsCsv: 'later keyword' });
      expect(await status()).toEqual({ 'zebra shoes': 'ready', 'later keyword': 'queued' });
    } finally {
      await orm.close(true);
    }
  });

  it.each([
    ['only blank lines', { termsCsv: ' \n \n' }],
    ['more than 1770 characters', { termsCsv: 'a'.repeat(1771) }],
    ['a wrong type', { termsCsv: ['a'] }],
  ])('refuses %s with a 400 and stores nothing', async (_case, payload) => {
    const { me, browser } = await twoUsers();
    expect((await browser.post('/NsaApi/Account/AddRequestedKeywords', payload)).status).toBe(400);
    expect(await database.query('select 1 from requested_keyword where user_id = $1', [me.id])).toEqual([]);
  });
});

describe('report and alert e-mail addresses', () => {
  it('replaces the caller’s list from repeated emails parameters', async () => {
    const { me, browser, otherBrowser } = await twoUsers();
    const response = await browser.getWithToken('/NsaApi/Account/SetEmailAddresses?emails=Boss@Example.com&emails=team@example.com&emails=boss@example.com&countryCode=US');
    expect((await json(response)).data).toMatchObject({ isSuccessful: true, emails: ['boss@example.com', 'team@example.com'] });
    expect(await (await browser.get('/NsaApi/Account/GetEmailAddresses')).json()).toEqual({ emails: ['boss@example.com', 'team@example.com'] });
    expect(await (await otherBrowser.get('/NsaApi/Account/GetEmailAddresses')).json()).toEqual({ emails: [] });
    await browser.getWithToken('/NsaApi/Account/SetEmailAddresses?emails=one@example.com');
    expect(await database.query('select email, position from user_email_address where user_id = $1', [me.id])).toEqual([{ email: 'one@example.com', position: 0 }]);
    await browser.getWithToken('/NsaApi/Account/SetEmailAddresses');
    expect(await database.query('select email from user_email_address where user_id = $1', [me.id])).toEqual([]);
  });

  it('refuses an invalid address, or a call without the cross-site token, and keeps the list', async () => {
    const { me, browser } = await twoUsers();
    await browser.getWithToken('/NsaApi/Account/SetEmailAddresses?emails=keep@example.com');
    const bad = await browser.getWithToken('/NsaApi/Account/SetEmailAddresses?emails=ok@example.com&emails=not-an-email');
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.errors).toEqual([`${accountMessages.invalidEmail}: not-an-email`]);
    expect((await browser.get('/NsaApi/Account/SetEmailAddresses?emails=evil@example.com')).status).toBe(403);
    expect(await database.query('select email from user_email_address where user_id = $1', [me.id])).toEqual([{ email: 'keep@example.com' }]);
  });
});

describe('contact info', () => {
  it('saves and reads the caller’s details only', async () => {
    const { me, browser, otherBrowser } = await twoUsers();
    const response = await browser.post('/NsaApi/Account/SetUserContactInfo', { countryCode: 'US', firstName: ' Ada ', company: 'Analytical Engines', phone: '+44 20 7946 0000', country: 'GB' });
    expect((await json(response)).data.isSuccessful).toBe(true);
    expect(await (await browser.get('/NsaApi/Account/GetUserContactInfo')).json()).toMatchObject({ firstName: 'Ada', company: 'Analytical Engines', phone: '+44 20 7946 0000', country: 'GB', city: '' });
    expect(await (await otherBrowser.get('/NsaApi/Account/GetUserContactInfo')).json()).toMatchObject({ firstName: '', company: '' });
    const [row] = await database.query<{ info: Record<string, string> }>('select info from user_contact_info where user_id = $1', [me.id]);
    expect(row!.info.company).toBe('Analytical Engines');
    expect(row!.info).not.toHaveProperty('countryCode');
  });

  it('refuses a bad phone or an unknown field with a 400 and keeps what was saved', async () => {
    const { me, browser } = await twoUsers();
    await browser.post('/NsaApi/Account/SetUserContactInfo', { company: 'First' });
    expect((await browser.post('/NsaApi/Account/SetUserContactInfo', { company: 'Second', phone: 'call me' })).status).toBe(400);
    expect((await browser.post('/NsaApi/Account/SetUserContactInfo', { company: 'Second', userId: me.id })).status).toBe(400);
    expect((await (await browser.get('/NsaApi/Account/GetUserContactInfo')).json()) as Record<string, string>).toMatchObject({ company: 'First' });
  });
});

describe('API key and usage', () => {
  it('shows a new key once, stores only its hash and prefix, and replaces the old one', async () => {
    const { me, browser, otherBrowser } = await twoUsers(['full']);
    const first = (await (await browser.getWithToken('/NsaApi/Account/GetGenerateApiKey')).json()) as { apiKey: string; apiKeyPrefix: string };
    expect(first.apiKey).toMatch(/^sw_[A-Za-z0-9_-]{32}$/);
    expect(first.apiKey.startsWith(first.apiKeyPrefix)).toBe(true);
    const [stored] = await database.query<{ key_hash: string; key_prefix: string }>('select key_hash, key_prefix from api_key where user_id = $1', [me.id]);
    expect(stored!.key_hash).toHaveLength(64);
    expect(stored!.key_hash).not.toContain(first.apiKey);
    expect(stored!.key_prefix).toBe(first.apiKeyPrefix);
    const info = (await (await browser.get('/Endpoints/AccountApi/GetUserApiInfo')).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ hasApiKey: true, apiKeyPrefix: first.apiKeyPrefix, currentMonthUsage: 0 });
    expect(JSON.stringify(info)).not.toContain(first.apiKey);
    const second = (await (await browser.getWithToken('/NsaApi/Account/GetGenerateApiKey')).json()) as { apiKey: string };
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(await database.query('select 1 from api_key where user_id = $1', [me.id])).toHaveLength(1);
    expect(await (await otherBrowser.get('/Endpoints/AccountApi/GetUserApiInfo')).json()).toMatchObject({ hasApiKey: false, apiKeyPrefix: null });
  });

  it('needs a full plan and the cross-site token to generate a key', async () => {
    const { me, browser } = await twoUsers(['free']);
    expect((await browser.getWithToken('/NsaApi/Account/GetGenerateApiKey')).status).toBe(403);
    const full = await createTestUser(database, { roles: ['full'] });
    const fullBrowser = await loggedInSession(baseUrl, full);
    expect((await fullBrowser.get('/NsaApi/Account/GetGenerateApiKey')).status).toBe(403);
    expect(await database.query('select 1 from api_key where user_id = any($1)', [[me.id, full.id]])).toEqual([]);
  });

  it('reports twelve months of usage, the caller’s own', async () => {
    const { me, browser, otherBrowser } = await twoUsers(['full']);
    await database.query(`insert into api_usage_month (user_id, month, calls) values ($1, date_trunc('month', now())::date, 42)`, [me.id]);
    const usage = (await (await browser.get('/NsaApi/Account/GetApiMonthlyUsageData')).json()) as { monthlyLimit: number; months: { month: string; calls: number }[] };
    expect(usage.months).toHaveLength(12);
    expect(usage.months.at(-1)!.calls).toBe(42);
    expect(usage.months.slice(0, 11).every((entry) => entry.calls === 0)).toBe(true);
    const theirs = (await (await otherBrowser.get('/NsaApi/Account/GetApiMonthlyUsageData')).json()) as { months: { calls: number }[] };
    expect(theirs.months.every((entry) => entry.calls === 0)).toBe(true);
    expect(await (await browser.get('/Endpoints/AccountApi/GetUserApiInfo')).json()).toMatchObject({ currentMonthUsage: 42 });
  });
});

describe('user attributes', () => {
  it('sets and reads an allowed UI flag on the caller only, and clears it with null', async () => {
    const { me, other, browser, otherBrowser } = await twoUsers();
    const response = await browser.post('/NsaApi/Account/SetUserAttribute', { name: 'DISMISS_RF_PROMO_TOOLTIP', value: 'true', countryCode: 'US' });
    expect((await json(response)).data.isSuccessful).toBe(true);
    expect((await userRow(me.id)).attributes).toEqual({ DISMISS_RF_PROMO_TOOLTIP: 'true' });
    expect(await (await browser.get('/NsaApi/Account/GetUserAttribute?name=DISMISS_RF_PROMO_TOOLTIP&countryCode=US')).json()).toEqual({ name: 'DISMISS_RF_PROMO_TOOLTIP', value: 'true' });
    expect(await (await otherBrowser.get('/NsaApi/Account/GetUserAttribute?name=DISMISS_RF_PROMO_TOOLTIP')).json()).toEqual({ name: 'DISMISS_RF_PROMO_TOOLTIP', value: null });
    expect((await userRow(other.id)).attributes).toEqual({});
    await browser.post('/NsaApi/Account/SetUserAttribute', { name: 'DISMISS_RF_PROMO_TOOLTIP', value: null });
    expect((await userRow(me.id)).attributes).toEqual({});
  });

  it.each(['roles', 'billingMonths', 'isFullUser', 'PLAN'])('refuses the attribute %s and changes nothing', async (name) => {
    const { me, browser } = await twoUsers();
    const response = await browser.post('/NsaApi/Account/SetUserAttribute', { name, value: 'full' });
    expect(response.status).toBe(400);
    expect((await json(response)).data.errors).toEqual([accountSettingsMessages.attributeNotAllowed]);
    expect((await browser.get(`/NsaApi/Account/GetUserAttribute?name=${name}`)).status).toBe(400);
    expect(await userRow(me.id)).toMatchObject({ attributes: {}, roles: ['free'] });
  });
});

describe('redeem bundle', () => {
  it('grants the full plan for the bundle’s months, once per account', async () => {
    const { me, other, browser } = await twoUsers();
    const response = await browser.post('/rest/account/redeem-bundle', { code: ' test-bundle-2m ' });
    expect(response.status).toBe(200);
    const answer = (await json(response)).data;
    expect(answer).toMatchObject({ isSuccessful: true, code: 'TEST-BUNDLE-2M', grantedRole: 'full', months: 2 });
    const days = (new Date(String(answer.expiresAt)).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThan(63);
    expect((await userRow(me.id)).roles).toEqual(['full']);
    expect((await userRow(other.id)).roles).toEqual(['free']);
    expect((await (await browser.get('/Endpoints/AccountApi/GetAccountInfo')).json()) as Record<string, unknown>).toMatchObject({ isFullUser: true });
    const again = await browser.post('/rest/account/redeem-bundle', { code: 'TEST-BUNDLE-2M' });
    expect(again.status).toBe(409);
    expect((await json(again)).data.errors).toEqual([accountSettingsMessages.bundleUsed]);
    expect(await database.query('select 1 from bundle_redemption where user_id = $1', [me.id])).toHaveLength(1);
  });

  it('ends the plan when the bundle’s months are over, but never shortens a running subscription', async () => {
    const { me, browser } = await twoUsers();
    const answer = (await json(await browser.post('/rest/account/redeem-bundle', { code: 'TEST-BUNDLE-2M' }))).data;
    expect((await userRow(me.id)).attributes).toEqual({ planEndsAt: answer.expiresAt });
    // Time passes: the bundle ran out yesterday. The next load of the account turns it back into a free one.
    await database.query(`update app_user set attributes = jsonb_set(attributes, '{planEndsAt}', to_jsonb(to_char((now() - interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))) where id = $1`, [me.id]);
    expect((await (await browser.get('/Endpoints/AccountApi/GetAccountInfo')).json()) as Record<string, unknown>).toMatchObject({ isFullUser: false });
    expect((await userRow(me.id)).roles).toEqual(['free']);

    const { me: subscriber, browser: subscriberBrowser } = await twoUsers(['full']);
    expect((await subscriberBrowser.post('/rest/account/redeem-bundle', { code: 'TEST-BUNDLE-2M' })).status).toBe(200);
    expect((await userRow(subscriber.id)).attributes).toEqual({});
    expect((await userRow(subscriber.id)).roles).toEqual(['full']);
  });

  it('refuses an unknown or used-up code with the documented text and grants nothing', async () => {
    const { me, other, browser, otherBrowser } = await twoUsers();
    const unknown = await browser.post('/rest/account/redeem-bundle', { code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).data.errors).toEqual(['That bundle code is not valid.']);
    expect((await otherBrowser.post('/rest/account/redeem-bundle', { code: 'ONCE-ONLY' })).status).toBe(200);
    const usedUp = await browser.post('/rest/account/redeem-bundle', { code: 'ONCE-ONLY' });
    expect((await json(usedUp)).data.errors).toEqual([accountSettingsMessages.bundleInvalid]);
    expect((await userRow(me.id)).roles).toEqual(['free']);
    expect((await userRow(other.id)).roles).toEqual(['full']);
  });

  it('is for account owners: a child account gets 403', async () => {
    const parent = await createTestUser(database, { roles: ['free'] });
    const child = await createTestUser(database, { roles: [], parentUserId: parent.id });
    const browser = await loggedInSession(baseUrl, child);
    expect((await browser.post('/rest/account/redeem-bundle', { code: 'TEST-BUNDLE-2M' })).status).toBe(403);
    expect(await database.query('select 1 from bundle_redemption where user_id = any($1)', [[parent.id, child.id]])).toEqual([]);
  });
});
