import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { bigDomain, ensureExportMarket } from '../../infra/bench/lib/export-market.mjs';
import { parseCsv, readXlsx, unzip } from '../../infra/test/spreadsheet-readers.js';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { SlowLink, WorkerProcess } from '../../infra/test/job-faults.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(300_000);

/** Rows of the export killed mid-run (a domain's backlinks): ten XLSX batches. */
const bigRows = 20_000;
/** The killed worker's database link: slow enough that the export commits a few batches before the kill. */
const slowBytesPerSecond = 600_000;

let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;
let domain: string;

beforeAll(async () => {
  // A short lock and stall check: a killed worker's export is taken over within seconds.
  [browser, stack] = await startBrowserAndStack({ JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' }, { tinyMarket: true });
  await ensureExportMarket(stack.database.url, () => undefined, { rows: bigRows });
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

const serpFile = ['keyword,territory,date,position,url', 'trail runners,US,2026-10-01,1,https://trail.example/runners', 'trail runners,US,2026-10-01,2,https://other.example/shoes', ''].join('\n');

/** The answer to the export just asked for (its job is recorded once it came). */
const exportStarted = (target: Page) => target.waitForResponse((response) => response.url().endsWith('/rest/exports') && response.request().method() === 'POST');

/** The row of a job in the list or the tray, by the words it shows. */
const jobRow = (scope: Page | ReturnType<Page['getByTestId']>, text: string) => scope.getByTestId('job-row').filter({ hasText: text });

describe('the job center in the browser (issue 21)', () => {
  it('follows a CSV export and an import in the tray and on /exports without reloading, and downloads the export after its notice was closed', async () => {
    // No worker yet: both jobs wait, so the tray is seen counting them before they run.
    await stack.killWorker();

    await page.goto(`${stack.baseUrl}/account/imports`);
    await page.getByLabel('Kind of file').selectOption('serp');
    await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'trail-serps.csv', mimeType: 'text/csv', buffer: Buffer.from(serpFile) });
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Import');
      return button !== undefined && !button.disabled;
    });
    await importButton.click();
    await page.locator('[data-testid="import-row"][data-state="queued"]').waitFor();

    await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    await page.getByTestId('export-waiting').waitFor();
    // From here on the page is never loaded again: this mark would be gone.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The header's button counts both; its tray names them in the user's words and says they wait.
    await page.getByRole('button', { name: 'Jobs: 2 running' }).waitFor();
    await page.getByTestId('jobs-button').click();
    const tray = page.getByTestId('jobs-tray');
    await jobRow(tray, `SEO keywords of ${domain}`).and(page.locator('[data-state="waiting"]')).waitFor();
    await jobRow(tray, 'trail-serps.csv').and(page.locator('[data-state="waiting"]')).waitFor();
    expect(await jobRow(tray, `SEO keywords of ${domain}`).innerText()).toMatch(/CSV export[\s\S]*United States[\s\S]*Waiting to start/i);
    expect(await jobRow(tray, 'trail-serps.csv').innerText()).toMatch(/SERP file import/i);

    // The whole list, by the tray's link (inside the app); the worker starts and the rows change in place.
    await tray.getByRole('link', { name: 'All your jobs' }).click();
    await page.getByRole('heading', { name: 'Your jobs' }).waitFor();
    await jobRow(page, 'trail-serps.csv').waitFor();
    await stack.startWorker();
    await jobRow(page, `SEO keywords of ${domain}`).and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
    await jobRow(page, 'trail-serps.csv').and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Jobs', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);

    // The tray says the same.
    await page.getByTestId('jobs-button').click();
    await jobRow(page.getByTestId('jobs-tray'), `SEO keywords of ${domain}`).and(page.locator('[data-state="completed"]')).waitFor();
    await page.keyboard.press('Escape');

    // The export's notice is closed; the file is still one click away in the list.
    const notice = page.getByTestId('export-notice').filter({ has: page.getByTestId('export-download') });
    await notice.waitFor({ timeout: 30_000 });
    await page.locator('.ui-toast').filter({ has: notice }).getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });

    const exportRow = jobRow(page, `SEO keywords of ${domain}`);
    expect(await exportRow.innerText()).toMatch(/Available until/);
    const [download] = await Promise.all([page.waitForEvent('download'), exportRow.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^seo-keywords-.*\.csv$/);
    const [header] = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(header).toContain('Keyword');

    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('follows a CSV, an Excel and a PDF export and an import live; the Excel export, its worker killed mid-run, resumes and finishes with the file of an unkilled one; each file is downloaded from the list after its notice closed', async () => {
    // The exports run in a worker of the stack's on a slow database link, so the large one is still writing when
    // that worker is killed.
    await stack.killWorker();
    const database = new URL(stack.database.url);
    const link = await SlowLink.start({ host: database.hostname, port: Number(database.port || 5432) }, slowBytesPerSecond);
    let slowWorker: WorkerProcess | null = await WorkerProcess.start('slow', { ...stack.env, DATABASE_URL: link.urlFor(stack.database.url) });
    try {
      await page.goto(`${stack.baseUrl}/account/imports`);
      await page.getByLabel('Kind of file').selectOption('serp');
      await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'resume-serps.csv', mimeType: 'text/csv', buffer: Buffer.from(serpFile) });
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Import');
        return button !== undefined && !button.disabled;
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.locator('[data-testid="import-row"]').filter({ hasText: 'resume-serps.csv' }).waitFor();

      // The CSV and the PDF report from one table's page, then the Excel export from another reached inside the app:
      // from here on the page is never loaded again (this mark would be gone), so every notice stays until closed.
      await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      // The PDF report first: its dialog's button sits where the notices come.
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'PDF report' }).click();
      const pdfDialog = page.getByRole('dialog', { name: `PDF report for ${domain}` });
      await pdfDialog.getByLabel('Template').selectOption('Executive');
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/Endpoints/PdfExport/') && response.request().method() === 'POST'),
        pdfDialog.getByRole('button', { name: 'Export PDF' }).click(),
      ]);
      await pdfDialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Export' }).click();
      await Promise.all([exportStarted(page), page.getByRole('menuitem', { name: 'CSV' }).click()]);
      await page.evaluate((path) => {
        // As a link inside the app does: the router follows the history, the document stays.
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/exports/new?table=seo/backlinks&domain=${bigDomain}&countryCode=US&status=all`);
      await page.getByRole('button', { name: 'Export' }).click();
      await Promise.all([exportStarted(page), page.getByRole('menuitem', { name: 'Excel' }).click()]);

      // The tray holds all four, each in its own words, live.
      await page.getByTestId('jobs-button').click();
      const tray = page.getByTestId('jobs-tray');
      await jobRow(tray, `Backlinks of ${bigDomain}`).waitFor();
      await jobRow(tray, 'resume-serps.csv').waitFor();
      await jobRow(tray, `SEO keywords of ${domain}`).first().waitFor();
      expect(await tray.getByTestId('job-row').filter({ hasText: /PDF report/i }).count()).toBeGreaterThan(0);
      expect(await jobRow(tray, `Backlinks of ${bigDomain}`).innerText()).toMatch(/Excel export/i);
      await tray.getByRole('link', { name: 'All your jobs' }).click();
      await page.getByRole('heading', { name: 'Your jobs' }).waitFor();

      // The list notes every state and detail the Excel export's row shows.
      const [excel] = await stack.database.query<{ id: string }>(`select id from job_record where name = 'export.table' and payload->>'format' = 'xlsx' order by created_at desc limit 1`);
      await page.evaluate((id) => {
        const seen: string[] = [];
        (window as unknown as { excelRow: string[] }).excelRow = seen;
        const look = () => {
          const row = document.querySelector(`[data-testid="job-row"][data-job-id="${id}"]`) as HTMLElement | null;
          const text = row ? `${row.getAttribute('data-state')}: ${row.innerText.replace(/\s+/g, ' ')}` : null;
          if (text && seen.at(-1) !== text) seen.push(text);
        };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        look();
      }, excel!.id);

      // Killed once it has committed a fifth of its rows; the stack's worker, started again, takes it over.
      const deadline = Date.now() + 90_000;
      for (;;) {
        const [record] = await stack.database.query<{ rows: number | null; state: string }>(`select (result->'exportResume'->>'rows')::int as rows, state from job_record where id = $1`, [excel!.id]);
        if ((record!.rows ?? 0) >= bigRows * 0.2) break;
        if (record!.state !== 'active' && record!.state !== 'queued') throw new Error(`the Excel export ended before the kill: ${record!.state}`);
        if (Date.now() > deadline) throw new Error('the Excel export never committed a fifth of its rows');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await slowWorker.kill();
      slowWorker = null;
      await stack.startWorker();
      const excelRow = page.locator(`[data-testid="job-row"][data-job-id="${excel!.id}"]`);
      await excelRow.and(page.locator('[data-state="completed"]')).waitFor({ timeout: 90_000 });
      const shown = await page.evaluate(() => [...(window as unknown as { excelRow: string[] }).excelRow]);
      // Running, then running again from where it stopped (said so), then completed; its percent never went back.
      expect(shown.some((text) => text.startsWith('running:') && /resumed after [\d,]+ rows/.test(text))).toBe(true);
      const percents = shown.filter((text) => text.startsWith('running:')).map((text) => Number(/(\d+)%/.exec(text)?.[1] ?? 0));
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(shown.at(-1)).toMatch(/^completed:/);

      // Every job ended, live in the list.
      await jobRow(page, `SEO keywords of ${domain}`).first().and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
      await jobRow(page, 'resume-serps.csv').and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
      await page.getByTestId('job-row').filter({ hasText: /PDF report/i }).and(page.locator('[data-state="completed"]')).first().waitFor({ timeout: 60_000 });

      // The notices are closed; each file is still in the list.
      for (;;) {
        const dismiss = page.locator('.ui-toast').getByRole('button', { name: 'Dismiss' });
        if ((await dismiss.count()) === 0) break;
        await dismiss.first().click();
      }
      const fileOf = async (row: ReturnType<Page['locator']>) => {
        const href = await row.getByTestId('job-download').getAttribute('href');
        const response = await page.request.get(new URL(href!, page.url()).toString());
        expect(response.status()).toBe(200);
        return Buffer.from(await response.body());
      };
      const [header] = parseCsv((await fileOf(jobRow(page, `SEO keywords of ${domain}`).first())).toString('utf8'));
      expect(header).toContain('Keyword');
      const pdf = await fileOf(page.getByTestId('job-row').filter({ hasText: /PDF report/i }).first());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const resumed = await fileOf(excelRow);

      // Run again: the same request, never stopped; its sheet is the resumed one's, byte for byte.
      const [ranAgain] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/rest/exports') && response.request().method() === 'POST'),
        excelRow.getByRole('button', { name: 'Run again' }).click(),
      ]);
      const again = (await ranAgain.json()) as { id: string };
      expect(again.id).not.toBe(excel!.id);
      const againRow = page.locator(`[data-testid="job-row"][data-job-id="${again.id}"]`);
      await againRow.and(page.locator('[data-state="completed"]')).waitFor({ timeout: 90_000 });
      const undisturbed = await fileOf(againRow);
      expect(readXlsx(resumed)).toHaveLength(bigRows + 1);
      expect(unzip(resumed).get('xl/worksheets/sheet1.xml')!.equals(unzip(undisturbed).get('xl/worksheets/sheet1.xml')!)).toBe(true);

      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await slowWorker?.kill();
      await link.close();
    }
  });

  it('shows a waiting export as "Paused by an administrator" in the tray and the list while an admin holds the exports queue, and completed once resumed', async () => {
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await logInThroughPage(admin, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));
      await admin.goto(`${stack.baseUrl}/admin/queues`);
      await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
      await admin.getByTestId('admin-actions-until').waitFor();
      await admin.getByRole('button', { name: 'Pause exports' }).click();
      await admin.locator('[data-testid="queue-exports"][data-paused="true"]').waitFor();

      await page.goto(`${stack.baseUrl}/exports`);
      await page.getByRole('heading', { name: 'Your jobs' }).waitFor();
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      // Started from the list's own page: Run again on the newest finished CSV export (its same request).
      const finished = jobRow(page, `SEO keywords of ${domain}`).and(page.locator('[data-state="completed"]')).first();
      const [started] = await Promise.all([exportStarted(page), finished.getByRole('button', { name: 'Run again' }).click()]);
      const job = (await started.json()) as { id: string };
      const row = page.locator(`[data-testid="job-row"][data-job-id="${job.id}"]`);
      await row.and(page.locator('[data-state="paused"]')).waitFor();
      expect(await row.innerText()).toContain('Paused by an administrator');
      await page.getByTestId('jobs-button').click();
      await page.getByTestId('jobs-tray').locator(`[data-job-id="${job.id}"][data-state="paused"]`).waitFor();
      await page.keyboard.press('Escape');

      await admin.getByRole('button', { name: 'Resume exports' }).click();
      await row.and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await adminContext.close();
    }
  });
});
