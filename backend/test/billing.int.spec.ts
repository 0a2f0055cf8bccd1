import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingMessages, cardMessages, csrfHeaderName, teamMessages, type ActiveState, type ReceiptSummary, type SubscriptionSummary, type TeamBillingInfo } from '@serpwise/contracts';
import { lastMailTo as lastMailIn, startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

jest.setTimeout(90_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
let outbox: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  ({ database, baseUrl, outboxDir: outbox } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const year = new Date().getFullYear() + 2;
const goodCard = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', securityCode: '123', expirationMonth: 12, expirationYear: year };
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };

type Json = { data: { isSuccessful: boolean; errors: string[]; subscription?: SubscriptionSummary; amountCents?: number }; errors?: string[]; message?: string };
const json = async <T = Json>(response: Response) => (await response.json()) as T;

async function visitor() {
  const browser = new HttpSession(baseUrl);
  await browser.open('/');
  return browser;
}

async function newUser(roles: string[] = ['free']) {
  const user = await createTestUser(database, { roles });
  return { user, browser: await loggedInSession(baseUrl, user) };
}

const purchase = (browser: HttpSession, body: Record<string, unknown> = {}) =>
  browser.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'basic', billing: 'monthly', card: goodCard, ...body });

async function subscriber(body: Record<string, unknown> = {}) {
  const { user, browser } = await newUser();
  const response = await purchase(browser, body);
  expect(response.status).toBe(200);
  return { user, browser };
}

const rolesOf = async (id: string) => (await database.query<{ roles: string[] }>('select roles from app_user where id = $1', [id]))[0]!.roles;
const attributesOf = async (id: string) => (await database.query<{ attributes: Record<string, string> }>('select attributes from app_user where id = $1', [id]))[0]!.attributes;
const count = async (sql: string, params: unknown[] = []) => Number((await database.query<{ n: string }>(sql, params))[0]!.n);
const activeState = async (browser: HttpSession) => json<ActiveState>(await browser.get('/endpoints/accountapi/getactivestate'));
const del = (browser: HttpSession, path: string) => browser.request('DELETE', path, { [csrfHeaderName]: browser.csrfToken });

const lastMailTo = (address: string) => lastMailIn(outbox, address);

describe('state-changing GET calls', () => {
  it('refuse a request without the cross-site token (a cross-site navigation) and change nothing', async () => {
    const { user, browser } = await subscriber();
    for (const path of ['/NsaApi/Account/GetCancelSubscription?productId=1139', '/NsaApi/Account/GetPauseSubscription?productId=1139']) {
      expect((await browser.get(path)).status).toBe(403);
    }
    const [row] = await database.query<{ status: string }>('select status from subscription where user_id = $1', [user.id]);
    expect(row?.status).toBe('active');
  });
});

describe('private billing calls refuse visitors with 401', () => {
  it.each([
    ['GET', '/NsaApi/Account/GetBillingInfo'],
    ['GET', '/NsaApi/Account/GetSubscriptionList'],
    ['GET', '/NsaApi/Account/GetPauseSubscription?productId=1139'],
    ['GET', '/NsaApi/Account/GetUnpauseSubscription?productId=1139'],
    ['GET', '/NsaApi/Account/GetReactivateSubscription?productId=1139'],
    ['GET', '/NsaApi/Account/GetCancelSubscription?productId=1139'],
    ['GET', '/NsaApi/Account/GetReceiptsList?includeDeclines=false'],
    ['GET', '/NsaApi/Account/GetReceipt?id=00000000-0000-4000-8000-000000000000'],
    ['GET', '/Endpoints/AccountApi/GetSendReceipt?id=00000000-0000-4000-8000-000000000000'],
    ['POST', '/NsaApi/Account/SubmitUncancellationAction'],
    ['POST', '/NsaApi/Account/SubmitCancellationSurvey'],
    ['POST', '/Endpoints/AccountApi/JsonChangePaymentInfo'],
    ['POST', '/rest/billing/purchase'],
    ['POST', '/rest/billing/annual-upgrade'],
    ['GET', '/endpoints/childaccount'],
    ['GET', '/endpoints/childaccount/previewbill?emails=a@example.com'],
    ['POST', '/endpoints/childaccount'],
    ['DELETE', '/endpoints/childaccount/00000000-0000-4000-8000-000000000000'],
  ])('%s %s', async (method, path) => {
    const browser = await visitor();
    const response = method === 'GET' ? await browser.getWithToken(path) : method === 'POST' ? await browser.post(path, {}) : await del(browser, path);
    expect(response.status).toBe(401);
  });

  it('serves the plans to everyone, labelled sandbox', async () => {
    const body = await json<{ defaultPurchaseId: number; isSandbox: boolean; plans: { id: string; monthlyCents: number; annualSavingCents: number }[] }>(
      await (await visitor()).get('/rest/billing/plans'),
    );
    expect(body.defaultPurchaseId).toBe(1139);
    expect(body.isSandbox).toBe(true);
    expect(body.plans.map((plan) => [plan.id, plan.monthlyCents])).toEqual([['basic', 3900], ['professional', 7900]]);
    expect(body.plans[0]!.annualSavingCents).toBe(7200);
  });
});

describe('payment card', () => {
  const change = (browser: HttpSession, body: Record<string, unknown>) =>
    browser.post('/Endpoints/AccountApi/JsonChangePaymentInfo', { cardType: 'Visa', cardNumber: '4242-4242-4242-4242', cardName: 'Ada', expiration: `12/${String(year).slice(2)}`, transactionOrigin: 'AccountSettings', ...body });

  it('saves type, last four, expiry and name only, and GetBillingInfo reads ccLastFour', async () => {
    const { user, browser } = await newUser();
    expect(await json(await browser.get('/NsaApi/Account/GetBillingInfo'))).toMatchObject({ ccLastFour: null });
    const response = await change(browser, { cardType: 'MasterCard', cardNumber: '5555 5555 5555 4444' });
    expect(response.status).toBe(200);
    expect((await json(response)).data.isSuccessful).toBe(true);
    expect(await json(await browser.get('/NsaApi/Account/GetBillingInfo'))).toMatchObject({ ccLastFour: '4444', cardType: 'MasterCard', cardName: 'Ada' });
    const [row] = await database.query('select * from payment_card where user_id = $1', [user.id]);
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
  });

  it.each([
    ['a short number', { cardNumber: '4242 4242' }, cardMessages.numberInvalid],
    ['a type that does not match', { cardType: 'American Express' }, cardMessages.typeMismatch],
    ['an expiration not MM/YY', { expiration: '2029-12' }, cardMessages.expirationInvalid],
    ['an expired card', { expiration: '01/20' }, cardMessages.expired],
    ['a bad security code', { securityCode: '12' }, cardMessages.securityCodeInvalid],
  ])('refuses %s with a 400 and keeps the old card', async (_case, body, message) => {
    const { user, browser } = await newUser();
    await change(browser, {});
    const response = await change(browser, body);
    expect(response.status).toBe(400);
    expect((await json(response)).data.errors).toContain(message);
    expect((await database.query('select last_four from payment_card where user_id = $1', [user.id]))[0]).toEqual({ last_four: '4242' });
  });

  it('refuses declined and non-test cards in the sandbox', async () => {
    const { user, browser } = await newUser();
    const declined = await change(browser, { cardNumber: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect((await json(declined)).data.errors).toEqual([billingMessages.declined]);
    const real = await change(browser, { cardNumber: '4111 1111 1111 1111' });
    expect((await json(real)).data.errors).toEqual([billingMessages.sandboxOnly]);
    expect(await count('select count(*) n from payment_card where user_id = $1', [user.id])).toBe(0);
  });

  it('is not for child accounts (403)', async () => {
    const { user: owner } = await newUser(['full']);
    const child = await createTestUser(database, { roles: [], parentUserId: owner.id });
    const browser = await loggedInSession(baseUrl, child);
    expect((await browser.get('/NsaApi/Account/GetBillingInfo')).status).toBe(403);
    expect((await change(browser, {})).status).toBe(403);
    expect((await browser.get('/NsaApi/Account/GetSubscriptionList')).status).toBe(403);
    expect((await browser.get('/NsaApi/Account/GetReceiptsList')).status).toBe(403);
  });
});

describe('purchase', () => {
  it('charges the card, makes the account full, records billingCycle, billingMonths and a receipt (with the spring coupon)', async () => {
    const { user, browser } = await newUser();
    const response = await purchase(browser, { couponCode: 'Spring' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data).toMatchObject({ isSuccessful: true, amountCents: 3120, subscription: { productId: 1139, plan: 'basic', billing: 'monthly', status: 'active', amountCents: 3900 } });
    expect(await rolesOf(user.id)).toEqual(['full']);
    expect(await attributesOf(user.id)).toMatchObject({ billingCycle: 'Monthly', billingMonths: '1' });
    const state = await activeState(browser);
    expect(state.user.isFullUser).toBe(true);
    expect(state.tracking).toMatchObject({ billingCycle: 'Monthly', billingMonths: '1' });
    const receipts = await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList?includeDeclines=false'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amountCents: 3120, status: 'approved', lastFour: '4242', cardType: 'Visa' });
    expect(await json(await browser.get('/NsaApi/Account/GetBillingInfo'))).toMatchObject({ ccLastFour: '4242' });
    // A second purchase is refused while the subscription runs.
    expect((await purchase(browser)).status).toBe(409);
  });

  it('annual billing charges the year and sets billingMonths with the annual suffix', async () => {
    const { user, browser } = await newUser();
    const body = await json(await purchase(browser, { plan: 'professional', billing: 'annual' }));
    expect(body.data.amountCents).toBe(79200);
    expect(await attributesOf(user.id)).toMatchObject({ billingCycle: 'Annually', billingMonths: '12' });
    expect((await activeState(browser)).tracking).toMatchObject({ billingCycle: 'Annually', billingMonths: '12a' });
  });

  it.each([
    ['an unknown coupon', { couponCode: 'nope' }, 400, billingMessages.invalidCoupon],
    ['an unknown purchase id', { purchaseId: 1 }, 400, billingMessages.unknownPurchase],
    ['a bad card', { card: { ...goodCard, number: '12' } }, 400, cardMessages.numberInvalid],
    ['a bad plan', { plan: 'gold' }, 400, undefined],
  ])('refuses %s and changes nothing', async (_case, body, status, message) => {
    const { user, browser } = await newUser();
    const response = await purchase(browser, body);
    expect(response.status).toBe(status);
    if (message) expect((await json(response)).errors).toContain(message);
    expect(await rolesOf(user.id)).toEqual(['free']);
    expect(await count('select count(*) n from subscription where user_id = $1', [user.id])).toBe(0);
    expect(await count('select count(*) n from receipt where user_id = $1', [user.id])).toBe(0);
  });

  it('a declined card leaves a declined receipt (hidden by includeDeclines=false) and no plan', async () => {
    const { user, browser } = await newUser();
    const response = await purchase(browser, { card: declinedCard });
    expect(response.status).toBe(402);
    expect((await json(response)).data.errors).toEqual([billingMessages.declined]);
    expect(await rolesOf(user.id)).toEqual(['free']);
    expect(await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList?includeDeclines=false'))).toEqual([]);
    const all = await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList?includeDeclines=true'));
    expect(all).toMatchObject([{ status: 'declined', declineReason: billingMessages.declined, lastFour: '0002' }]);
  });
});

describe('receipts', () => {
  it('shows a receipt to its owner only, and e-mails it', async () => {
    const { user, browser } = await subscriber();
    const [receipt] = await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList'));
    const detail = await json<{ id: string; billedTo: { email: string } }>(await browser.get(`/NsaApi/Account/GetReceipt?id=${receipt!.id}`));
    expect(detail).toMatchObject({ id: receipt!.id, billedTo: { email: user.email } });

    const sent = await browser.getWithToken(`/Endpoints/AccountApi/GetSendReceipt?id=${receipt!.id}`);
    expect(sent.status).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail).toContain('$39');
    expect(mail).toContain(`/account/receipt?id=${receipt!.id}`);

    const { browser: other } = await newUser();
    expect((await other.get(`/NsaApi/Account/GetReceipt?id=${receipt!.id}`)).status).toBe(404);
    expect((await other.getWithToken(`/Endpoints/AccountApi/GetSendReceipt?id=${receipt!.id}`)).status).toBe(404);
    expect((await browser.get('/NsaApi/Account/GetReceipt?id=nope')).status).toBe(400);
  });
});

describe('subscription', () => {
  const list = async (browser: HttpSession) => json<SubscriptionSummary[]>(await browser.get('/NsaApi/Account/GetSubscriptionList'));

  it('pauses, unpauses, cancels with a survey, uncancels; access stays until the period ends', async () => {
    const { user, browser } = await subscriber();
    expect(await list(browser)).toMatchObject([{ productId: 1139, status: 'active', planName: 'Basic' }]);

    const paused = await json(await browser.getWithToken('/NsaApi/Account/GetPauseSubscription?productId=1139'));
    expect(paused.data.subscription).toMatchObject({ status: 'paused' });
    expect(paused.data.subscription!.accessEndsAt).not.toBeNull();
    expect((await activeState(browser)).user.isFullUser).toBe(true);
    expect((await browser.getWithToken('/NsaApi/Account/GetPauseSubscription?productId=1139')).status).toBe(409);

    expect((await json(await browser.getWithToken('/NsaApi/Account/GetUnpauseSubscription?productId=1139'))).data.subscription).toMatchObject({ status: 'active', accessEndsAt: null });

    const survey = await browser.post('/NsaApi/Account/SubmitCancellationSurvey', { productId: 1139, reason: 'Too expensive', comments: 'Maybe later' });
    expect(survey.status).toBe(200);
    expect(await database.query('select reason, comments from cancellation_survey where user_id = $1', [user.id])).toEqual([{ reason: 'Too expensive', comments: 'Maybe later' }]);
    expect((await json(await browser.getWithToken('/NsaApi/Account/GetCancelSubscription?productId=1139'))).data.subscription).toMatchObject({ status: 'cancelled' });
    expect(await rolesOf(user.id)).toEqual(['full']);

    const back = await browser.post('/NsaApi/Account/SubmitUncancellationAction', { productId: 1139 });
    expect((await json(back)).data.subscription).toMatchObject({ status: 'active' });
    expect((await attributesOf(user.id))['planEndsAt']).toBeUndefined();
  });

  it('a cancelled plan turns free when the period ends; reactivating with a coupon charges a new period', async () => {
    const { user, browser } = await subscriber();
    await browser.getWithToken('/NsaApi/Account/GetCancelSubscription?productId=1139');
    // The paid period ends.
    const past = new Date(Date.now() - 60_000).toISOString();
    await database.query("update subscription set current_period_start = now() - interval '31 days', current_period_end = $2 where user_id = $1", [user.id, past]);
    await database.query("update app_user set attributes = attributes || jsonb_build_object('planEndsAt', $2::text) where id = $1", [user.id, past]);
    expect((await activeState(browser)).user.isFullUser).toBe(false);
    expect(await rolesOf(user.id)).toEqual(['free']);
    expect(await list(browser)).toMatchObject([{ status: 'expired' }]);
    expect((await browser.post('/NsaApi/Account/SubmitUncancellationAction', { productId: 1139 })).status).toBe(409);

    const bad = await browser.getWithToken('/NsaApi/Account/GetReactivateSubscription?productId=1139&couponCode=nope');
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toEqual([billingMessages.invalidCoupon]);
    expect(await count('select count(*) n from receipt where user_id = $1', [user.id])).toBe(1);

    const reactivated = await json(await browser.getWithToken('/NsaApi/Account/GetReactivateSubscription?productId=1139&couponCode=spring'));
    expect(reactivated.data.subscription).toMatchObject({ status: 'active', couponCode: 'spring' });
    expect(await rolesOf(user.id)).toEqual(['full']);
    const receipts = await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList'));
    expect(receipts[0]).toMatchObject({ amountCents: 3120, status: 'approved' });
    expect(await attributesOf(user.id)).toMatchObject({ billingMonths: '2' });
  });

  it('refuses a wrong product id (404), a missing one (400), and another user (404)', async () => {
    const { user, browser } = await subscriber();
    expect((await browser.getWithToken('/NsaApi/Account/GetCancelSubscription?productId=5')).status).toBe(404);
    expect((await browser.getWithToken('/NsaApi/Account/GetCancelSubscription')).status).toBe(400);
    expect((await browser.post('/NsaApi/Account/SubmitCancellationSurvey', { productId: 1139 })).status).toBe(400);
    const { browser: other } = await newUser();
    expect((await other.getWithToken('/NsaApi/Account/GetCancelSubscription?productId=1139')).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await list(browser)).toMatchObject([{ status: 'active' }]);
    expect(await count('select count(*) n from cancellation_survey where user_id = $1', [user.id])).toBe(0);
  });

  it('one-click annual upgrade moves a monthly plan to annual with the stored card', async () => {
    const { user, browser } = await subscriber();
    const response = await browser.post('/rest/billing/annual-upgrade', { clickType: 'email' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.subscription).toMatchObject({ billing: 'annual', amountCents: 39600 });
    expect(body.data.amountCents).toBeLessThan(39600);
    expect(await attributesOf(user.id)).toMatchObject({ billingCycle: 'Annually', billingMonths: '13' });
    expect((await browser.post('/rest/billing/annual-upgrade', {})).status).toBe(409);
    const { browser: free } = await newUser();
    expect((await free.post('/rest/billing/annual-upgrade', {})).status).toBe(404);
  });
});

describe('team', () => {
  it('previews the bill, adds children with a set-password mail, lists and removes them', async () => {
    const { user: owner, browser } = await subscriber();
    const taken = await createTestUser(database);
    const preview = await json<TeamBillingInfo>(
      await browser.get(`/endpoints/childaccount/previewbill?emails=one@example.com&emails=bad-address&emails=${taken.email}&emails=ONE@example.com`),
    );
    expect(preview).toMatchObject({ recurringAmountPerUser: 20, isAnnual: false, numberPastLimit: 0, currentNumberOfChildren: 0, hasAccountThatAllowsAddons: true });
    expect(preview.currentAmount).toBeGreaterThan(19);
    expect(preview.currentAmount).toBeLessThanOrEqual(20);
    expect(preview.validationResults).toEqual([
      { email: 'one@example.com', isValid: true, failure: null },
      { email: 'bad-address', isValid: false, failure: teamMessages.invalidEmail },
      { email: taken.email, isValid: false, failure: teamMessages.emailTaken },
      { email: 'one@example.com', isValid: false, failure: teamMessages.listedTwice },
    ]);

    const added = await browser.post('/endpoints/childaccount', { emails: ['one@example.com', 'bad-address'] });
    expect(added.status).toBe(200);
    const items = await json<{ email: string; isSuccessful: boolean; failure: string | null; id?: string; amountCharged?: number }[]>(added);
    expect(items).toMatchObject([{ email: 'one@example.com', isSuccessful: true, failure: null }, { email: 'bad-address', isSuccessful: false, failure: teamMessages.invalidEmail }]);
    // The answer says what was charged, so the page's "receipt e-mailed" never depends on the preview having loaded.
    expect(items[0]!.amountCharged).toBeGreaterThan(19);
    expect(items[1]!.amountCharged).toBeUndefined();
    const [child] = await database.query<{ id: string; parent_user_id: string; roles: string[] }>("select id, parent_user_id, roles from app_user where email = 'one@example.com'");
    expect(child).toMatchObject({ parent_user_id: owner.id, roles: [] });
    expect(await lastMailTo('one@example.com')).toMatch(/\/auth\/resetpassword\?token=[A-Za-z0-9_-]+/);
    const receipts = await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList'));
    expect(receipts[0]!.description).toContain('team member');

    const listed = await json<{ id: string; email: string }[]>(await browser.get('/endpoints/childaccount'));
    expect(listed).toMatchObject([{ id: child!.id, email: 'one@example.com' }]);
    expect((await json<TeamBillingInfo>(await browser.get('/endpoints/childaccount/previewbill'))).currentNumberOfChildren).toBe(1);

    // The child: its own e-mail in the header, no team or subscription calls.
    await database.query("update app_user set password_hash = (select password_hash from app_user where id = $1) where id = $2", [taken.id, child!.id]);
    const childBrowser = await loggedInSession(baseUrl, { id: child!.id, email: 'one@example.com', password: taken.password });
    const state = await activeState(childBrowser);
    expect(state.user).toMatchObject({ isChildAccount: true, childUserEmail: 'one@example.com', isFullUser: true });
    expect((await childBrowser.get('/endpoints/childaccount')).status).toBe(403);
    expect((await childBrowser.post('/endpoints/childaccount', { emails: ['two@example.com'] })).status).toBe(403);
    expect((await del(childBrowser, `/endpoints/childaccount/${child!.id}`)).status).toBe(403);

    // Another owner cannot see or remove it.
    const { browser: other } = await subscriber();
    expect(await json(await other.get('/endpoints/childaccount'))).toEqual([]);
    const refused = await del(other, `/endpoints/childaccount/${child!.id}`);
    expect(refused.status).toBe(404);
    expect((await json(refused)).errors).toEqual([teamMessages.childRemovalFailed]);
    expect(await count('select count(*) n from app_user where id = $1', [child!.id])).toBe(1);

    expect((await del(browser, `/endpoints/childaccount/${child!.id}`)).status).toBe(200);
    expect(await count('select count(*) n from app_user where id = $1', [child!.id])).toBe(0);
    expect((await del(browser, '/endpoints/childaccount/not-a-uuid')).status).toBe(400);
  });

  it('marks a failed charge BillingUnsuccessful and creates nobody', async () => {
    const { user: owner, browser } = await subscriber();
    await database.query("update payment_card set gateway_token = 'sandbox_card_4', last_four = '0002' where user_id = $1", [owner.id]);
    const response = await browser.post('/endpoints/childaccount', { emails: ['nobody-1@example.com', 'nobody-2@example.com'] });
    expect(await json(response)).toEqual([
      { email: 'nobody-1@example.com', isSuccessful: false, failure: 'BillingUnsuccessful' },
      { email: 'nobody-2@example.com', isSuccessful: false, failure: 'BillingUnsuccessful' },
    ]);
    expect(await count("select count(*) n from app_user where email like 'nobody-%'")).toBe(0);
    expect((await json<ReceiptSummary[]>(await browser.get('/NsaApi/Account/GetReceiptsList?includeDeclines=true')))[0]).toMatchObject({ status: 'declined' });
  });

  it('needs a running paid plan to add members, and refuses bad bodies with a 400', async () => {
    const { browser } = await newUser();
    const preview = await json<TeamBillingInfo>(await browser.get('/endpoints/childaccount/previewbill?emails=x@example.com'));
    expect(preview.hasAccountThatAllowsAddons).toBe(false);
    expect(await json(await browser.post('/endpoints/childaccount', { emails: ['x@example.com'] }))).toEqual([{ email: 'x@example.com', isSuccessful: false, failure: teamMessages.needsPlan }]);
    expect((await browser.post('/endpoints/childaccount', { emails: [] })).status).toBe(400);
    expect((await browser.post('/endpoints/childaccount', { emails: 'x@example.com' })).status).toBe(400);
    expect(await count("select count(*) n from app_user where email = 'x@example.com'")).toBe(0);
  });
});
