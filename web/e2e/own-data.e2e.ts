import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { gscExport, gscExportZip } from '../../infra/test/test-data.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(180_000);

/**
 * Imported data shows where users look (docs/decisions.md, "Issue 19: imported data shows where users look"): Alice
 * imports her site's Search Console export from the import page, follows the finished import's link to the site's
 * overview and its keywords of the imported month, and sees the file's numbers and where they come from; Bob, another
 * user, sees none of them.
 */

let browser: Browser;
let stack: TestStack;
const contexts: BrowserContext[] = [];

async function loggedInPage(): Promise<Page> {
  const user = await createTestUser(stack.database, { roles: ['full'] });
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
  return page;
}

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack();
}, setUpTimeoutMs);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

describe('the user\'s own data in the browser', () => {
  it('links a finished import to its site\'s overview and keywords of its month, with the file\'s numbers; another user sees none', async () => {
    const alice = await loggedInPage();
    await alice.goto(`${stack.baseUrl}/account/imports`);
    await alice.getByRole('heading', { name: 'Import your data' }).waitFor();
    await alice.getByLabel('Kind of file').selectOption('gsc');
    // The form reads the file first, then asks what it does not say (the territory, for a Search Console export).
    await alice.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'harrowgate-performance.zip', mimeType: 'application/zip', buffer: gscExportZip() });
    await alice.getByLabel('Territory of the searches').selectOption('US');
    await alice.getByRole('button', { name: 'Import', exact: true }).click();
    await alice.locator('[data-testid="import-row"][data-state="completed"]').waitFor({ timeout: 90_000 });

    // The overview of the site, for the month the export is of.
    await alice.getByRole('link', { name: `Overview of ${gscExport.domain}, Sep 2026` }).click();
    await alice.getByRole('heading', { name: 'Sep 2026 at a glance' }).waitFor({ timeout: 30_000 });
    expect(new URL(alice.url()).searchParams.get('month')).toBe(gscExport.month);
    await alice.getByText('Your data: Search Console, Sep 2026').waitFor();
    expect(await alice.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(gscExport.month);
    const keywordsCard = alice.locator('.metric-card', { hasText: 'Organic keywords' }).first();
    expect(await keywordsCard.innerText()).toContain(String(gscExport.queries));

    // Its keywords of that month: the file's queries with their clicks.
    await alice.goBack();
    await alice.getByRole('link', { name: 'Its keywords' }).click();
    const table = alice.getByRole('table').first();
    const row = table.getByRole('row').filter({ has: alice.getByText('harrowgate bakehouse', { exact: true }) });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('412');
    expect(await alice.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(gscExport.month);

    // Bob finds nothing of it.
    const bob = await loggedInPage();
    await bob.goto(`${stack.baseUrl}/overview/domain?query=${gscExport.domain}&countryCode=US&month=${gscExport.month}`);
    await bob.getByRole('heading', { name: `No data for ${gscExport.domain}` }).waitFor({ timeout: 30_000 });
    expect(await bob.getByText(/Your data/).count()).toBe(0);
    await bob.goto(`${stack.baseUrl}/seo/keywords/domain?query=${gscExport.domain}&countryCode=US&month=${gscExport.month}`);
    await bob.getByText(/^No .+ found\.$/).waitFor({ timeout: 30_000 });
    expect(await bob.getByText('harrowgate bakehouse', { exact: true }).count()).toBe(0);
  });
});
