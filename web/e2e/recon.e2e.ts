import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(240_000);

let browser: Browser;
let stack: TestStack;
let market: { domain: string; keyword: string; competitor: string; position: number };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  // A domain ranking for a keyword in the newest US month, that keyword, and another domain on the same results page.
  const [row] = await stack.database.query<{ domain: string; keyword: string; competitor: string; position: number }>(
    `with newest as (select max(month) as month from domain_month where territory = 'US')
     select d.name as domain, k.term as keyword, c.name as competitor, r.position::int as position
     from organic_rank r join newest n on r.month = n.month join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
     join organic_rank o on o.month = r.month and o.keyword_id = r.keyword_id and o.domain_id <> r.domain_id join domain c on c.id = o.domain_id
     where r.territory = 'US' order by r.position, k.term, o.position limit 1`,
  );
  market = row!;
}, setUpTimeoutMs);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

describe('recon reports in the browser', () => {
  it('a visitor sees the product page; a user creates a report through the wizard and opens its live ranking and a keyword', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/recon`);
    await page.getByRole('heading', { name: 'Keyword Recon Reports' }).waitFor();
    await expect(page.locator('.recon-product').getByRole('link', { name: 'Sign Up' }).getAttribute('href')).resolves.toBe('/freeaccount?returnUrl=%2Frecon');

    const user = await createTestUser(stack.database, { roles: ['full'] });
    await logInThroughPage(page, stack.baseUrl, user);

    // A later step without what it needs returns to the previous step.
    await page.goto(`${stack.baseUrl}/recon/create/seo/3`);
    await page.waitForURL((url) => url.pathname === '/recon/create/seo');
    const steps = page.getByRole('list', { name: 'Steps' }).locator('li');
    await steps.and(page.locator('[data-state="active"]')).filter({ hasText: 'Domain' }).waitFor();
    await expect(steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).resolves.toEqual(['active', 'incomplete', 'incomplete', 'incomplete']);

    await page.getByLabel('Primary domain').fill('not a domain');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Enter a valid domain, like example.com.').waitFor();
    await page.getByLabel('Primary domain').fill(market.domain);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/recon/create/seo/2');
    await steps.and(page.locator('[data-state="active"]')).filter({ hasText: 'Keywords' }).waitFor();
    await expect(steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).resolves.toEqual(['complete', 'active', 'incomplete', 'incomplete']);

    await page.getByLabel(/Keywords to track/).fill(`${market.keyword}\nunknown recon keyword zz`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/recon/create/seo/3');
    const competitors = page.getByLabel('Competitors (domains)');
    await competitors.fill(market.competitor);
    await competitors.press('Enter');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/recon/create/seo/4');
    await page.getByLabel('Report name (optional)').fill('Client recon');
    await page.getByRole('button', { name: 'Create report' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/recon/live-ranking/'));
    await page.getByRole('heading', { name: 'Live ranking: Client recon' }).waitFor();
    const table = page.getByRole('table', { name: 'Live ranking' });
    const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['Keyword', 'Volume', market.domain, market.competitor]);
    await table.locator('tbody tr').nth(1).waitFor();
    const firstRow = table.locator('tbody tr').first();
    expect((await firstRow.locator('td').nth(0).innerText()).trim()).toBe(market.keyword);
    expect((await firstRow.locator('td').nth(2).innerText()).trim()).toMatch(new RegExp(`^${market.position}\\b`));
    expect((await table.locator('tbody tr').nth(1).locator('td').nth(2).innerText()).trim()).toBe('–');

    // The keyword's details: its results page with the primary domain marked.
    await firstRow.getByRole('link', { name: market.keyword }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/recon/live-ranking-details/'));
    const serp = page.getByRole('table', { name: 'Results page' });
    await serp.waitFor();
    await expect(serp.locator('tbody tr', { hasText: `${market.domain} (you)` }).locator('td').first().innerText()).resolves.toBe(String(market.position));

    // The report is listed at /recon and on the /hq dashboard.
    await page.goto(`${stack.baseUrl}/recon`);
    await page.getByRole('link', { name: 'Client recon' }).waitFor();
    await page.goto(`${stack.baseUrl}/hq`);
    await page.getByRole('region', { name: 'Recon reports' }).getByRole('link', { name: 'Client recon' }).waitFor();
  });
});
