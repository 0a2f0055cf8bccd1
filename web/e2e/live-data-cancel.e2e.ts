import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeDataForSeoResearch, researchPaths } from '../../infra/test/fake-dataforseo-research.js';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { until } from '../../infra/test/waiting.js';

jest.setTimeout(180_000);

/**
 * Cancelling a live-data fetch from the job center (issue 20, docs/product/live-data.md): a user presses "Get live
 * data" for a domain the warehouse has never seen, and while the (fake) DataForSEO is slow to answer for its organic
 * keywords, cancels the fetch in the header's job tray. The tray and the page say it was cancelled, and when the
 * provider's answer does come, nothing more lands: the overview that landed before the cancel stays, with its source.
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

/** What the fetch's source holds: its overview months, organic ranks, competitors, ads and backlinks. */
async function landedOf(sourceId: number): Promise<Record<string, number>> {
  const [row] = await stack.database.query<Record<string, string>>(
    `select (select count(*) from provider_domain_month where source_id = $1) as months,
       (select count(*) from organic_rank where source_id = $1) as ranks,
       (select count(*) from provider_competitor where source_id = $1) as competitors,
       (select count(*) from paid_ad where source_id = $1) as ads,
       (select count(*) from backlink where source_id = $1) as backlinks`, [sourceId]);
  return Object.fromEntries(Object.entries(row!).map(([name, value]) => [name, Number(value)]));
}

describe('cancelling a live-data fetch in the browser', () => {
  it('cancels the fetch from the job tray while the provider is slow, and nothing lands after the cancel', async () => {
    const page = await loggedInPage();
    const domain = 'cancelled-fetch.example';
    await page.goto(`${stack.baseUrl}/overview/domain?query=${domain}&countryCode=US`);
    const panel = page.getByRole('region', { name: 'Live data' });
    await panel.getByText(`${domain} is not in our search results yet.`, { exact: false }).waitFor({ timeout: 30_000 });

    // The provider is slow with the organic keywords (the fetch's second part): held until released.
    const releaseKeywords = fake.hold(researchPaths.ranked);
    try {
      await panel.getByRole('button', { name: 'Get live data' }).click();
      await panel.getByText(/Fetching live data from DataForSEO: 1 of 6 parts/).waitFor({ timeout: 30_000 });
      await until('the keywords to be asked for', async () => fake.requestsTo(researchPaths.ranked).length > 0 || null, 30_000);
      // The fetch's source (installation data, named by its job) holds what landed.
      const [source] = await stack.database.query<{ id: number; job_id: string }>(
        `select id, details->>'jobId' as job_id from data_source where details->>'purpose' = 'live-data' and details->>'subject' = $1`, [domain]);
      const before = await landedOf(source!.id);
      expect(before).toMatchObject({ ranks: 0, competitors: 0, ads: 0, backlinks: 0 });
      expect(before.months).toBeGreaterThan(0);

      // Cancelled from the header's tray, where the fetch is listed by its subject while it runs.
      await page.getByTestId('jobs-button').click();
      const tray = page.getByTestId('jobs-tray');
      const row = tray.getByTestId('job-row').filter({ hasText: domain });
      await row.and(page.locator('[data-state="running"]')).waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: 'Cancel' }).click();
      await row.and(page.locator('[data-state="cancelled"]')).waitFor({ timeout: 30_000 });
      expect(await row.getByTestId('job-state').innerText()).toMatch(/Cancelled/);
      await page.keyboard.press('Escape');
      await panel.getByText('The fetch was cancelled.', { exact: false }).waitFor({ timeout: 30_000 });

      // The provider answers at last: the worker takes the answer in and lands none of it, nor asks for the rest.
      releaseKeywords();
      const [record] = await stack.database.query<{ state: string }>('select state from job_record where id = $1', [source!.job_id]);
      expect(record?.state).toBe('cancelled');
      // The run sees the cancel when the answer comes; a part that did land would take a second or two here: watch
      // for five.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await landedOf(source!.id)).toEqual(before);
      expect(fake.requestsTo(researchPaths.competitors)).toHaveLength(0);
      expect(fake.requestsTo(researchPaths.backlinks)).toHaveLength(0);
      // The subject is offered again, and the overview landed before the cancel stays, named as DataForSEO's.
      await panel.getByRole('button', { name: 'Get live data' }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: /at a glance$/ }).waitFor({ timeout: 30_000 });
    } finally {
      releaseKeywords();
    }
  });
});
