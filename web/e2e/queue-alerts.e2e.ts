import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserWaitMs, logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { outboxMails } from '../../infra/test/test-app.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 23 "done means", alerts: an admin sets a threshold on the console that an induced backlog (a paused queue
 * and jobs added) crosses, gets the alert mail (outbox) and the webhook call (a fake Slack-compatible server on
 * 127.0.0.1), sees the alert on the console live, sees it clear when the backlog drains (and gets the clearing mail
 * and call), and finds the threshold change on the audit log page.
 */
jest.setTimeout(setUpTimeoutMs + 180_000);

let browser: Browser;
let stack: TestStack;
let webhook: Server;
let webhookUrl: string;
const webhookCalls: string[] = [];

beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      webhookCalls.push((JSON.parse(body) as { text: string }).text);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/services/queues`;
  // Thresholds checked every 2 s; the fake webhook is on this host, which only this allowance lets through.
  [browser, stack] = await startBrowserAndStack({ QUEUE_ALERT_CHECK_SECONDS: '2', WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: 'true', DIAGNOSTIC_STEP_MS: '50' });
}, setUpTimeoutMs);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
}, setUpTimeoutMs);

async function until<T>(what: string, read: () => Promise<T> | T, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + browserWaitMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a system check from a visitor's page: one job on the diagnostics queue. */
async function startDiagnostic(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/system-check`);
  const answer = page.waitForResponse((response) => response.url().endsWith('/rest/diagnostics') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Run system check' }).click();
  expect((await answer).ok()).toBe(true);
}

describe('queue alerts in the browser (issue 23)', () => {
  it('alerts an admin by mail and webhook when a backlog crosses the threshold they set, and again when it clears', async () => {
    const adminUser = await createTestUser(stack.database, { roles: ['full', 'admin'] });
    const admin = await (await browser.newContext()).newPage();
    const visitor = await (await browser.newContext()).newPage();
    const outbox = join(stack.env.DATA_DIR!, 'outbox');
    const mailsTo = async (subject: string) => (await outboxMails(outbox)).filter((mail) => mail.includes(`To: ${adminUser.email}`) && mail.includes(subject));

    await logInThroughPage(admin, stack.baseUrl, adminUser);
    await admin.goto(`${stack.baseUrl}/admin/queues`);
    await admin.getByTestId('admin-transport').filter({ hasText: 'Live updates' }).waitFor();
    await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
    await admin.getByTestId('admin-actions-until').waitFor();

    // 1. The webhook and the threshold: more than 2 jobs waiting on the diagnostics queue.
    const webhookForm = admin.getByRole('form', { name: 'Alert webhook' });
    await webhookForm.getByLabel('Webhook (Slack-compatible; blank: none)').fill(webhookUrl);
    await webhookForm.getByRole('button', { name: 'Save webhook' }).click();
    await webhookForm.getByTestId('webhook-saved').waitFor();
    const thresholds = admin.getByRole('form', { name: 'Alert thresholds of diagnostics' });
    await thresholds.getByLabel('Waiting above').fill('2');
    await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
    await thresholds.getByTestId('thresholds-saved').waitFor();

    // 2. A backlog: the queue paused from the console, three jobs asked for.
    await admin.getByRole('button', { name: 'Pause diagnostics' }).click();
    await admin.getByTestId('queue-diagnostics').and(admin.locator('[data-paused="true"]')).waitFor();
    for (let index = 0; index < 3; index += 1) await startDiagnostic(visitor);

    // 3. Raised: on the console live, by mail to the admin, on the webhook; once.
    const raisedText = 'diagnostics: 3 jobs waiting (threshold: more than 2).';
    await admin.getByTestId('queue-alert-open').filter({ hasText: raisedText }).waitFor({ timeout: browserWaitMs });
    await until('the alert webhook call', () => webhookCalls, (calls) => calls.includes(`Queue alert: ${raisedText}`));
    const raisedMails = await until('the alert mail', () => mailsTo('Queue alert: diagnostics'), (mails) => mails.length > 0);
    expect(raisedMails[0]).toContain(`${stack.baseUrl}/admin/queues`);

    // 4. Cleared once the queue runs again and its jobs finish.
    await admin.getByRole('button', { name: 'Resume diagnostics' }).click();
    const clearedText = 'diagnostics: back within the threshold: 0 jobs waiting.';
    await until('the clearing webhook call', () => webhookCalls, (calls) => calls.includes(`Queue alert cleared: ${clearedText}`));
    await admin.getByTestId('alert-history').and(admin.locator('[data-state="cleared"]')).filter({ hasText: clearedText }).waitFor({ timeout: browserWaitMs });
    await admin.getByTestId('queue-alert-open').waitFor({ state: 'detached', timeout: browserWaitMs });
    await until('the clearing mail', () => mailsTo('Queue alert cleared: diagnostics'), (mails) => mails.length > 0);
    // Once per incident: one raise and one clear, though the thresholds were checked every 2 s all along.
    expect(webhookCalls.filter((text) => text.includes('diagnostics'))).toEqual([`Queue alert: ${raisedText}`, `Queue alert cleared: ${clearedText}`]);
    expect(await mailsTo('Queue alert: diagnostics')).toHaveLength(1);
    expect(await mailsTo('Queue alert cleared: diagnostics')).toHaveLength(1);

    // 5. The audit log page lists the threshold and webhook changes with the pause and resume.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/audit-log');
    const entries = admin.getByTestId('audit-entry');
    await entries.first().waitFor();
    const actions = await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    expect(actions).toEqual(['queue.resume', 'queue.pause', 'alert.thresholds', 'alert.webhook']);
    await expect(entries.and(admin.locator('[data-action="alert.thresholds"]')).textContent()).resolves.toContain('diagnostics');
  });
});
