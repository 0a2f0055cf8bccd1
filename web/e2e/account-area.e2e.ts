import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { lastMailTo } from '../../infra/test/test-app.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

let browser: Browser;
let stack: TestStack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack();
}, setUpTimeoutMs);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

async function loggedIn(user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
  return page;
}

describe('the account area in the browser', () => {
  it('changes the password: the old one stops working, the new one logs in', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await loggedIn(user);
    await page.goto(`${stack.baseUrl}/account/settings`);
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('brand-new-password');
    await form.getByLabel('Confirm new password').fill('brand-new-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('status').waitFor();

    // /auth/logout opened as an address asks first: a GET never logs out (docs/decisions.md, issue 16).
    await page.goto(`${stack.baseUrl}/auth/logout`);
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    // The home page (which may add its variant, ?alt=N, for a visitor).
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${stack.baseUrl}/auth/login`);
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('The provided username and/or password are incorrect.').waitFor();
    await page.getByLabel('Password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: user.email }).waitFor();
  });

  it('buys a plan with a sandbox test card, adds a child account, and removes it', async () => {
    const owner = await createTestUser(stack.database, { roles: ['free'] });
    const page = await loggedIn(owner);
    await page.goto(`${stack.baseUrl}/buy/register`);
    await page.getByLabel('Name on card').fill('Ada Owner');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration month').selectOption('12');
    await page.getByLabel('Expiration year').selectOption(String(new Date().getFullYear() + 3));
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    // The confirmation, then the receipt the web client lists and opens (with its countryCode; issue 24).
    await page.getByRole('status').filter({ hasText: 'Thank you, your payment went through' }).waitFor();
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.getByRole('heading', { name: 'Serpwise receipt' }).waitFor();
    await page.getByText('ending in 4242').first().waitFor();
    await page.goto(`${stack.baseUrl}/account/receipts`);
    await page.getByRole('cell', { name: 'Paid' }).waitFor();
    expect(await page.getByText('No receipts yet.').count()).toBe(0);
    expect(await lastMailTo(`${String(stack.env.DATA_DIR)}/outbox`, owner.email)).toContain('Your Serpwise receipt of');

    // The card on file can be replaced from the settings page.
    await page.goto(`${stack.baseUrl}/account/settings`);
    await page.getByTestId('card-on-file').filter({ hasText: 'ending in 4242' }).waitFor();
    const cardForm = page.getByRole('form', { name: 'Payment card' });
    await cardForm.getByLabel('Name on card').fill('Ada Owner');
    await cardForm.getByLabel('Card number').fill('5555 5555 5555 4444');
    await cardForm.getByLabel('Expiration month').selectOption('11');
    await cardForm.getByLabel('Expiration year').selectOption(String(new Date().getFullYear() + 4));
    await cardForm.getByLabel('Security code').fill('321');
    await cardForm.getByRole('button', { name: 'Save card' }).click();
    await page.getByTestId('card-on-file').filter({ hasText: 'ending in 4444' }).waitFor();

    await page.goto(`${stack.baseUrl}/account/teammanagement`);
    await page.getByLabel('Add users by e-mail (separate addresses with commas)').fill('teammate@example.com,');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added teammate@example.com' }).waitFor();
    // The seats were charged: the notice says the receipt was e-mailed and links to the receipts (issue 24).
    await page.getByRole('status').filter({ hasText: 'the receipt was e-mailed to you' }).getByRole('link', { name: 'Receipts' }).waitFor();
    expect(await lastMailTo(`${String(stack.env.DATA_DIR)}/outbox`, owner.email)).toContain('Serpwise team');
    await page.getByRole('cell', { name: 'teammate@example.com' }).waitFor();
    expect(await lastMailTo(`${String(stack.env.DATA_DIR)}/outbox`, 'teammate@example.com')).toMatch(/\/auth\/resetpassword\?token=/);

    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Are you absolutely sure?').waitFor();
    await page.getByRole('dialog', { name: 'Confirm removal' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('cell', { name: 'teammate@example.com' }).waitFor({ state: 'detached' });
    const [row] = await stack.database.query<{ n: string }>(`select count(*) as n from app_user where email = 'teammate@example.com'`);
    expect(row!.n).toBe('0');
  });

  it('walks a new user through the three onboarding steps, creating the first project', async () => {
    const user = await createTestUser(stack.database, { roles: ['free'], shouldShowOnboarding: true });
    const page = await loggedIn(user);
    await page.waitForURL(/\/onboarding$/);
    // A flagged user is kept in onboarding: a product page sends them back.
    await page.goto(`${stack.baseUrl}/account/settings`);
    await page.waitForURL(/\/onboarding$/);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please check the fields marked in red.').waitFor();
    await page.getByLabel('Your name').fill('Nia New');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/onboarding\/2$/);

    await page.getByLabel('Your website').fill('https://www.nia-shop.example/');
    await page.getByLabel('Project name').fill('Nia Shop');
    await page.getByLabel('Country you target').selectOption('US');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/onboarding\/3$/);

    await page.getByRole('group', { name: 'Is this a new campaign?' }).getByLabel('Yes').check();
    await page.getByLabel('SEO: organic search').check();
    await page.getByRole('button', { name: 'Finish' }).click();
    // Only SEO interest: the SEO overview of the domain just entered (issue 24).
    await page.waitForURL((url) => url.pathname === '/seo/overview/domain' && url.searchParams.get('query') === 'nia-shop.example');

    const [project] = await stack.database.query<{ name: string; domain: string }>('select name, domain from project where owner_user_id = $1', [user.id]);
    expect(project).toEqual({ name: 'Nia Shop', domain: 'nia-shop.example' });
    const [flag] = await stack.database.query<{ should_show_onboarding: boolean }>('select should_show_onboarding from app_user where id = $1', [user.id]);
    expect(flag!.should_show_onboarding).toBe(false);
  });

  it('shows the account navigation on a phone in one line that scrolls sideways in its own frame (issue 24 point 9)', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/account/scheduled-pdf-reports`);
    const nav = page.getByRole('navigation', { name: 'Account' });
    await nav.getByRole('link', { name: 'Redeem Bundle' }).waitFor({ state: 'attached' });
    const measured = await nav.evaluate((element) => {
      const links = [...element.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
      const list = element.querySelector('ul')!;
      const active = element.querySelector('a.active')!.getBoundingClientRect();
      const frame = list.getBoundingClientRect();
      return {
        rows: new Set(links.map((rect) => Math.round(rect.top))).size,
        links: links.length,
        scrollsInFrame: list.scrollWidth > list.clientWidth && getComputedStyle(list).overflowX === 'auto',
        activeInFrame: active.left >= frame.left - 1 && active.right <= frame.right + 1,
        pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    await page.screenshot({ path: '.data/e2e-screenshots/account-nav-390.png' });
    expect(measured).toEqual({ rows: 1, links: measured.links, scrollsInFrame: true, activeInFrame: true, pageScrollsSideways: false });
    expect(measured.links).toBeGreaterThan(8);
  });
});
