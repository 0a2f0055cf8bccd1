import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { gscExport, gscExportZip, gscSixMonths, testData } from '../../infra/test/test-data.js';
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

/** The upload form (the page's header has fields of its own). */
const importForm = () => page.getByRole('form', { name: 'Import a file' });

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
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'harrowgate-performance.zip', mimeType: 'application/zip', buffer: gscExportZip() });
    await page.getByLabel('Territory of the searches').selectOption('US');
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const row = page.getByTestId('import-row').first();
    await page.locator('[data-testid="import-row"][data-state="completed"]').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(['queued', 'active']).toContain(seen[0]);
    expect(seen.at(-1)).toBe('completed');
    // The progress and the end came over the socket, with the import's counts.
    expect(socketEvents.some((payload) => payload.includes('"state":"active"'))).toBe(true);
    // The rows of the file: 22 queries and 6 pages (the site's month of its daily table is no row of its own).
    const rows = String(gscExport.queries + gscExport.pages);
    expect(socketEvents.some((payload) => payload.includes('"state":"completed"') && payload.includes(`"rowsLanded":${rows}`))).toBe(true);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toBe('harrowgate-performance.zip');
    expect(cells[2]).toContain('All in Sep 2026: the export covers one month.');
    expect(cells.slice(3, 7).map((cell) => cell.trim())).toEqual([rows, rows, '0', '0']);

    // The ZIP said its site and its dates: the form asked only for the territory.
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'again.zip', mimeType: 'application/zip', buffer: gscExportZip() });
    await page.getByText(`Read from the file: the site ${gscExport.domain}, 2026-09-01 to 2026-09-30.`).waitFor();
    expect(await importForm().getByLabel('Site', { exact: true }).count()).toBe(0);
    expect(await importForm().getByLabel('First day of the data').count()).toBe(0);

    // The queries are now the site's keywords on its research screen.
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${gscExport.domain}`);
    const table = page.getByRole('table').first();
    await table.getByText('harrowgate bakehouse', { exact: true }).waitFor({ timeout: 30_000 });
    await table.getByText('harrowgate bakehouse opening hours', { exact: true }).waitFor();
    // Search Console's own columns show for the importer's site: 412 clicks of 980 impressions, a 42% CTR.
    await table.getByRole('columnheader', { name: /Impressions/ }).waitFor();
    await table.getByRole('columnheader', { name: /CTR/ }).waitFor();
    const query = table.getByRole('row').filter({ has: page.getByText('harrowgate bakehouse', { exact: true }) });
    expect(await query.innerText()).toMatch(/412[\s\S]*980[\s\S]*42%/);

    // Its pages are the site's top pages, with their own clicks and impressions.
    await page.goto(`${stack.baseUrl}/seo/top-pages/domain?query=${gscExport.domain}`);
    const pages = page.getByRole('table').first();
    const home = pages.getByRole('row').filter({ hasText: '/menu' });
    await home.waitFor({ timeout: 30_000 });
    expect(await home.innerText()).toMatch(/61[\s\S]*402[\s\S]*15\.2%/);
  });

  /** Waits for an import's row; when it does not come, says what the page shows instead (rows, their states, alerts). */
  async function waitForImportRow(row: Locator) {
    try {
      await row.waitFor({ timeout: 60_000 });
    } catch (error) {
      const rows = await page.getByTestId('import-row').evaluateAll((all) => all.map((tr) => `${tr.getAttribute('data-state')}: ${(tr as HTMLElement).innerText.replace(/\s+/g, ' ')}`));
      const alerts = await page.getByRole('alert').allInnerTexts();
      // What the database is doing (a run waiting on a lock shows here) and what the processes said.
      const activity = await stack.database.query(
        `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction, left(query, 160) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`);
      const jobs = await stack.database.query('select id, name, state, attempts, message, error from job_record order by created_at desc limit 3');
      throw new Error(
        `${(error as Error).message}\nrows shown: ${JSON.stringify(rows)}\nalerts shown: ${JSON.stringify(alerts)}` +
          `\ndatabase: ${JSON.stringify(activity)}\njobs: ${JSON.stringify(jobs)}\nprocesses said: ${stack.output()}`,
        { cause: error },
      );
    }
  }

  /** Picks the kind and the file, waits for the form to read it, answers exactly what it asks, imports, and reads the row's counts. */
  async function importFromPage(format: string, file: { name: string; buffer: Buffer }, answers: { territory: string; site?: string; month?: string; dateFrom?: string; dateTo?: string }, asked: string[]) {
    await page.goto(`${stack.baseUrl}/account/imports`);
    await page.getByLabel('Kind of file').selectOption(format);
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
    await page.getByLabel('Territory of the searches').waitFor();
    const fields = { 'Site': answers.site, 'Month of the data': answers.month, 'First day of the data': answers.dateFrom, 'Last day of the data': answers.dateTo };
    const shown = [];
    for (const label of Object.keys(fields)) if (await importForm().getByLabel(label, { exact: true }).count()) shown.push(label);
    expect(shown).toEqual(asked);
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    if (asked.length) expect(await importButton.isDisabled()).toBe(true);
    await page.getByLabel('Territory of the searches').selectOption(answers.territory);
    for (const label of asked) await importForm().getByLabel(label, { exact: true }).fill(fields[label as keyof typeof fields]!);
    await importButton.click();
    // The row whose file cell is this file (the Kind column names Queries.csv too).
    const fileCell = page.getByRole('cell', { name: file.name, exact: true });
    const row = page.locator('[data-testid="import-row"][data-state="completed"]').filter({ has: fileCell });
    await waitForImportRow(row);
    const texts = await row.locator('td').allInnerTexts();
    return texts.slice(3, 7).map((cell) => cell.trim());
  }

  // In territories the demo market has no keywords in, so every row of each file is new.
  it('lands each Keyword Planner and Search Console shape from the page, asking only what the file does not say', async () => {
    expect(await importFromPage('keyword-planner', { name: 'no-title-no-months.csv', buffer: testData('keyword-planner/keyword-stats-no-title.csv') }, { territory: 'NZ', month: '2026-07' }, ['Month of the data']))
      .toEqual(['4', '4', '0', '0']);
    expect(await importFromPage('keyword-planner', { name: 'comma-copy.csv', buffer: testData('keyword-planner/keyword-stats-comma-no-title.csv') }, { territory: 'IE' }, []))
      .toEqual(['4', '4', '0', '0']);
    expect(await importFromPage('keyword-planner', { name: 'Keyword Stats 2026-09-14 at 09_14_55.csv', buffer: testData('keyword-planner/keyword-stats.csv') }, { territory: 'SE' }, []))
      .toEqual(['9', '9', '0', '0']);
    expect(await importFromPage('gsc', { name: 'Queries.csv', buffer: testData('gsc-export/Queries.csv') }, { territory: 'AU', site: gscExport.domain, dateFrom: '2026-09-01', dateTo: '2026-09-30' }, ['Site', 'First day of the data', 'Last day of the data']))
      .toEqual([String(gscExport.queries), String(gscExport.queries), '0', '0']);
    // Six months with a daily table: the counts are the file's 8 queries and 4 pages (each landed in its six months).
    expect(await importFromPage('gsc', { name: 'crumb-and-kiln.zip', buffer: gscSixMonths.zip() }, { territory: 'CA' }, [])).toEqual(['12', '12', '0', '0']);
    await page.getByText('Spread over 6 months (Apr 2026 – Sep 2026) by the export\'s daily clicks and impressions.').waitFor();
  });

  it('shows an import of which no row could be used as refused, with the most common reason and its error report', async () => {
    await page.goto(`${stack.baseUrl}/account/imports`);
    await page.getByLabel('Kind of file').selectOption('serp');
    const file = 'keyword,territory,date,position,url\nno row,US,2026-10-01,1,not a url\nno row 2,US,2026-10-01,2,not a url\n';
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'no-rows.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    // The file says its territory and dates: nothing to ask.
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await page.waitForFunction(() => !(document.querySelector('form[aria-label="Import a file"] button[type="submit"]') as HTMLButtonElement | null)?.disabled);
    expect(await importForm().getByLabel('Territory of the searches').count()).toBe(0);
    await importButton.click();
    const row = page.locator('[data-testid="import-row"][data-state="failed"]').filter({ has: page.getByRole('cell', { name: 'no-rows.csv', exact: true }) });
    await waitForImportRow(row);
    expect(await row.getByRole('alert').innerText()).toBe('No row could be imported: 2 of 2 rows: The URL "not a url" is not an http(s) address of a site.');
    expect((await row.locator('td').allInnerTexts()).slice(2, 7).map((cell) => cell.trim().split('\n')[0])).toEqual(['Refused', '2', '0', '0', '2 Error report']);
    expect(await row.getByRole('link', { name: 'Error report' }).getAttribute('href')).toMatch(/^\/rest\/imports\/.+\/errors\?expires=/);
  });

  it('shows another user none of these imports', async () => {
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await logInThroughPage(otherPage, stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
      await otherPage.goto(`${stack.baseUrl}/account/imports`);
      await otherPage.getByText('Nothing imported yet.').waitFor();
      expect(await otherPage.getByTestId('import-row').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
