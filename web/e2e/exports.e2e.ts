import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseCsv } from '../../infra/test/spreadsheet-readers.js';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;
let domain: string;

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  const [busy] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.organic_keywords desc limit 1`,
  );
  domain = busy!.name;
  const user = await createTestUser(stack.database, { roles: ['full'] });
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

/** Records every state the export notice shows, as it changes, from inside the page. */
async function watchNotice(target: Page): Promise<void> {
  await target.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const notice = document.querySelector('[data-testid="export-notice"]');
      const state = notice?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

describe('exports in the browser', () => {
  it('a full user exports a whole table from the Export menu, sees it pending, then its download link, live', async () => {
    const socketEvents: string[] = [];
    // The socket connects with WebSocket from its first request (issue 21: any load balancer, no sticky sessions).
    const pollingRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/socket.io/') && request.url().includes('transport=polling') && pollingRequests.push(request.url()));
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => typeof frame.payload === 'string' && frame.payload.includes('job.updated') && socketEvents.push(frame.payload)));
    // The export menu opens the page's socket; until it is connected, a notice would (rightly) fall back to the poll.
    const socketConnected = new Promise<void>((resolve) =>
      page.on('websocket', (socket) => socket.on('framereceived', (frame) => typeof frame.payload === 'string' && (frame.payload.startsWith('40') || frame.payload === '3probe') && resolve())),
    );
    await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US&sort=volume&sortDirection=desc`);
    await watchNotice(page);
    await socketConnected;
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();

    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen[0]).toBe('pending');
    expect(seen.at(-1)).toBe('ready');
    // Progress and the end came over the socket, each carrying the export's rows written and percent.
    expect(socketEvents.some((payload) => payload.includes('"state":"completed"') && payload.includes('"percent":100'))).toBe(true);
    expect(pollingRequests).toEqual([]);
    await expect(link.textContent()).resolves.toMatch(new RegExp(`^Download seo-keywords-${domain.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^seo-keywords-.*\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const [header, ...rows] = parseCsv(await readFile(path, 'utf8'));
    expect(header).toContain('Keyword');
    const { totalRows } = (await (await page.request.get(`${stack.baseUrl}/rest/research/seo/keywords?domain=${domain}&countryCode=US`)).json()) as { totalRows: number };
    expect(rows).toHaveLength(totalRows);
    expect(totalRows).toBeGreaterThan(20); // more than the page a table shows
  });

  it('lists the export on /exports (Your jobs) with its download link', async () => {
    await page.goto(`${stack.baseUrl}/exports`);
    const row = page.getByTestId('job-row').first();
    await row.waitFor();
    await expect(row.getAttribute('data-state')).resolves.toBe('completed');
    // It says until when the file stays (issue 21): a date, never the dash of a file without one.
    expect(await row.innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(row.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/download\?expires=\d+&signature=/);
  });
  it('says "paused by an administrator" while an admin holds the exports queue, and finishes once it is resumed (issue 21)', async () => {
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await logInThroughPage(admin, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));
      await admin.goto(`${stack.baseUrl}/admin/queues`);
      await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
      await admin.getByTestId('admin-actions-until').waitFor();
      await admin.getByRole('button', { name: 'Pause exports' }).click();
      await admin.locator('[data-testid="queue-exports"][data-paused="true"]').waitFor();

      await page.goto(`${stack.baseUrl}/exports/new?table=seo/competitors&domain=${domain}&countryCode=US`);
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      await page.getByTestId('export-waiting').filter({ hasText: 'CSV export paused by an administrator' }).waitFor();
      await page.waitForTimeout(2_000);
      expect(await page.getByTestId('export-notice').getAttribute('data-state')).toBe('pending');
      expect(await page.getByTestId('export-notice').innerText()).not.toContain('Generating');

      await admin.getByRole('button', { name: 'Resume exports' }).click();
      await page.getByTestId('export-download').waitFor({ timeout: 30_000 });
    } finally {
      await adminContext.close();
    }
  });
});
