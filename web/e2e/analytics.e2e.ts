import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/** Issue 25 point 3: the analytics admin page shows the events a scripted session produced. */
jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let domain: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({ ANALYTICS_BATCH_WAIT_MS: '50' }, { tinyMarket: true });
  const [row] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id
     where dm.territory = 'US' and dm.month = (select max(month) from domain_month) order by dm.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
}, setUpTimeoutMs);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  return context.newPage();
}

/** The count the admin page shows for an event today, or null when the event has no row. */
async function todaysCount(page: Page, event: string): Promise<number | null> {
  const today = new Date().toISOString().slice(0, 10);
  const cell = page.locator(`[data-testid="analytics-event"][data-event="${event}"] [data-day="${today}"]`);
  if (!(await cell.count())) return null;
  return Number((await cell.innerText()).replace(/,/g, ''));
}

describe('analytics admin page', () => {
  it('shows the counts of what a scripted session did, per event and day', async () => {
    // The scripted session: a full user opens an overview and a research table, copies its rows, opens Help.
    const user = await newPage();
    await logInThroughPage(user, stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
    await user.goto(`${stack.baseUrl}/overview?query=${encodeURIComponent(domain)}`);
    await user.getByRole('heading', { level: 1, name: domain }).waitFor();
    // The overview's own figures have come (the heading alone may show before its call is answered).
    await user.getByRole('heading', { name: 'Organic history' }).waitFor();
    await user.getByRole('img', { name: `Estimated organic clicks per month for ${domain}` }).waitFor();
    await user.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}`);
    await user.getByRole('table', { name: new RegExp(`Organic keywords of ${domain.replace('.', '\\.')}`) }).locator('tbody tr').first().waitFor();
    const logged = user.waitForResponse((response) => response.url().includes('/endpoints/accountapi/performloggedineventlogging') && response.url().includes('Export_Clipboard'));
    await user.getByRole('button', { name: 'Export' }).first().click();
    await user.getByRole('menuitem', { name: 'Copy to clipboard' }).click();
    expect(await (await logged).json()).toEqual({ logged: true });
    const helped = user.waitForResponse((response) => response.url().includes('Help_Opened'));
    await user.locator('.account-menu__toggle').click();
    await user.getByRole('menuitem', { name: 'Help' }).click();
    expect(await (await helped).json()).toEqual({ logged: true });

    // The admin reaches the page from the account menu and sees those events counted today.
    const admin = await newPage();
    await logInThroughPage(admin, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));
    await admin.goto(`${stack.baseUrl}/hq`);
    await admin.locator('.account-menu__toggle').click();
    await admin.getByRole('menuitem', { name: 'Analytics' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/analytics');
    await admin.getByRole('heading', { level: 1, name: 'Analytics events' }).waitFor();

    // The worker writes in batches: read the page again until every one of them is there (a loaded machine is slow).
    const expected = ['SEO_Overview_Viewed', 'SEO_Table_Viewed', 'Export_Clipboard', 'Help_Opened'];
    const missing = async () => (await Promise.all(expected.map((event) => todaysCount(admin, event)))).includes(null);
    const deadline = Date.now() + 90_000;
    while ((await missing()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.reload();
      await admin.getByRole('heading', { level: 1, name: 'Analytics events' }).waitFor();
      await admin.getByRole('table', { name: 'Events per day' }).or(admin.getByText('No event was recorded on these days.')).waitFor();
    }
    expect(await todaysCount(admin, 'Help_Opened')).toBe(1);
    expect(await todaysCount(admin, 'Export_Clipboard')).toBe(1);
    expect(await todaysCount(admin, 'SEO_Overview_Viewed')).toBeGreaterThanOrEqual(1);
    expect(await todaysCount(admin, 'SEO_Table_Viewed')).toBeGreaterThanOrEqual(1);
    const clipboardRow = admin.locator('[data-testid="analytics-event"][data-event="Export_Clipboard"]');
    expect(await clipboardRow.innerText()).toContain('Clipboard');
    // Nobody bought anything: no row for it, rather than a row of zeros.
    expect(await todaysCount(admin, 'Acct_Billed')).toBeNull();

    // A range of days without events says so.
    await admin.getByLabel('From', { exact: true }).fill('2026-01-01');
    await admin.getByLabel('To', { exact: true }).fill('2026-01-07');
    await admin.getByRole('button', { name: 'Show' }).click();
    await admin.getByText('No event was recorded on these days.').waitFor();
    expect(new URL(admin.url()).searchParams.get('from')).toBe('2026-01-01');
  });
});
