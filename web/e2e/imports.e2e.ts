import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { gscExport, gscExportZip } from '../../infra/test/test-data.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);


let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack();
  const user = await createTestUser(stack.database, { roles: ['full'] });
  context = await browser.newContext();
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

describe('imports in the browser', () => {
  it('uploads the Search Console export, follows its progress live, then finds its queries on the domain\'s research screen', async () => {
    const socketEvents: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => typeof frame.payload === 'string' && frame.payload.includes('job.updated') && socketEvents.push(frame.payload)));
    await page.goto(`${stack.baseUrl}/account/imports`);
    await page.getByRole('heading', { name: 'Import your data' }).waitFor();
    // The page opens its socket at once; progress then comes over it rather than the poll.
    await page.locator('.imports__transport[data-live="true"]').waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const row = document.querySelector('[data-testid="import-row"]');
        const state = row?.getAttribute('data-state');
        if (state && seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await page.getByLabel('Kind of file').selectOption('gsc');
    await page.getByLabel('Territory of the searches').selectOption('US');
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'harrowgate-performance.zip', mimeType: 'application/zip', buffer: gscExportZip() });
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const row = page.getByTestId('import-row').first();
    await page.locator('[data-testid="import-row"][data-state="completed"]').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(['queued', 'active']).toContain(seen[0]);
    expect(seen.at(-1)).toBe('completed');
    // The progress and the end came over the socket, with the import's counts.
    expect(socketEvents.some((payload) => payload.includes('"state":"active"'))).toBe(true);
    expect(socketEvents.some((payload) => payload.includes('"state":"completed"') && payload.includes(`"rowsLanded":${gscExport.queries}`))).toBe(true);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toBe('harrowgate-performance.zip');
    expect(cells.slice(3, 7).map((cell) => cell.trim())).toEqual([String(gscExport.queries), String(gscExport.queries), '0', '0']);

    // The queries are now the site's keywords on its research screen.
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${gscExport.domain}`);
    const table = page.getByRole('table').first();
    await table.getByText('harrowgate bakehouse', { exact: true }).waitFor({ timeout: 30_000 });
    await table.getByText('harrowgate bakehouse opening hours', { exact: true }).waitFor();
  });
});
