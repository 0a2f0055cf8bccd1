import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { scheduledQueue, scheduledTasks } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { FakeSerpProviders } from '../../infra/test/fake-serp-providers.js';
import { decodedHeaderOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { until } from '../../infra/test/waiting.js';

/**
 * Rank alerts in Chromium against the real API and worker (issue 22 point 6): an agency user makes a rank alert on
 * the page /account/alerts lands on, the worker's rank refresh (through the OpenSERP adapter, answered by a fake
 * OpenSERP in the provider's documented shape) takes its baseline, a tracked keyword then leaves the top 10, and the
 * next refresh sends one alert mail to the local SMTP server and one call to a Slack-compatible webhook; the alert's
 * history shows the change.
 */
jest.setTimeout(240_000);

let browser: Browser;
let stack: TestStack;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let fake: FakeSerpProviders;
let webhook: Server;
let webhookUrl: string;
const webhookBodies: { text?: string }[] = [];
let context: BrowserContext;
let page: Page;
let user: TestUser;
let projectId: string;

/** The project's site at `position` for every tracked keyword; fixed other sites around it. */
function projectAt(position: number) {
  fake.page = (keyword) =>
    Array.from({ length: 20 }, (_, index) => ({
      url: index + 1 === position ? `https://www.alertme.example/${keyword.replace(/ /g, '-')}` : `https://other${index + 1}.example/${keyword.replace(/ /g, '-')}`,
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
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/services/T0/B0/e2e`;
  [browser, stack] = await startBrowserAndStack({ SMTP_URL: smtp.url, SERP_PROVIDER: 'openserp', OPENSERP_BASE_URL: fake.baseUrl, WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: 'true' });
  user = await createTestUser(stack.database, { roles: ['full'] });
  projectId = randomUUID();
  await stack.database.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Alert Me', 'alertme.example', 'US', now(), now())`, [projectId, user.id]);
  await stack.database.query(`insert into tracked_term (term) values ('zqe alert shoes') on conflict (term) do nothing`);
  await stack.database.query(`insert into project_keyword (project_id, term_id, added_at) select $1, id, now() from tracked_term where term = 'zqe alert shoes'`, [projectId]);
  context = await browser.newContext();
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
  await fake?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

describe('rank alerts in the browser', () => {
  it('makes an alert, and gets one mail and one webhook call when a tracked keyword leaves the top 10', async () => {
    await page.goto(`${stack.baseUrl}/account/alerts`);
    await page.waitForURL('**/account/scheduled-pdf-reports');
    await page.getByRole('button', { name: 'New rank alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rank alert' });
    await dialog.getByLabel('Project').selectOption({ label: 'Alert Me (alertme.example)' });
    await expect(dialog.getByRole('checkbox', { name: 'Leaves the top 10 (page one)' }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('Send to').fill('team@agency.test');
    await dialog.getByLabel('Webhook (Slack-compatible)').fill(webhookUrl);
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    const row = page.getByTestId('rank-alert').filter({ hasText: 'Alert Me' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/leaves the top 10 \(page one\).*team@agency\.test.*and a webhook/s);

    // The first refresh is the baseline (#8): nothing is sent.
    projectAt(8);
    await runRankRefresh();
    expect(smtp.mails.filter((mail) => (decodedHeaderOf(mail.raw, 'Subject') ?? '').startsWith('Rank alert'))).toHaveLength(0);
    expect(webhookBodies).toHaveLength(0);

    // The keyword falls to #12: the next refresh sends the change by e-mail and to the webhook.
    projectAt(12);
    await runRankRefresh();
    const mail = await smtp.waitFor((candidate) => (decodedHeaderOf(candidate.raw, 'Subject') ?? '').startsWith('Rank alert'));
    expect(mail.to).toEqual(['team@agency.test']);
    expect(decodedHeaderOf(mail.raw, 'Subject')).toBe('Rank alert “Alert Me” for alertme.example: 1 change');
    expect(mimePartsOf(mail.raw).find((part) => part.contentType === 'text/plain')!.text).toContain('“zqe alert shoes”: alertme.example left the top 10 (#8 → #12).');
    expect(webhookBodies).toHaveLength(1);
    expect(webhookBodies[0]!.text).toContain('• “zqe alert shoes”: alertme.example left the top 10 (#8 → #12).');

    // The history shows it, sent both ways.
    await row.getByRole('button', { name: 'History' }).click();
    const event = page.getByTestId('rank-alert-event').first();
    await event.waitFor();
    await expect(event.textContent()).resolves.toMatch(/left the top 10 \(#8 → #12\)\.SentSent/);

    // A third refresh with the same ranks sends nothing again.
    await runRankRefresh();
    expect(smtp.mails.filter((candidate) => (decodedHeaderOf(candidate.raw, 'Subject') ?? '').startsWith('Rank alert'))).toHaveLength(1);
    expect(webhookBodies).toHaveLength(1);
  });
});
