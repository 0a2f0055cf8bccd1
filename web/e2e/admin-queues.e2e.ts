import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, logInThroughPage } from '../../infra/test/browser.js';
import { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

// Each test starts its own stack (and restarts its worker) inside the test: set-up's bound plus the test's own steps.
jest.setTimeout(setUpTimeoutMs + 180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, setUpTimeoutMs);
afterAll(async () => {
  await browser?.close();
}, setUpTimeoutMs);

/** Records every state and percent each admin job row shows, from inside the page. */
async function watchJobRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { id: string; state: string; percent: string }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="queue-diagnostics"] [data-testid="admin-job"]')) {
        const entry = {
          id: row.getAttribute('data-job-id') ?? '',
          state: row.getAttribute('data-state') ?? '',
          percent: row.querySelector('[data-testid="admin-job-percent"]')?.textContent ?? '',
        };
        const last = seen.filter((item) => item.id === entry.id).at(-1);
        if (!last || last.state !== entry.state || last.percent !== entry.percent) seen.push(entry);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: { id: string; state: string; percent: string }[] }).seen);

/** Runs a system check from a visitor's page and answers the job id. */
async function startDiagnostic(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/system-check`);
  const answer = page.waitForResponse((response) => response.url().endsWith('/rest/diagnostics') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Run system check' }).click();
  return ((await (await answer).json()) as { id: string }).id;
}

const row = (page: Page, id: string, state?: string) =>
  page.locator(`[data-testid="queue-diagnostics"] [data-testid="admin-job"][data-job-id="${id}"]${state ? `[data-state="${state}"]` : ''}`);

describe('admin queues, live', () => {
  let stack: TestStack;
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await stack?.stop();
  });

  it('shows a job appear, progress and finish live; pauses and resumes a queue; retries a failed job', async () => {
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '1200' });
    const adminContext = await browser.newContext();
    const visitorContext = await browser.newContext();
    contexts.push(adminContext, visitorContext);
    const admin = await adminContext.newPage();
    const visitor = await visitorContext.newPage();
    const overviewReads: number[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/rest/admin/queues') overviewReads.push(Date.now());
    });

    await logInThroughPage(admin, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));
    await admin.goto(`${stack.baseUrl}/admin/queues`);
    await expect(admin.getByTestId('admin-transport').textContent()).resolves.toContain('Live updates');
    await admin.getByTestId('admin-worker').first().waitFor();
    await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
    await admin.getByTestId('admin-actions-until').waitFor();
    await watchJobRows(admin);
    const readsBefore = overviewReads.length;

    // 1. A job appears, progresses and finishes, all over the socket.
    const first = await startDiagnostic(visitor, stack.baseUrl);
    await row(admin, first, 'completed').waitFor({ timeout: 30_000 });
    const states = (await seenOn(admin)).filter((entry) => entry.id === first);
    expect(states.some((entry) => entry.state === 'active' && entry.percent !== '0%' && entry.percent !== '100%')).toBe(true);
    expect(states.at(-1)).toMatchObject({ state: 'completed', percent: '100%' });
    expect(overviewReads.length).toBe(readsBefore); // no polling while the socket is up

    // 2. Paused: a new job waits; resumed: it runs to the end.
    await admin.getByRole('button', { name: 'Pause diagnostics' }).click();
    await admin.locator('[data-testid="queue-diagnostics"][data-paused="true"]').waitFor();
    const second = await startDiagnostic(visitor, stack.baseUrl);
    await row(admin, second, 'paused').waitFor({ timeout: 10_000 });
    await expect(admin.locator('[data-testid="queue-diagnostics"] [data-testid="count-paused"]').textContent()).resolves.toBe('1');
    await admin.waitForTimeout(3_000);
    await expect(row(admin, second).getAttribute('data-state')).resolves.toBe('paused');
    await admin.getByRole('button', { name: 'Resume diagnostics' }).click();
    await row(admin, second, 'completed').waitFor({ timeout: 30_000 });

    // 3. A failed job (failed by hand while the worker is down) is retried from the page and completes.
    await stack.killWorker();
    const third = await startDiagnostic(visitor, stack.baseUrl);
    const connection = new Redis(String(stack.env.REDIS_URL), { maxRetriesPerRequest: null });
    const taker = new Worker('diagnostics', null, { connection, prefix: `${stack.env.REDIS_PREFIX}:bull`, autorun: false });
    try {
      const job = await taker.getNextJob('e2e-token');
      expect(job?.id).toBe(third);
      // Unrecoverable: straight to failed, no automatic retry.
      await job!.moveToFailed(new UnrecoverableError('Simulated failure'), 'e2e-token');
    } finally {
      await taker.close();
      await connection.quit();
    }
    await stack.database.query(`update job_record set state = 'failed', error = 'Simulated failure', finished_at = now() where id = $1`, [third]);
    await admin.locator(`[data-testid="failed-job"][data-job-id="${third}"]`).waitFor({ timeout: 10_000 });
    await expect(admin.locator(`[data-testid="failed-job"][data-job-id="${third}"] [data-testid="failed-reason"]`).textContent()).resolves.toBe('Simulated failure');
    await stack.startWorker();
    await admin.locator(`[data-testid="failed-job"][data-job-id="${third}"]`).getByRole('button', { name: 'Retry' }).click();
    await row(admin, third, 'completed').waitFor({ timeout: 30_000 });
    const [record] = await stack.database.query<{ state: string }>('select state from job_record where id = $1', [third]);
    expect(record!.state).toBe('completed');

    const audit = await stack.database.query<{ action: string }>('select action from admin_audit_log order by created_at');
    expect(audit.map((entry) => entry.action)).toEqual(['queue.pause', 'queue.resume', 'job.retry']);
  });

  it('keeps a non-admin out, by page and by API', async () => {
    stack = await TestStack.start();
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughPage(page, stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
    await page.goto(`${stack.baseUrl}/admin/queues`);
    await page.waitForURL((url) => url.pathname === '/');
    const statuses = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const post = (path: string) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: '{}' }).then((r) => r.status);
      return [
        await fetch('/rest/admin/queues').then((r) => r.status),
        await fetch('/rest/admin/queues/diagnostics/failed').then((r) => r.status),
        await post('/rest/admin/queues/diagnostics/pause'),
        await post('/rest/admin/queues/diagnostics/retry-all'),
        await fetch('/admin/bull-board/').then((r) => r.status),
      ];
    });
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
  });
});
