import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ReceiptDetail, ReceiptSummary } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { headerOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

/**
 * Issue 24: a payment made the way the web makes it (countryCode added to every /NsaApi/ call, docs/product/site.md §7)
 * shows its receipt in Account → Receipts and on the receipt page, and arrives as a receipt e-mail (a real SMTP server).
 */
jest.setTimeout(90_000);

let testApp: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Serpwise <billing@serpwise.test>' } });
}, setUpTimeoutMs);

afterAll(async () => {
  await testApp?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

const year = new Date().getFullYear() + 2;
const sandboxCard = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', securityCode: '123', expirationMonth: 12, expirationYear: year };
/** A message's text with quoted-printable soft line breaks undone. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const receiptMailTo = async (address: string, receiptId: string) =>
  textOf((await smtp.waitFor((mail) => mail.to.includes(address) && textOf(mail.raw).includes(`/account/receipt?id=${receiptId}`))).raw);

describe('receipts after a sandbox payment', () => {
  it('lists the receipt, opens it and e-mails it, with countryCode on every /NsaApi/ call as the web sends it', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const browser = await loggedInSession(testApp.baseUrl, user);
    const paid = await browser.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'professional', billing: 'monthly', card: sandboxCard });
    expect(paid.status).toBe(200);

    const listed = await browser.get('/NsaApi/Account/GetReceiptsList?includeDeclines=false&countryCode=US');
    expect(listed.status).toBe(200);
    const receipts = (await listed.json()) as ReceiptSummary[];
    expect(receipts).toMatchObject([{ status: 'approved', amountCents: 7900, lastFour: '4242' }]);
    const opened = await browser.get(`/NsaApi/Account/GetReceipt?id=${receipts[0]!.id}&countryCode=US`);
    expect(opened.status).toBe(200);
    expect((await opened.json()) as ReceiptDetail).toMatchObject({ id: receipts[0]!.id, billedTo: { email: user.email } });

    const mail = await receiptMailTo(user.email, receipts[0]!.id);
    expect(headerOf(mail, 'Subject')).toMatch(/^Your Serpwise receipt of /);
    expect(mail).toContain('Amount: $79');
    expect(mail).toContain('Sandbox payment: no real money was charged.');

    // The other account calls the web decorates the same way answer too.
    expect((await browser.get('/NsaApi/Account/GetUserAttribute?name=TABLE_PAGE_SIZE&countryCode=US')).status).toBe(200);
    expect((await browser.get('/NsaApi/Account/GetSubscriptionList?countryCode=US')).status).toBe(200);
    // A key the call does not know is still refused.
    expect((await browser.get('/NsaApi/Account/GetReceiptsList?includeDecline=true&countryCode=US')).status).toBe(400);
  });

  it('e-mails a receipt for team seats too, and none for a declined charge', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const browser = await loggedInSession(testApp.baseUrl, user);
    expect((await browser.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'professional', billing: 'monthly', card: sandboxCard })).status).toBe(200);
    const member = `member-${user.id.slice(0, 8)}@example.com`;
    expect((await browser.post('/endpoints/childaccount', { emails: [member] })).status).toBe(200);

    const receipts = (await (await browser.get('/NsaApi/Account/GetReceiptsList?countryCode=US')).json()) as ReceiptSummary[];
    const seats = receipts.find((receipt) => receipt.description.startsWith('Serpwise team'));
    expect(seats).toMatchObject({ status: 'approved' });
    const mail = await receiptMailTo(user.email, seats!.id);
    expect(mail).toContain('Serpwise team');

    const declined = await createTestUser(testApp.database, { roles: ['free'] });
    const declinedBrowser = await loggedInSession(testApp.baseUrl, declined);
    await declinedBrowser.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'basic', billing: 'monthly', card: { ...sandboxCard, number: '4000 0000 0000 0002' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((received) => received.to.includes(declined.email))).toEqual([]);
  });
});
