import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import { dayFromToday, SearchConsoleFixture } from '../../infra/test/search-console-data.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(240_000);

/**
 * Issue 20, "Done means" (Search Console): a user connects Search Console against the fake Google servers (consent
 * screen, token endpoint, sites.list, searchAnalytics.query paged with one 429), picks their property, watches the
 * backfill's days and rows go up live, and then sees their domain's clicks by month and its top pages with Search
 * Console's own numbers, named as their own Search Console data.
 */

const backfillMonths = 2;
const firstDay = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - backfillMonths, now.getUTCDate())).toISOString().slice(0, 10);
})();
const fixture = new SearchConsoleFixture('brackenmoor-cycles.com', firstDay, dayFromToday(-3));
const number = (value: number) => value.toLocaleString('en-US');

let google: FakeGoogle;
let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  google = await new FakeGoogle().start();
  google.searchConsoleSites = [
    { siteUrl: fixture.siteUrl, permissionLevel: 'siteOwner' },
    { siteUrl: 'https://www.not-verified-here.com/', permissionLevel: 'siteUnverifiedUser' },
  ];
  google.searchAnalytics = (siteUrl, request) => (siteUrl === fixture.siteUrl ? fixture.answer(request) : []);
  // A backfill that takes a few seconds, so its progress can be watched.
  google.searchAnalyticsDelayMs = 10;
  google.searchAnalyticsFailures.set(9, { status: 429 });
  [browser, stack] = await startBrowserAndStack({
    GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
    GOOGLE_OAUTH_BASE_URL: google.baseUrl,
    GOOGLE_SEARCH_CONSOLE_BASE_URL: google.baseUrl,
    SEARCH_CONSOLE_BACKFILL_MONTHS: String(backfillMonths),
    SEARCH_CONSOLE_ROW_LIMIT: '25',
    SEARCH_CONSOLE_BACKOFF_MS: '50',
  });
  const user = await createTestUser(stack.database, { roles: ['full'] });
  context = await browser.newContext();
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await google?.stop();
}, setUpTimeoutMs);

describe('Search Console in the browser', () => {
  it('connects, backfills live, and shows the domain\'s clicks by month and its top pages', async () => {
    const socketEvents: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => typeof frame.payload === 'string' && frame.payload.includes('search-console.sync') && socketEvents.push(frame.payload)));
    await page.goto(`${stack.baseUrl}/account/search-console`);
    await page.getByRole('heading', { name: 'Search Console', exact: true }).waitFor();

    // Google's consent screen (the fake agrees at once) sends the browser back with a code; the page lists the properties.
    await page.getByRole('button', { name: 'Connect Search Console' }).click();
    await page.getByRole('heading', { name: 'Pick properties to sync' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/account/search-console');
    expect(await page.getByRole('checkbox', { name: /not-verified-here/ }).isDisabled()).toBe(true);

    // Every progress message the property shows, as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __messages: string[] }).__messages = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.search-console-property__message')) {
          const text = (element as HTMLElement).innerText;
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('checkbox', { name: new RegExp(fixture.siteUrl) }).check();
    await page.getByRole('button', { name: 'Sync selected properties' }).click();
    const property = page.locator('[data-testid="search-console-property"]');
    await page.locator('[data-testid="search-console-property"][data-state="completed"]').waitFor({ timeout: 180_000 });

    // The backfill's days went up on the page while it ran, over the socket.
    const messages = await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
    const daysSeen = messages.map((message) => /^Fetching Search Console: (\d+) of ([\d,]+) days, ([\d,]+) rows$/.exec(message)).filter((match) => match !== null).map((match) => Number(match[1]));
    expect(daysSeen.length).toBeGreaterThanOrEqual(3);
    expect(daysSeen).toEqual([...daysSeen].sort((a, b) => a - b));
    expect(socketEvents.some((payload) => payload.includes('"state":"active"') && payload.includes('Fetching Search Console'))).toBe(true);
    expect(await property.innerText()).toContain('Up to date');

    // The site's clicks by month, as Search Console's chart counts them (every country, the anonymised queries too).
    const months = page.getByRole('table', { name: `Clicks by month of ${fixture.domain}` });
    await months.waitFor();
    const rows = await months.locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').slice(0, 2).map((cell) => cell.trim()))).toEqual(
      fixture.months().map((month) => [new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }), number(fixture.allClicks(month))]));

    // The site by country: the territories by name, the country the product has none for as "Other countries", last.
    const byCountry = page.getByRole('table', { name: `Clicks by country of ${fixture.domain}` });
    await byCountry.waitFor();
    const countryRows = (await byCountry.locator('tbody tr').allInnerTexts()).map((row) => row.split('\t').slice(0, 2).map((cell) => cell.trim()));
    const everyMonth = (country: string) => fixture.months().reduce((sum, month) => sum + fixture.siteClicks(month, country), 0);
    expect(countryRows).toHaveLength(3);
    expect(countryRows).toEqual(expect.arrayContaining([['United States', number(everyMonth('usa'))], ['United Kingdom', number(everyMonth('gbr'))]]));
    expect(countryRows.at(-1)).toEqual(['Other countries (1)', number(everyMonth('atf'))]);

    // Its top pages, with their own clicks of the newest month in the US.
    const newest = fixture.months().at(-1)!;
    await page.getByRole('link', { name: `Top pages of ${fixture.domain}` }).click();
    const pages = page.getByRole('table').first();
    const gravel = pages.getByRole('row').filter({ hasText: '/bikes/gravel' });
    await gravel.waitFor({ timeout: 30_000 });
    expect(await gravel.innerText()).toContain(number(fixture.pageClicks(newest, fixture.pages[1]!, 'usa')));
    const monthName = new Date(`${newest}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    await page.getByText(`Your data: Search Console, ${monthName}`).waitFor();

    // The overview of the domain says the same month is the user's own Search Console data.
    await page.goto(`${stack.baseUrl}/account/search-console`);
    await page.getByRole('link', { name: `Overview of ${fixture.domain}` }).click();
    await page.getByText(`Your data: Search Console, ${monthName}`).waitFor({ timeout: 30_000 });

    // The job center lists the backfill.
    await page.goto(`${stack.baseUrl}/exports`);
    await page.getByText('Search Console sync').first().waitFor({ timeout: 30_000 });
    await page.getByText(fixture.siteUrl).first().waitFor();
  });
});
