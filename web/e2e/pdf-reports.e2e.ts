import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scheduledQueue, scheduledReportJobName } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, noteTextsShown, startBrowserAndStack } from '../../infra/test/browser.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, headerOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * PDF reports in Chromium against the real API and worker (issue 6 items 3, 7; issue 3's scheduled reports page):
 * a full user downloads a report from a table's Export menu ('Generating PDF…' → 'Exported PDF' → 'Open PDF in New
 * Tab'), schedules one in a chosen time zone (issue 22), presses Send now and follows the delivery live in the
 * schedule's history, finds the mail on a local SMTP server with the PDF attached, and manages the schedule on
 * /account/scheduled-pdf-reports.
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
  [browser, stack] = await startBrowserAndStack({ SMTP_URL: smtp.url }, { tinyMarket: true });
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
    // On an idle machine the report can be ready before a polling wait sees 'Generating PDF…': the page notes it.
    const textsShown = await noteTextsShown(page, ['Generating PDF…', 'Exported PDF']);
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const open = page.getByRole('link', { name: /Open PDF in New Tab/ });
    await open.waitFor({ timeout: 60_000 });
    await expect(textsShown()).resolves.toEqual(['Generating PDF…', 'Exported PDF']);
    await expect(page.getByText('Exported PDF').isVisible()).resolves.toBe(true);
    expect(await page.getByText('Generating PDF…').count()).toBe(0);

    // The link opens the PDF in a new tab; its address is the signed inline link, which the page's own session may use.
    expect(await open.getAttribute('target')).toBe('_blank');
    const href = (await open.getAttribute('href'))!;
    const pdf = await page.request.get(`${stack.baseUrl}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(squeezeSpaces(await pdfText(Buffer.from(await pdf.body())))).toContain('Browser Made Report');
  });

  it('keeps the export notices beneath the open dialog, so they never cover its buttons', async () => {
    // Export notices stay until closed (issue 21): two of them filled the corner where the dialog's Export PDF sits.
    await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
    for (const format of ['CSV', 'Excel']) {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: format }).click();
    }
    await page.getByTestId('export-notice').nth(1).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'PDF report' }).click();
    const dialog = page.getByRole('dialog', { name: `PDF report for ${domain}` });
    // A plain click: Playwright refuses it while anything else would receive it.
    await dialog.getByRole('button', { name: 'Export PDF' }).click({ timeout: 10_000 });
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /Open PDF in New Tab/ }).first().waitFor({ timeout: 60_000 });
  });

  it('schedules a weekly report in a chosen time zone, sends it now and follows the delivery live in its history', async () => {
    await openPdfModal(page);
    await page.getByLabel('Custom title').fill('Weekly Browser Report');
    await page.getByRole('radio', { name: 'Schedule' }).check();
    await page.getByLabel('Frequency').selectOption('WEEKLY');
    await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
    await page.getByLabel('Time', { exact: true }).fill('09:30');
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByRole('checkbox', { name: 'Send the report to me' }).uncheck();
    await page.getByLabel('Other recipients').fill('Client@Acme.test, boss@acme.test');
    await page.getByRole('button', { name: 'Schedule report' }).click();
    await page.getByText('Your report has been scheduled.').waitFor();

    // The old address of the page redirects to the list.
    await page.goto(`${stack.baseUrl}/account/alerts`);
    await page.waitForURL('**/account/scheduled-pdf-reports');
    const row = page.getByTestId('scheduled-report').filter({ hasText: 'Weekly Browser Report' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Weekly on Wednesdays at 09:30 \(America\/New_York\).*client@acme\.test.*Wed.*09:30 America\/New_York.*Not sent yet/s);

    // The history is empty until Send now; the delivery then appears and ends 'Sent' without a reload (socket events).
    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('delivery-history');
    await history.getByText('Nothing sent yet.', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Send now' }).click();
    const delivery = history.getByTestId('delivery').first();
    await history.locator('[data-testid="delivery"][data-state="completed"]').waitFor({ timeout: 60_000 });
    await expect(delivery.textContent()).resolves.toMatch(/America\/New_York.*Sent now.*client@acme\.test, boss@acme\.test.*Sent.*KB.*Open PDF/s);

    // The client's own HTML mail (with a text part): written to them, the PDF attached, every link absolute.
    const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Weekly Browser Report' && candidate.to.includes('client@acme.test'));
    expect(mail.to).toEqual(['client@acme.test']);
    const parts = mimePartsOf(mail.raw);
    const html = parts.find((part) => part.contentType === 'text/html')!.text;
    expect(parts.find((part) => part.contentType === 'text/plain')!.text).toContain('Here is your weekly report “Weekly Browser Report”');
    const [attachment] = attachmentsOf(mail.raw, 'application/pdf');
    expect(squeezeSpaces(await pdfText(attachment!.content))).toContain('Weekly Browser Report');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    for (const href of hrefs) expect(href.startsWith(`${stack.env.PUBLIC_URL}/`)).toBe(true);

    // The client has no account: in a logged-out browser the mail's link opens the PDF, and Unsubscribe asks, then stops them only.
    const client = await browser.newContext();
    try {
      const reader = await client.newPage();
      const opened = await reader.request.get(hrefs.find((href) => href.includes('/rest/reports/mail/'))!);
      expect(opened.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await opened.body()).equals(attachment!.content)).toBe(true);
      await reader.goto(hrefs.find((href) => href.includes('/reports/unsubscribe'))!);
      await reader.getByText('Stop sending “Weekly Browser Report” to client@acme.test?').waitFor();
      await reader.getByRole('button', { name: 'Unsubscribe' }).click();
      await reader.getByTestId('unsubscribed').waitFor();
      await expect(reader.getByTestId('unsubscribed').textContent()).resolves.toBe('client@acme.test no longer receives “Weekly Browser Report”.');
    } finally {
      await client.close();
    }
    await page.reload();
    await row.waitFor();
    await expect(row.textContent()).resolves.not.toContain('client@acme.test');
    await row.getByRole('button', { name: 'History' }).click();
    // The history's PDF is the one that went out.
    const kept = await page.request.get(`${stack.baseUrl}${(await delivery.getByRole('link', { name: 'Open PDF' }).getAttribute('href'))!}`);
    expect(Buffer.from(await kept.body()).equals(attachment!.content)).toBe(true);
    // The preview is the next report, drawn now.
    const preview = await page.request.get(`${stack.baseUrl}${(await row.getByRole('link', { name: 'Preview' }).getAttribute('href'))!}`);
    expect(preview.headers()['content-type']).toBe('application/pdf');
    expect(squeezeSpaces(await pdfText(Buffer.from(await preview.body())))).toContain('Weekly Browser Report');

    // Its own firing (Wednesday 09:30 in New York comes later): run the waiting one now; it joins the history live.
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
    await history.locator('[data-testid="delivery"][data-state="completed"]').nth(1).waitFor({ timeout: 60_000 });
    await expect(history.getByTestId('delivery').first().textContent()).resolves.toContain('Scheduled');
    await row.getByText(/^Sent /).waitFor({ timeout: 30_000 });
  });

  it('edits, pauses and deletes a scheduled report', async () => {
    await page.goto(`${stack.baseUrl}/account/scheduled-pdf-reports`);
    const row = page.getByTestId('scheduled-report').filter({ hasText: 'Weekly Browser Report' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Frequency').selectOption('MONTHLY');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your scheduled reports have been updated.').first().waitFor();
    await expect(row.locator('td').nth(1).textContent()).resolves.toBe('Monthly on the 1st at 09:30 (America/New_York)');

    // A bad address is refused with the spec's words and changes nothing.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Other recipients').fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row.textContent()).resolves.toContain('boss@acme.test');

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
