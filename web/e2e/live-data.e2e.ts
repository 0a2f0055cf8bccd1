import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeDataForSeoResearch, researchPaths } from '../../infra/test/fake-dataforseo-research.js';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(180_000);

/**
 * Research data on demand (issue 20, "Done means"; docs/product/live-data.md): a user searches a domain the warehouse
 * has never seen, presses "Get live data", watches the page fill in, and sees its overview, competitors, keywords,
 * ads and backlinks from the (fake) DataForSEO, with the source named on the page.
 */
let browser: Browser;
let stack: TestStack;
let fake: FakeDataForSeoResearch;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await new FakeDataForSeoResearch().start();
  [browser, stack] = await startBrowserAndStack({
    DATA_PROVIDER: 'dataforseo',
    DATAFORSEO_LOGIN: fake.login.login,
    DATAFORSEO_PASSWORD: fake.login.password,
    DATAFORSEO_BASE_URL: fake.baseUrl,
  });
}, setUpTimeoutMs);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
  await fake?.stop();
}, setUpTimeoutMs);

async function loggedInPage(): Promise<Page> {
  const user = await createTestUser(stack.database, { roles: ['full'] });
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
  return page;
}

describe('live research data in the browser', () => {
  it('fetches a domain the warehouse has never seen and fills the research pages in, naming DataForSEO as the source', async () => {
    const page = await loggedInPage();
    const domain = 'newcomer.example';
    // The user searches it from the site's search box, as anyone would.
    await page.goto(`${stack.baseUrl}/hq`);
    const search = page.getByRole('combobox', { name: 'Domain, URL, or keyword' }).first();
    await search.fill(domain);
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/overview/domain\\?query=${domain.replace('.', '\\.')}`));
    await page.getByRole('heading', { name: `No data for ${domain}` }).waitFor({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Live data' });
    await panel.getByText(`${domain} is not in our search results yet.`, { exact: false }).waitFor();
    expect(await panel.getByTestId('live-data-cost').innerText()).toMatch(/^Expected cost: at most \$0\.\d+ \(USD of DataForSEO credit\)$/);

    // The organic keywords are held back: the overview lands first, and the page shows it while the job goes on.
    const releaseKeywords = fake.hold(researchPaths.ranked);
    await panel.getByRole('button', { name: 'Get live data' }).click();
    await page.getByRole('progressbar', { name: 'Live data fetch' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: /at a glance$/ }).waitFor({ timeout: 30_000 });
    await panel.getByText(/Fetching live data from DataForSEO: 1 of 6 parts/).waitFor({ timeout: 30_000 });
    releaseKeywords();

    await panel.getByText('Live data from DataForSEO has landed.').waitFor({ timeout: 60_000 });
    await page.getByTestId('live-data-source').getByText('DataForSEO').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('live-data-source').innerText()).toMatch(/^Source: DataForSEO, fetched \w+ \d+, \d{4}$/);
    // The page's source label names the provider for this subject, not the installation's demo market.
    await page.locator('.research__eyebrow').getByText(/^DataForSEO, \w+ \d+, \d{4}$/).waitFor();
    expect(await page.locator('.research__eyebrow').innerText()).not.toMatch(/demo data/i);
    // Overview, competitors and keywords on the overview page.
    const keywordsCard = page.locator('.metric-card', { hasText: 'Organic keywords' }).first();
    await keywordsCard.waitFor();
    expect(await keywordsCard.innerText()).toContain('415');
    await page.getByRole('link', { name: 'newcomer-rival1.example' }).first().waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'newcomer topic 1', exact: true }).first().waitFor({ timeout: 30_000 });

    // Its ads and its backlinks, each page naming the source.
    await page.goto(`${stack.baseUrl}/ppc/keywords/domain?query=${domain}&countryCode=US`);
    await page.getByText('buy newcomer product 1', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByTestId('live-data-source').getByText('DataForSEO').waitFor();
    await page.goto(`${stack.baseUrl}/seo/backlinks/domain?query=${domain}&countryCode=US`);
    await page.getByText(/blog\d+\.linker\.example/).first().waitFor({ timeout: 30_000 });
    await page.getByTestId('live-data-source').getByText('DataForSEO').waitFor();
    // Fresh data is not offered again.
    expect(await page.getByRole('button', { name: 'Get live data' }).count()).toBe(0);
  });
});
