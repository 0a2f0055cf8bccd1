import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
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

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

/**
 * How far the page's content reaches past its width sideways (0 when nothing sticks out). The header is left out: the
 * site navigation (with its hamburger menu) is built separately.
 */
const sidewaysOverflow = (page: Page) => page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth);

describe('the widget gallery in the browser', () => {
  it('shows an admin /components and /icons, fitting a 375 px phone and a 1280 px screen', async () => {
    const admin = await createTestUser(stack.database, { roles: ['full', 'admin'] });
    const page = await newPage(375);
    await logInThroughPage(page, stack.baseUrl, admin);
    await page.goto(`${stack.baseUrl}/components`);
    await page.getByRole('heading', { level: 1, name: 'Components' }).waitFor();
    expect(await page.getByTestId('breakpoint').textContent()).toContain('base (under 480 px)');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The widgets are live: a modal opens and Escape closes it; a notice appears in the stack.
    await page.getByRole('button', { name: 'Open modal' }).click();
    await page.getByRole('dialog', { name: 'A modal' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'A modal' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('New group successfully added').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('breakpoint').filter({ hasText: 'xl (1280 px and wider)' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // From lg up the gallery shows two columns.
    const columns = await page.locator('.gallery__grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);

    await page.goto(`${stack.baseUrl}/icons`);
    await page.getByRole('list', { name: 'Icon set' }).getByText('external-link').waitFor();
  });

  it('sends a free user and a visitor home from /components and /icons', async () => {
    const free = await createTestUser(stack.database, { roles: ['free'] });
    const page = await newPage(1280);
    await logInThroughPage(page, stack.baseUrl, free);
    await page.goto(`${stack.baseUrl}/components`);
    // Home, and the home page sends a logged-in user on to their projects (/hq): that is where they end.
    await page.waitForURL((url) => url.pathname === '/hq');
    expect(await page.getByRole('heading', { name: 'Components' }).count()).toBe(0);

    const visitor = await newPage(375);
    await visitor.goto(`${stack.baseUrl}/icons`);
    // The home page (which may add its variant, ?alt=N, for a visitor).
    await visitor.waitForURL((url) => url.pathname === '/');
  });
});
