import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { scheduledQueue, scheduledTasks } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { FakeSerpProviders } from '../../infra/test/fake-serp-providers.js';
import { solidPng } from '../../infra/test/images.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, decodedHeaderOf, headerOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { until } from '../../infra/test/waiting.js';

/**
 * Issue 22's "Done means" in Chromium against the real API and worker: an agency user (full recon plan) makes two
 * brands on /account/reportdesign, schedules a weekly report for a client in a chosen time zone with the second
 * brand, presses Send now and follows the delivery live in the schedule's history, finds the client's HTML mail on
 * a local SMTP server in that brand with the PDF attached and absolute links that work logged out, reads the PDF
 * back with pdftotext and finds the numbers the domain's overview screen shows; then a tracked keyword leaves the
 * top 10 after a rank refresh (a fake OpenSERP in its documented shape) and an alert mail and a webhook call follow.
 * The delivery is also shared as a read-only web view (a share link from the history) that a logged-out browser opens.
 */
jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let fake: FakeSerpProviders;
let webhook: Server;
let webhookUrl: string;
const webhookBodies: { text?: string }[] = [];
let context: BrowserContext;
let page: Page;
let agency: TestUser;
let domain: string;

const client = 'ceo@fabrikam-client.test';
const title = 'Fabrikam Weekly Visibility';

/** The project's site at `position` for every tracked keyword; fixed other sites around it. */
function projectAt(position: number) {
  fake.page = (keyword) =>
    Array.from({ length: 20 }, (_, index) => ({
      url: index + 1 === position ? `https://www.fabrikam-client.example/${keyword.replace(/ /g, '-')}` : `https://other${index + 1}.example/${keyword.replace(/ /g, '-')}`,
      title: `${keyword} ${index + 1}`,
    }));
}

/** Runs the worker's rank refresh now (its scheduler's next run is a day away) and waits until it has finished. */
async function runRankRefresh(): Promise<void> {
  const connection = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(scheduledQueue, { connection, prefix: `${stack.env.REDIS_PREFIX}:bull` });
  try {
    const job = await queue.add(scheduledTasks.rankRefresh.name, {}, { jobId: `e2e-rank-refresh-${randomUUID()}` });
    await until('the rank refresh', async () => ['completed', 'failed'].includes(await job.getState()), 60_000, 200);
    expect(await job.getState()).toBe('completed');
  } finally {
    await queue.close();
    await connection.quit();
  }
}

const isRankAlert = (raw: string) => (decodedHeaderOf(raw, 'Subject') ?? '').startsWith('Rank alert');

beforeAll(async () => {
  smtp = await startSmtpSink();
  fake = await new FakeSerpProviders().start();
  webhook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhookBodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: string });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/services/T0/B0/agency`;
  [browser, stack] = await startBrowserAndStack({ SMTP_URL: smtp.url, SERP_PROVIDER: 'openserp', OPENSERP_BASE_URL: fake.baseUrl, WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: 'true' }, { tinyMarket: true });
  const [busy] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.organic_keywords desc, d.name limit 1`,
  );
  domain = busy!.name;
  agency = await createTestUser(stack.database, { roles: ['recon_full'] });
  // The client's project with one tracked keyword, for the rank alert.
  const projectId = randomUUID();
  await stack.database.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Fabrikam Client', 'fabrikam-client.example', 'US', now(), now())`, [projectId, agency.id]);
  await stack.database.query(`insert into tracked_term (term) values ('zqa agency boots') on conflict (term) do nothing`);
  await stack.database.query(`insert into project_keyword (project_id, term_id, added_at) select $1, id, now() from tracked_term where term = 'zqa agency boots'`, [projectId]);
  context = await browser.newContext();
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, agency);
}, setUpTimeoutMs);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
  await fake?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

async function makeBrand(fields: { name: string; company: string; contact: string; color: string }, logo?: Buffer): Promise<void> {
  await page.getByRole('button', { name: 'New brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'New brand' });
  await dialog.getByLabel('Brand name').fill(fields.name);
  await dialog.getByLabel('Company name').fill(fields.company);
  await dialog.getByLabel('Main colour', { exact: true }).fill(fields.color);
  await dialog.getByLabel('Contact line').fill(fields.contact);
  if (logo) await dialog.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await dialog.getByRole('button', { name: 'Create brand' }).click();
  await page.getByTestId('report-brand').filter({ hasText: fields.company }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('an agency’s client reports in the browser', () => {
  it('makes two brands on the report design page', async () => {
    await page.goto(`${stack.baseUrl}/account/reportdesign`);
    await page.getByRole('heading', { name: 'Report design' }).waitFor();
    await makeBrand({ name: 'Northwind', company: 'Northwind Search', contact: 'reports@northwind.example', color: '#7c2d12' });
    await makeBrand({ name: 'Fabrikam', company: 'Fabrikam Growth Partners', contact: 'Call Fabrikam on +1 555 0100', color: '#0f766e' }, solidPng(180, 60, { rgb: [15, 118, 110] }));

    const brands = page.getByTestId('report-brand');
    await expect(brands.count()).resolves.toBe(2);
    await expect(brands.nth(0).textContent()).resolves.toMatch(/Northwind.*Default.*Northwind Search/s);
    const fabrikam = page.getByRole('listitem', { name: 'Fabrikam' });
    await expect(fabrikam.getByAltText('Fabrikam logo').evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).resolves.toBe(180);
    await expect(fabrikam.textContent()).resolves.toContain('Not used by a scheduled report');
  });

  it('schedules a weekly report in one brand, sends it now, and the client gets it in that brand with the screen’s numbers', async () => {
    // The numbers the domain's overview screen shows.
    await page.goto(`${stack.baseUrl}/overview/domain?query=${domain}&countryCode=US`);
    const card = (label: string) => page.locator('.metric-card').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('.metric-card__value');
    await card('Organic clicks').waitFor();
    const onScreen = {
      keywords: (await card('Organic keywords').textContent())!.trim(),
      clicks: (await card('Organic clicks').textContent())!.trim(),
      value: (await card('Traffic value').textContent())!.trim(),
      position: (await card('Average position').textContent())!.trim(),
    };
    expect(onScreen.clicks).toMatch(/^[\d.,]+[kMB]?$/);

    await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'PDF report' }).click();
    const modal = page.getByRole('dialog', { name: `PDF report for ${domain}` });
    await modal.waitFor();
    await modal.getByLabel('Template').selectOption('Executive');
    await modal.getByLabel('Custom title').fill(title);
    await modal.getByRole('checkbox', { name: /White label/ }).check();
    // Every brand is offered, the default one first chosen.
    const brandSelect = modal.getByLabel('Brand', { exact: true });
    await expect(brandSelect.locator('option').allTextContents()).resolves.toEqual(['Northwind (default)', 'Fabrikam']);
    await expect(brandSelect.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).resolves.toBe('Northwind (default)');
    await brandSelect.selectOption({ label: 'Fabrikam' });
    await modal.getByRole('radio', { name: 'Schedule' }).check();
    await modal.getByLabel('Frequency').selectOption('WEEKLY');
    await modal.getByLabel('Day', { exact: true }).selectOption({ label: 'Thursday' });
    await modal.getByLabel('Time', { exact: true }).fill('08:15');
    await modal.getByLabel('Time zone').selectOption('Europe/Berlin');
    await modal.getByRole('checkbox', { name: 'Send the report to me' }).uncheck();
    await modal.getByLabel('Other recipients').fill(client);
    await modal.getByRole('button', { name: 'Schedule report' }).click();
    await page.getByText('Your report has been scheduled.').waitFor();

    await page.goto(`${stack.baseUrl}/account/scheduled-pdf-reports`);
    const row = page.getByTestId('scheduled-report').filter({ hasText: title });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Weekly on Thursdays at 08:15 \(Europe\/Berlin\).*ceo@fabrikam-client\.test.*Not sent yet/s);

    // Send now: the delivery appears in the open history and ends 'Sent' without a reload.
    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('delivery-history');
    await history.getByText('Nothing sent yet.', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Send now' }).click();
    await history.locator('[data-testid="delivery"][data-state="completed"]').waitFor({ timeout: 60_000 });
    await expect(history.getByTestId('delivery').first().textContent()).resolves.toMatch(/Europe\/Berlin.*Sent now.*ceo@fabrikam-client\.test.*Sent.*KB.*Open PDF/s);

    // The client's HTML mail, in the Fabrikam brand, with a text part, the PDF attached and only absolute links.
    const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === title && candidate.to.includes(client));
    expect(mail.to).toEqual([client]);
    const parts = mimePartsOf(mail.raw);
    const html = parts.find((part) => part.contentType === 'text/html')!.text;
    expect(html).toContain('Fabrikam Growth Partners');
    expect(html).toContain('Call Fabrikam on +1 555 0100');
    expect(html).not.toContain('Northwind');
    expect(parts.find((part) => part.contentType === 'text/plain')!.text).toContain('Fabrikam Growth Partners');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${stack.env.PUBLIC_URL}/`)).toBe(true);
    const [attachment] = attachmentsOf(mail.raw, 'application/pdf');

    // The PDF carries the brand and the numbers the screen shows.
    const text = squeezeSpaces(await pdfText(attachment!.content));
    expect(text).toContain(title);
    expect(text).toContain('Fabrikam Growth Partners');
    expect(text).toContain('Call Fabrikam on +1 555 0100');
    expect(text).not.toMatch(/serpwise|Northwind/i);
    // The PDF's overview tiles: a row of labels, then a row of their values.
    const escaped = (value: string) => value.replace(/[.$]/g, '\\$&');
    expect(text).toMatch(new RegExp(`ORGANIC KEYWORDS MONTHLY ORGANIC CLICKS ORGANIC TRAFFIC VALUE\\s*\\n\\s*${escaped(onScreen.keywords)} ${escaped(onScreen.clicks)} ${escaped(onScreen.value)}\\s*\\n`));
    expect(text).toMatch(new RegExp(`AVERAGE POSITION PAID KEYWORDS MONTHLY PPC BUDGET\\s*\\n\\s*${escaped(onScreen.position)} `));

    // The client has no account: in a logged-out browser the mail's link opens the same PDF.
    const loggedOut = await browser.newContext();
    try {
      const opened = await loggedOut.request.get(hrefs.find((href) => href.includes('/rest/reports/mail/'))!);
      expect(opened.status()).toBe(200);
      expect(opened.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await opened.body()).equals(attachment!.content)).toBe(true);
    } finally {
      await loggedOut.close();
    }

    // A client who wants no attachment: the mail's "View online" (the delivery's own share link) opens the report's
    // web view, in the brand, in a logged-out browser.
    const viewOnline = [...html.matchAll(/<a href="([^"]+)"[^>]*>View online<\/a>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(viewOnline).toHaveLength(1);
    expect(viewOnline[0]!.startsWith(`${stack.env.PUBLIC_URL}/rest/reports/shared/`)).toBe(true);
    expect(parts.find((part) => part.contentType === 'text/plain')!.text).toContain(viewOnline[0]!);
    const mailedView = viewOnline[0]!.replace(stack.env.PUBLIC_URL!, stack.baseUrl);
    const mailReader = await browser.newContext();
    try {
      const reader = await mailReader.newPage();
      const answer = await reader.goto(mailedView);
      expect(answer!.status()).toBe(200);
      await reader.getByRole('heading', { level: 1, name: title }).waitFor();
      const shown = (await reader.locator('body').textContent()) ?? '';
      expect(shown).toContain('Fabrikam Growth Partners');
      expect(shown).not.toMatch(/Northwind/);
      expect(await mailReader.cookies()).toEqual([]);
    } finally {
      await mailReader.close();
    }

    // A client who wants no attachment: a share link made from the delivery history opens the report, in the brand,
    // in a logged-out browser.
    await history.getByTestId('delivery').first().getByTestId('share-link-button').click();
    const share = page.getByRole('dialog', { name: `Share "${title}"` });
    await share.getByTestId('share-link-create').click();
    const shared = await share.getByTestId('share-link-url').inputValue();
    expect(shared.startsWith(`${stack.env.PUBLIC_URL}/rest/reports/shared/`)).toBe(true);
    const reading = await browser.newContext();
    try {
      const reader = await reading.newPage();
      const answer = await reader.goto(shared.replace(stack.env.PUBLIC_URL!, stack.baseUrl));
      expect(answer!.status()).toBe(200);
      await reader.getByRole('heading', { level: 1, name: title }).waitFor();
      const shown = (await reader.locator('body').textContent()) ?? '';
      expect(shown).toContain('Fabrikam Growth Partners');
      expect(shown).not.toMatch(/Northwind/);
      expect(shown).toContain(onScreen.keywords);
      expect(await reading.cookies()).toEqual([]);
    } finally {
      await reading.close();
    }

    // The mail's link is listed with the delivery's links (the oldest, opened once above); revoked, it stops working.
    await share.getByTestId('share-link').nth(1).waitFor();
    expect(await share.getByTestId('share-link').count()).toBe(2);
    const mailedLink = share.getByTestId('share-link').last();
    await expect(mailedLink.textContent()).resolves.toContain('1 time');
    await mailedLink.getByRole('button', { name: 'Revoke' }).click();
    await share.locator('[data-testid="share-link"][data-state="revoked"]').waitFor();
    const revokedReader = await browser.newContext();
    try {
      const answer = await (await revokedReader.newPage()).goto(mailedView);
      expect(answer!.status()).toBe(410);
      const notice = await answer!.text();
      expect(notice).toContain('This report link has been revoked');
      expect(notice).not.toContain(title);
    } finally {
      await revokedReader.close();
    }

    // The brand page now counts the schedule against Fabrikam.
    await page.goto(`${stack.baseUrl}/account/reportdesign`);
    await page.getByRole('listitem', { name: 'Fabrikam' }).getByText('Used by 1 scheduled report').waitFor();
  });

  it('sends an alert mail and a webhook call when a tracked keyword leaves the top 10 after a rank refresh', async () => {
    await page.goto(`${stack.baseUrl}/account/alerts`);
    await page.waitForURL('**/account/scheduled-pdf-reports');
    await page.getByRole('button', { name: 'New rank alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rank alert' });
    await dialog.getByLabel('Project').selectOption({ label: 'Fabrikam Client (fabrikam-client.example)' });
    await expect(dialog.getByRole('checkbox', { name: 'Leaves the top 10 (page one)' }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('Send to').fill(client);
    await dialog.getByLabel('Webhook (Slack-compatible)').fill(webhookUrl);
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('rank-alert').filter({ hasText: 'Fabrikam Client' }).waitFor();

    // The first refresh is the baseline (#7): nothing is sent; the keyword then falls to #14.
    projectAt(7);
    await runRankRefresh();
    expect(smtp.mails.filter((mail) => isRankAlert(mail.raw))).toHaveLength(0);
    expect(webhookBodies).toHaveLength(0);
    projectAt(14);
    await runRankRefresh();

    const mail = await smtp.waitFor((candidate) => isRankAlert(candidate.raw));
    expect(mail.to).toEqual([client]);
    expect(decodedHeaderOf(mail.raw, 'Subject')).toBe('Rank alert “Fabrikam Client” for fabrikam-client.example: 1 change');
    expect(mimePartsOf(mail.raw).find((part) => part.contentType === 'text/plain')!.text).toContain('“zqa agency boots”: fabrikam-client.example left the top 10 (#7 → #14).');
    await until('the webhook call', async () => webhookBodies.length > 0, 10_000, 100);
    expect(webhookBodies).toHaveLength(1);
    expect(webhookBodies[0]!.text).toContain('“zqa agency boots”: fabrikam-client.example left the top 10 (#7 → #14).');
  });
});
