import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { blockRealtimeSocket, launchChromium, noteTextsShown } from '../../infra/test/browser.js';
import { TestStack } from '../../infra/test/stack.js';
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

/** Records every state and percent the job card shows, as it changes, from inside the page. */
async function watchJobCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { state: string; percent: string; at: number }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = () => {
      const card = document.querySelector('[data-testid="job-card"]');
      if (!card) return;
      const entry = { state: card.getAttribute('data-state') ?? '', percent: card.querySelector('[data-testid="job-percent"]')?.textContent ?? '', at: Date.now() };
      const last = seen.at(-1);
      if (!last || last.state !== entry.state || last.percent !== entry.percent) seen.push(entry);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: { state: string; percent: string; at: number }[] }).seen);

function countStatusPolls(page: Page): { times: number[] } {
  const polls = { times: [] as number[] };
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/rest\/jobs\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) polls.times.push(Date.now());
  });
  return polls;
}

describe('system check, live from worker to browser', () => {
  let stack: TestStack;
  let page: Page;
  afterEach(async () => {
    await page?.close();
    await stack?.stop();
  });

  it('shows progress live as the worker reports it, without polling', async () => {
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '400' });
    page = await browser.newPage();
    const polls = countStatusPolls(page);
    await page.goto(`${stack.baseUrl}/system-check`);
    await watchJobCard(page);
    await page.getByRole('button', { name: 'Run system check' }).click();

    await page.getByTestId('job-transport').filter({ hasText: 'Live updates' }).waitFor();
    await page.locator('[data-testid="job-card"][data-state="completed"]').waitFor({ timeout: 20_000 });

    const seen = await seenOn(page);
    const intermediate = seen.filter((entry) => entry.state === 'active').map((entry) => entry.percent);
    expect(intermediate).toEqual(expect.arrayContaining(['20%', '40%', '60%', '80%']));
    expect(seen.at(-1)).toMatchObject({ state: 'completed', percent: '100%' });
    // The only status read is the catch-up when the job is first followed; the rest came over the socket.
    expect(polls.times.length).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('job-state').textContent()).resolves.toBe('Completed');
  });

  it('still reaches the end through the 3-second poll when the socket is blocked', async () => {
    // Long enough that the page, whose blocked socket says nothing until its first try's grace period is over
    // (firstConnectGraceMs, 5 s), says the connection is lost while the job still runs.
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '2000' });
    page = await browser.newPage();
    await blockRealtimeSocket(page);
    const polls = countStatusPolls(page);
    await page.goto(`${stack.baseUrl}/system-check`);
    // Noted from inside the page: the notice is gone once the job ends.
    const shown = await noteTextsShown(page, ['Connection lost: checking every 3 seconds']);
    await page.getByRole('button', { name: 'Run system check' }).click();

    await page.locator('[data-testid="job-card"][data-state="completed"]').waitFor({ timeout: 60_000 });
    await expect(shown()).resolves.toEqual(['Connection lost: checking every 3 seconds']);
    await expect(page.getByTestId('job-percent').textContent()).resolves.toBe('100%');

    expect(polls.times.length).toBeGreaterThanOrEqual(1);
    const gaps = polls.times.slice(1).map((time, index) => time - polls.times[index]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(2_500);
  });

  it('completes, once, when the worker is killed mid-job and started again', async () => {
    stack = await TestStack.start({ DIAGNOSTIC_STEP_MS: '1500', JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' });
    page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/system-check`);
    await watchJobCard(page);
    await page.getByRole('button', { name: 'Run system check' }).click();

    await page.locator('[data-testid="job-card"][data-state="active"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="job-percent"]')?.textContent?.replace('%', '')) >= 40, undefined, { timeout: 20_000 });
    await stack.killWorker();
    const [stuck] = await stack.database.query<{ state: string; done: number }>('select state, done from job_record');
    expect(stuck!.state).toBe('active');
    expect(stuck!.done).toBeLessThan(5);

    await stack.startWorker();
    await page.locator('[data-testid="job-card"][data-state="completed"]').waitFor({ timeout: 45_000 });

    const [record] = await stack.database.query<{ state: string; attempts: number; result: { steps: { key: string }[] } }>(
      'select state, attempts, result from job_record',
    );
    expect(record!.state).toBe('completed');
    expect(record!.attempts).toBe(2);
    expect(record!.result.steps.map((step) => step.key)).toEqual(['database', 'redis', 'files', 'compute', 'report']);
    const completions = (await seenOn(page)).filter((entry) => entry.state === 'completed');
    expect(completions).toHaveLength(1);
    await expect(page.getByText(/resumed after an interruption \(attempt 2\)/).count()).resolves.toBe(1);
  });
});
