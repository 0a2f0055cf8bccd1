import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let domain: string;
const contexts: BrowserContext[] = [];

interface KeywordPage {
  rows: ({ keyword: string; volume: number } | { locked: true })[];
  totalRows: number;
}

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  // The busiest site of the tiny market in the newest US month: it has keywords on several pages and competitors.
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

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** What a full user gets from the API for the same table request: the rows the page must show. */
async function apiKeywords(page: Page, query: string): Promise<string[]> {
  const answer = await page.evaluate(async (path) => (await fetch(path, { headers: { accept: 'application/json' } })).json(), `/rest/research/seo/keywords?${query}`);
  return (answer as KeywordPage).rows.map((row) => ('keyword' in row ? row.keyword : 'locked'));
}

/** Reads until the value matches (the table follows the URL after a request): fails with the last value read. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  expect(last).toEqual(expected);
}

const tableKeywords = async (page: Page) =>
  page.getByRole('table', { name: new RegExp(`Organic keywords of ${domain.replace('.', '\\.')}`) }).locator('tbody tr td.sw-table__sticky').allInnerTexts();

describe('research in the browser', () => {
  it('opens an overview, goes to SEO keywords, sorts, pages, and compares in kombat', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);

    // The landing search submits to /overview?query=… ; the overview looks the query up and shows the domain.
    await page.goto(`${stack.baseUrl}/overview?query=${encodeURIComponent(domain)}`);
    await page.getByRole('heading', { level: 1, name: domain }).waitFor();
    await page.getByRole('heading', { name: 'Organic history' }).waitFor();
    await page.getByRole('img', { name: `Estimated organic clicks per month for ${domain}` }).waitFor();
    await page.getByRole('definition').filter({ hasText: /\d/ }).first().waitFor();

    // To the SEO keywords tab.
    await page.getByRole('link', { name: 'All keywords →' }).click();
    await page.waitForURL((url) => url.pathname === '/seo/keywords/domain' && url.searchParams.get('query') === domain);
    const firstByClicks = await apiKeywords(page, `domain=${domain}&countryCode=US`);
    await eventually(() => tableKeywords(page), firstByClicks);

    // Sort by volume: a numeric column starts descending.
    await page.getByRole('button', { name: 'Volume' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'volume' && url.searchParams.get('dir') === 'desc');
    await eventually(() => page.getByRole('columnheader', { name: 'Volume' }).getAttribute('aria-sort'), 'descending');
    const byVolume = await apiKeywords(page, `domain=${domain}&countryCode=US&sort=volume&sortDirection=desc`);
    expect(byVolume).not.toEqual(firstByClicks);
    await eventually(() => tableKeywords(page), byVolume);

    // The next page (after the 500 ms pause) is rows 21–40 of the same order.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('startRow') === '21');
    const secondPage = await apiKeywords(page, `domain=${domain}&countryCode=US&sort=volume&sortDirection=desc&startRow=21`);
    await eventually(() => tableKeywords(page), secondPage);
    await page.getByText(/^21–40 of [\d,]+ keywords/).waitFor();

    // Kombat compares the domain with its two closest competitors.
    await page.getByRole('navigation', { name: 'SEO Research tabs' }).getByRole('link', { name: 'Kombat' }).click();
    await page.waitForURL((url) => url.pathname === '/seo/kombat/domain' && (url.searchParams.get('competitors') ?? '').split(',').length === 2);
    const competitors = new URL(page.url()).searchParams.get('competitors')!.split(',');
    await page.getByRole('img', { name: `Keywords ranked by ${[domain, ...competitors].join(', ')}` }).waitFor();
    const shared = page.getByRole('button', { name: /Shared keywords/ });
    const sharedCount = Number((await shared.locator('.segment-list__count').innerText()).replace(/,/g, ''));
    await shared.click();
    await page.waitForURL((url) => url.searchParams.get('segment') === 'core');
    await page.getByText(new RegExp(`of ${sharedCount.toLocaleString('en-US')} keywords`)).waitFor();
    // In the shared segment every compared domain has a position in every row.
    const kombat = page.getByRole('table', { name: /Shared keywords of/ });
    await kombat.locator('tbody tr').first().waitFor();
    const cells = await kombat.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(2, 5).every((cell) => /^\d+(\.\d)?$/.test(cell.trim()))).toBe(true);
  });

  it('shows a visitor ten rows, the lock overlay, the teaser, and the logged-out CSV modal', async () => {
    const page = await newPage(375);
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}`);
    const overlay = page.getByTestId('lock-overlay');
    await overlay.waitFor();
    const login = overlay.getByRole('link', { name: 'Log in to see all results' });
    expect(await login.getAttribute('href')).toBe(`/auth/login?returnUrl=${encodeURIComponent(`/seo/keywords/domain?query=${domain}`)}`);
    expect(await tableKeywords(page)).toHaveLength(10);
    const teaser = page.getByRole('complementary', { name: 'Want to view more results?' });
    expect(await teaser.getByRole('link', { name: 'See Plans and Pricing' }).getAttribute('href')).toBe(
      `/mainpurchase?returnUrl=${encodeURIComponent(`/seo/keywords/domain?query=${domain}`)}`,
    );

    await page.getByRole('button', { name: 'CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Log in to download CSV' });
    await modal.getByRole('tab', { name: 'Sign Up' }).waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  });

  it('brings a visitor who logs in from "Log in to see all results" back to the same page, sort and hash (issue 24)', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage(1440);
    const place = `/seo/keywords/domain?query=${encodeURIComponent(domain)}&sort=volume&dir=desc&startRow=21#keywords`;
    await page.goto(`${stack.baseUrl}${place}`);
    await page.getByTestId('lock-overlay').getByRole('link', { name: 'Log in to see all results' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await page.waitForURL((url) => url.pathname === '/seo/keywords/domain');
    const back = new URL(page.url());
    expect(`${back.pathname}${back.search}${back.hash}`).toBe(place);
    await page.getByRole('button', { name: user.email }).waitFor();
    await eventually(() => page.getByRole('columnheader', { name: 'Volume' }).getAttribute('aria-sort'), 'descending');
    await page.getByText(/^21–40 of [\d,]+ keywords/).waitFor();
    const secondPage = await apiKeywords(page, `domain=${domain}&countryCode=US&sort=volume&sortDirection=desc&emptyValues=low&startRow=21`);
    await eventually(() => tableKeywords(page), secondPage);
  });
});
