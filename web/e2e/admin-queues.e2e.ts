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
    // The socket connects after the page has loaded: wait for it rather than read the label once.
    await admin.getByTestId('admin-transport').filter({ hasText: 'Live updates' }).waitFor();
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

  it('opens the console from the account menu, sees the counts move live, and finds its own actions on the audit log page (issue 23)', async () => {
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '400' });
    const adminContext = await browser.newContext();
    const visitorContext = await browser.newContext();
    contexts.push(adminContext, visitorContext);
    const admin = await adminContext.newPage();
    const visitor = await visitorContext.newPage();
    const overviewReads: number[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/rest/admin/queues') overviewReads.push(Date.now());
    });
    const adminUser = await createTestUser(stack.database, { roles: ['full', 'admin'] });
    await logInThroughPage(admin, stack.baseUrl, adminUser);

    // 1. From the account menu to the console.
    await admin.getByRole('button', { name: adminUser.email }).click();
    await admin.getByRole('menuitem', { name: 'Queue console' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/queues');
    await admin.getByRole('heading', { name: 'Queue console' }).waitFor();
    await admin.getByTestId('admin-transport').filter({ hasText: 'Live updates' }).waitFor();
    const card = admin.getByTestId('queue-diagnostics');
    await card.getByText(/No history yet|Jobs/).first().waitFor();

    // 2. The counts move live: every value the card's Active and Completed tiles show is noted from inside the page
    // (a value can be on screen for less than a polling wait would notice).
    await admin.evaluate(() => {
      const shown: { active: string[]; completed: string[] } = { active: [], completed: [] };
      (window as unknown as { counts: typeof shown }).counts = shown;
      const note = () => {
        for (const key of ['active', 'completed'] as const) {
          const value = document.querySelector(`[data-testid="queue-diagnostics"] [data-testid="count-${key}"]`)?.textContent ?? '';
          if (shown[key].at(-1) !== value) shown[key].push(value);
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
      note();
    });
    const readsBefore = overviewReads.length;
    const before = Number(await card.getByTestId('count-completed').textContent());
    for (let index = 0; index < 3; index += 1) await startDiagnostic(visitor, stack.baseUrl);
    await card.getByTestId('count-completed').filter({ hasText: new RegExp(`^${before + 3}$`) }).waitFor({ timeout: 60_000 });
    const counts = await admin.evaluate(() => (window as unknown as { counts: { active: string[]; completed: string[] } }).counts);
    expect(counts.active.some((value) => Number(value) > 0)).toBe(true);
    expect(counts.completed.map(Number)).toEqual([...counts.completed.map(Number)].sort((a, b) => a - b));
    expect(counts.completed.length).toBeGreaterThanOrEqual(2);
    expect(overviewReads.length).toBe(readsBefore); // live over the socket, no polling

    // 3. Two actions, then the audit log page lists them.
    await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
    await admin.getByTestId('admin-actions-until').waitFor();
    await admin.getByRole('button', { name: 'Pause diagnostics' }).click();
    await admin.locator('[data-testid="queue-diagnostics"][data-paused="true"]').waitFor();
    await admin.getByRole('button', { name: 'Resume diagnostics' }).click();
    await admin.locator('[data-testid="queue-diagnostics"][data-paused="false"]').waitFor();
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/audit-log');
    const entries = admin.getByTestId('audit-entry');
    await entries.first().waitFor();
    await expect(entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))).resolves.toEqual(['queue.resume', 'queue.pause']);
    await expect(entries.first().textContent()).resolves.toContain(adminUser.email);
    await expect(entries.first().textContent()).resolves.toContain('diagnostics');

    // Filtered by action: only the pause is left.
    await admin.getByLabel('Action', { exact: true }).selectOption('queue.pause');
    await admin.locator('[data-testid="audit-entry"][data-action="queue.resume"]').waitFor({ state: 'detached' });
    await expect(entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))).resolves.toEqual(['queue.pause']);
    expect(new URL(admin.url()).searchParams.get('action')).toBe('queue.pause');
  });

  it('finds a user’s failed job by e-mail, reads its story, retries it in bulk and sees it complete (issue 23)', async () => {
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '200' });
    const adminContext = await browser.newContext();
    const userContext = await browser.newContext();
    contexts.push(adminContext, userContext);
    const admin = await adminContext.newPage();
    const user = await userContext.newPage();
    const owner = await createTestUser(stack.database, { roles: ['full'] });
    await logInThroughPage(user, stack.baseUrl, owner);
    await logInThroughPage(admin, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));

    // The user's job fails (failed by hand while no worker runs, as a worker's last attempt would leave it).
    await stack.killWorker();
    const failed = await startDiagnostic(user, stack.baseUrl);
    const connection = new Redis(String(stack.env.REDIS_URL), { maxRetriesPerRequest: null });
    const taker = new Worker('diagnostics', null, { connection, prefix: `${stack.env.REDIS_PREFIX}:bull`, autorun: false });
    try {
      const job = await taker.getNextJob('e2e-token');
      expect(job?.id).toBe(failed);
      await job!.moveToFailed(new UnrecoverableError('The file store is full'), 'e2e-token');
    } finally {
      await taker.close();
      await connection.quit();
    }
    await stack.database.query(`update job_record set state = 'failed', error = 'The file store is full', finished_at = now() where id = $1`, [failed]);
    await stack.startWorker();

    // The admin goes from the console to Jobs, finds it by the owner's e-mail and reads its story.
    await admin.goto(`${stack.baseUrl}/admin/queues`);
    await admin.locator('.admin-console__links').getByRole('link', { name: 'Jobs' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/jobs');
    await admin.getByLabel('User e-mail').fill(owner.email);
    await admin.getByLabel('State', { exact: true }).selectOption('failed');
    await admin.getByRole('button', { name: 'Find' }).click();
    const row = admin.locator(`[data-testid="found-job"][data-job-id="${failed}"]`);
    await row.waitFor();
    await expect(admin.getByTestId('found-job').count()).resolves.toBe(1);
    await row.getByRole('button', { name: 'Story' }).click();
    await expect(admin.getByTestId('story-error').textContent()).resolves.toBe('The file store is full');
    await expect(admin.getByTestId('story-stack').first().textContent()).resolves.toContain('UnrecoverableError: The file store is full');
    await admin.keyboard.press('Escape');

    // Retry it (bulk, with admin actions on) and see it complete.
    await admin.getByRole('button', { name: 'Enable admin actions (1 hour)' }).click();
    await admin.getByText(/Admin actions on until/).waitFor();
    await row.getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Retry', exact: true }).click();
    await admin.getByTestId('bulk-outcome').filter({ hasText: '1 of 1 done.' }).waitFor();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [record] = await stack.database.query<{ state: string }>('select state from job_record where id = $1', [failed]);
      if (record!.state === 'completed') break;
      if (Date.now() > deadline) throw new Error(`the retried job is ${record!.state}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await admin.getByLabel('State', { exact: true }).selectOption('completed');
    await admin.getByRole('button', { name: 'Find' }).click();
    await admin.locator(`[data-testid="found-job"][data-job-id="${failed}"][data-state="completed"]`).waitFor();

    // The audit log lists the retry of that job.
    await admin.goto(`${stack.baseUrl}/admin/audit-log`);
    await admin.locator(`[data-testid="audit-entry"][data-action="job.retry"][data-job-id="${failed}"]`).waitFor();
  });

  it('bull-board works offline: nothing is asked of another site, its fonts load, and in admin mode its own calls act (issue 23)', async () => {
    stack = await TestStack.start();
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(stack.baseUrl).origin) elsewhere.push(request.url());
    });
    await logInThroughPage(page, stack.baseUrl, await createTestUser(stack.database, { roles: ['full', 'admin'] }));
    await page.goto(`${stack.baseUrl}/admin/bull-board/`);
    await page.getByText('diagnostics').first().waitFor();
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([document.fonts.load('16px "IBM Plex Sans"'), document.fonts.load('16px "IBM Plex Mono"')]);
      // The faces the page's stylesheet declared and the browser loaded (from this site: see `elsewhere`).
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/["']/g, '')} ${face.weight}`);
    });
    expect(fonts).toEqual(expect.arrayContaining(['IBM Plex Sans 400', 'IBM Plex Mono 400']));
    expect(elsewhere).toEqual([]);

    // The board's own calls (XMLHttpRequest, as its client sends them, and fetch) carry the session's token: read-only
    // until admin actions are on, then they act, and the action is audited.
    const boardPut = (path: string) =>
      page.evaluate(
        (url) =>
          new Promise<number>((resolve) => {
            const request = new XMLHttpRequest();
            request.open('PUT', url);
            request.onload = () => resolve(request.status);
            request.send();
          }),
        path,
      );
    expect(await boardPut('api/queues/diagnostics/pause')).toBe(403);
    const enabled = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      return (await fetch('/rest/admin/actions', { method: 'POST', headers: { 'x-csrf-token': token, 'content-type': 'application/json' }, body: '{}' })).status;
    });
    expect(enabled).toBe(200);
    expect(await boardPut('api/queues/diagnostics/pause')).toBe(200);
    expect(await page.evaluate(async () => (await fetch('api/queues/diagnostics/resume', { method: 'PUT' })).status)).toBe(200);
    const audit = await stack.database.query<{ action: string }>('select action from admin_audit_log order by created_at');
    expect(audit.map((entry) => entry.action)).toEqual(['queue.pause', 'queue.resume']);
    expect(elsewhere).toEqual([]);
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
