import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scheduledQueue, scheduledReportJobName } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, headerOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import type { TestStack } from '../../infra/test/stack.js';
import { loadTinyMarket } from '../../infra/test/test-app.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * PDF reports in Chromium against the real API and worker (issue 6 items 3, 7; issue 3's scheduled reports page):
 * a full user downloads a report from a table's Export menu ('Generating PDF…' → 'Exported PDF' → 'Open PDF in New
 * Tab'), schedules one, which reaches a local SMTP server with the PDF attached when its scheduler fires, and manages
 * it on /account/scheduled-pdf-reports.
 */
jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let context: BrowserContext;
let page: Page;
let domain: string;
let user: TestUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  [browser, stack] = await startBrowserAndStack({ SMTP_URL: smtp.url });
  await loadTinyMarket(stack.database);
  const [busy] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.organic_keywords desc limit 1`,
  );
  domain = busy!.name;
  user = await createTestUser(stack.database, { roles: ['full'] });
  context = await browser.newContext();
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

async function openPdfModal(target: Page): Promise<void> {
  await target.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
  await target.getByRole('button', { name: 'Export' }).click();
  await target.getByRole('menuitem', { name: 'PDF report' }).click();
  await target.getByRole('dialog', { name: `PDF report for ${domain}` }).waitFor();
}

describe('PDF reports in the browser', () => {
  it('downloads a report: Generating PDF…, then Exported PDF with Open PDF in New Tab', async () => {
    await openPdfModal(page);
    await page.getByLabel('Template').selectOption('Executive');
    await page.getByLabel('Custom title').fill('Browser Made Report');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await page.getByText('Generating PDF…').waitFor();
    const open = page.getByRole('link', { name: /Open PDF in New Tab/ });
    await open.waitFor({ timeout: 60_000 });
    await expect(page.getByText('Exported PDF').isVisible()).resolves.toBe(true);
    expect(await page.getByText('Generating PDF…').count()).toBe(0);

    // The link opens the PDF in a new tab; its address is the signed inline link, which the page's own session may use.
    expect(await open.getAttribute('target')).toBe('_blank');
    const href = (await open.getAttribute('href'))!;
    const pdf = await page.request.get(`${stack.baseUrl}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(squeezeSpaces(await pdfText(Buffer.from(await pdf.body())))).toContain('Browser Made Report');
  });

  it('schedules a weekly report that reaches the mailbox with its PDF, then edits, pauses and deletes it', async () => {
    await openPdfModal(page);
    await page.getByLabel('Custom title').fill('Weekly Browser Report');
    await page.getByRole('radio', { name: 'Schedule' }).check();
    await page.getByLabel('Frequency').selectOption('WEEKLY');
    await page.getByRole('checkbox', { name: 'Send the report to me' }).uncheck();
    await page.getByLabel('Other recipients').fill('Client@Acme.test');
    await page.getByRole('button', { name: 'Schedule report' }).click();
    await page.getByText('Your report has been scheduled.').waitFor();

    // The old address of the page redirects to the list.
    await page.goto(`${stack.baseUrl}/account/alerts`);
    await page.waitForURL('**/account/scheduled-pdf-reports');
    const row = page.getByTestId('scheduled-report').filter({ hasText: 'Weekly Browser Report' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Weekly.*client@acme\.test.*Mon.*Not sent yet/s);

    // Monday 06:00 comes early: run the waiting firing of its job scheduler now.
    const connection = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const scheduled = new Queue(scheduledQueue, { connection, prefix: `${stack.env.REDIS_PREFIX}:bull` });
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const firing = (await scheduled.getDelayed()).find((job) => job.name === scheduledReportJobName);
        if (firing) {
          await firing.promote();
          break;
        }
        if (Date.now() > deadline) throw new Error('no waiting firing');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await scheduled.close();
      await connection.quit();
    }
    const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Weekly Browser Report');
    expect(mail.to).toEqual(['client@acme.test']);
    const [attachment] = attachmentsOf(mail.raw, 'application/pdf');
    expect(squeezeSpaces(await pdfText(attachment!.content))).toContain('Weekly Browser Report');
    await page.reload();
    await row.getByText(/^Sent /).waitFor({ timeout: 30_000 });

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Frequency').selectOption('MONTHLY');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your scheduled reports have been updated.').first().waitFor();
    await expect(row.locator('td').nth(1).textContent()).resolves.toBe('Monthly (the 1st)');

    // A bad address is refused with the spec's words and changes nothing.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Other recipients').fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row.textContent()).resolves.toContain('client@acme.test');

    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Paused').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete scheduled report' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('no-scheduled-reports').waitFor();
  });

  it('asks a visitor to log in right on /account/alerts, which lands on the scheduled reports page', async () => {
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    await tab.goto(`${stack.baseUrl}/account/alerts`);
    await tab.getByTestId('login-required').waitFor();
    expect(new URL(tab.url()).pathname).toBe('/account/scheduled-pdf-reports');
    await tab.getByLabel('Email or username').fill(user.email);
    await tab.getByLabel('Password').fill(user.password);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.getByRole('heading', { name: 'Scheduled PDF reports' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/account/scheduled-pdf-reports');
    await visitor.close();
  });
});
