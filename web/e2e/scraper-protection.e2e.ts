import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scraperSeedCookieName, scraperTokenHeader } from '@serpwise/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Scraper protection in the browser (issue 25 point 4): with scraper tokens on, research pages work because the web
 * client hashes its requests, and a broken seed is repaired by the info: 2 refetch without the user noticing; a client
 * loading research pages faster than a person is sent to the slow-the-scraping page and told why.
 */
jest.setTimeout(180_000);

const sessionLimit = 15;
let browser: Browser;
let stack: TestStack;
let domain: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({
    SCRAPER_TOKEN_ENABLED: 'true',
    BOT_CHECK_WINDOW_SECONDS: '30',
    BOT_CHECK_REQUESTS_PER_SESSION: String(sessionLimit),
    BOT_CHECK_REQUESTS_PER_ADDRESS: '1000',
    BOT_CHECK_SLOWDOWN_SECONDS: '60',
  }, { tinyMarket: true });
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

async function newContext(): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return [context, await context.newPage()];
}

const seedOf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === scraperSeedCookieName)?.value ?? null;

describe('scraper protection in the browser', () => {
  it('signs research calls with the token, and repairs a broken seed through info: 2 without the user noticing', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const [context, page] = await newContext();
    const researchCalls: Array<{ url: string; hash: string | undefined }> = [];
    const answers: Array<{ status: number; info: string | null }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/rest/research/')) researchCalls.push({ url: request.url(), hash: request.headers()[scraperTokenHeader] });
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/rest/research/')) answers.push({ status: response.status(), info: response.headers()['info'] ?? null });
    });

    await logInThroughPage(page, stack.baseUrl, user);
    // A brand-new session's first calls may go out before any seed exists; info: 2 repairs them. From here the
    // browser has one: every research call of the page must be signed.
    researchCalls.length = 0;
    await page.goto(`${stack.baseUrl}/overview?query=${encodeURIComponent(domain)}`);
    await page.getByRole('heading', { level: 1, name: domain }).waitFor();
    await page.getByRole('definition').filter({ hasText: /\d/ }).first().waitFor();
    const seed = await seedOf(context);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(researchCalls.length).toBeGreaterThan(0);
    expect(researchCalls.every((call) => /^[0-9a-f]{64}$/.test(call.hash ?? ''))).toBe(true);

    // The seed goes bad (as after a new session): the next research call is refused with info: 2, the page refetches
    // the tracking state, gets the right seed back and repeats the call; the table shows.
    await context.addCookies([{ name: scraperSeedCookieName, value: '0'.repeat(64), url: stack.baseUrl }]);
    const before = answers.length;
    await page.getByRole('link', { name: 'All keywords →' }).click();
    await page.waitForURL((url) => url.pathname === '/seo/keywords/domain');
    const table = page.getByRole('table', { name: new RegExp(`Organic keywords of ${domain.replace('.', '\\.')}`) });
    await table.locator('tbody tr td.sw-table__sticky').first().waitFor();
    const after = answers.slice(before);
    expect(after).toContainEqual({ status: 403, info: '2' });
    expect(after.at(-1)).toEqual({ status: 200, info: null });
    expect(await seedOf(context)).toBe(seed);
    await expect(page.getByText('This research request could not be verified', { exact: false }).count()).resolves.toBe(0);
  });

  it('sends a client that loads research pages faster than a person to the slow-the-scraping page', async () => {
    const [, page] = await newContext();
    const target = `${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}`;
    for (let load = 0; load < 20 && new URL(page.url()).pathname !== '/paywall'; load++) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/rest/research/'));
      await page.goto(target, { waitUntil: 'domcontentloaded' });
      await answered;
    }
    await page.waitForURL((url) => url.pathname === '/paywall' && url.searchParams.get('reason') === 'bot');
    const url = new URL(page.url());
    const seconds = Number(url.searchParams.get('slow'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(url.searchParams.get('returnUrl')).toBe(`/seo/keywords/domain?query=${domain}`);
    await expect(page.getByRole('status').innerText()).resolves.toMatch(
      /^Research requests are arriving faster than a person reads them, so we have paused them for \d+ seconds?\. Please wait and try again\. Back to your research$/,
    );

    // Held, the client can still open the login page (whose footer figures are refused too) and stay there.
    const figuresRefused = page.waitForResponse((response) => new URL(response.url()).pathname === '/rest/research/footprint' && response.status() === 429);
    await page.goto(`${stack.baseUrl}/login`);
    await figuresRefused;
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Login' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
