import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { untilReady } from '../../infra/test/waiting.js';

jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;
let projectId: string;

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack();
  const user = await createTestUser(stack.database, { roles: ['full'] });
  projectId = randomUUID();
  await stack.database.query(
    `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Bulk shop', 'bulk.example', 'US', now(), now())`,
    [projectId, user.id],
  );
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

describe('a large keyword import in the panel', () => {
  it('runs in the background: the import-progress view follows it live over the socket to its counts, and Undo takes it back', async () => {
    const socketEvents: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => typeof frame.payload === 'string' && frame.payload.includes('job.updated') && socketEvents.push(frame.payload)));
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=bulk.example&msf=keyword-import&projectId=${projectId}`);
    const form = page.getByRole('form', { name: 'Import keywords' });
    await form.waitFor();
    const terms = Array.from({ length: 3000 }, (_, index) => `bulk browser keyword ${index}`);
    // A list this long comes from a file: choosing it fills the text area.
    await form.getByLabel('Or choose a text file').setInputFiles({ name: 'keywords.txt', mimeType: 'text/plain', buffer: Buffer.from(terms.join('\n')) });
    await form.getByText('3,000 keywords (imported in the background, with its progress shown here)').waitFor();
    await form.getByRole('button', { name: 'Import' }).click();

    // The panel moved to import-progress with the job in its query, and shows the outcome when the job is done.
    await page.waitForURL(/msf=import-progress/);
    expect(new URL(page.url()).searchParams.get('jobId')).toMatch(/^[0-9a-f-]{36}$/);
    const view = page.locator('section[aria-label="Import progress"][data-state="completed"]');
    await view.waitFor({ timeout: 60_000 });
    await view.getByText('Keywords successfully imported to project Bulk shop').waitFor();
    expect(await view.locator('dd').allInnerTexts()).toEqual(['3,000', '0', '3,000 / 5,000']);
    expect(socketEvents.some((payload) => payload.includes('"state":"completed"') && payload.includes('"termCount":3000'))).toBe(true);
    expect(Number((await stack.database.query<{ n: string }>('select count(*) as n from project_keyword where project_id = $1', [projectId]))[0]!.n)).toBe(3000);

    await view.getByRole('button', { name: 'Undo' }).click();
    await view.getByText('The import was undone.').waitFor();
    expect(Number((await stack.database.query<{ n: string }>('select count(*) as n from project_keyword where project_id = $1', [projectId]))[0]!.n)).toBe(0);
  });

  it('takes only the keyword column of a spreadsheet export the user picks (a Keyword Planner CSV), not its header and numbers', async () => {
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=bulk.example&msf=keyword-import&projectId=${projectId}`);
    const form = page.getByRole('form', { name: 'Import keywords' });
    await form.waitFor();
    const planner = 'Keyword,Currency,Avg. monthly searches,Competition\nrunning shoes,USD,"12,100",High\ntrail running shoes,USD,880,Low\n';
    await form.getByLabel('Or choose a text file').setInputFiles({ name: 'Keyword Stats.csv', mimeType: 'text/csv', buffer: Buffer.from(planner) });
    await form.getByText('2 keywords', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Import' }).click();
    const trackedTerms = async () => (await stack.database.query<{ term: string }>(
      'select t.term from project_keyword k join tracked_term t on t.id = k.term_id where k.project_id = $1 order by t.term', [projectId])).map((row) => row.term);
    expect(await untilReady('the two keywords tracked', trackedTerms, (terms) => terms.length > 0, 30_000)).toEqual(['running shoes', 'trail running shoes']);
  });
});
