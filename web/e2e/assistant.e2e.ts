import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assistantMessages } from '@serpwise/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { chatAnswers, domainOverviewScript, FakeChatServer, toolResultsOf } from '../../infra/test/fake-chat-completions.js';
import { TestStack } from '../../infra/test/stack.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser } from '../../infra/test/test-users.js';

jest.setTimeout(180_000);

const artifacts = '.data/e2e-screenshots';

/**
 * The research assistant in Chromium (issue 24 point 10, docs/product/site.md §2): a user asks about a domain on
 * /serpwise-custom-gpt and reads the answer with the figure from the database, looked up by the tool call the model
 * server (a fake at the HTTP boundary, speaking the documented Chat Completions shapes) asked for; a visitor on
 * /spygpt gets what visitors see. Without a model server the page says an administrator must configure it.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(viewport = { width: 1440, height: 900 }): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, consoleErrors };
}

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
}, setUpTimeoutMs);

describe('with a model server configured', () => {
  let chat: FakeChatServer;
  let stack: TestStack;
  let busy: { name: string; month: string; keywords: number; budget: number };

  beforeAll(async () => {
    chat = await new FakeChatServer().start();
    [browser, stack] = await startBrowserAndStack({ ASSISTANT_BASE_URL: chat.baseUrl, ASSISTANT_MODEL: 'e2e-model', ASSISTANT_API_KEY: 'sk-e2e' }, { tinyMarket: true });
    const [row] = await stack.database.query<{ name: string; month: string; organic_keywords: number; paid_budget: string }>(
      `select d.name, to_char(dm.month, 'YYYY-MM') as month, dm.organic_keywords, dm.paid_budget from domain_month dm join domain d on d.id = dm.domain_id
       where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') and dm.paid_budget > 0 order by dm.organic_keywords desc limit 1`,
    );
    busy = { name: row!.name, month: row!.month, keywords: Number(row!.organic_keywords), budget: Number(row!.paid_budget) };
    chat.respond = domainOverviewScript(busy.name);
  }, setUpTimeoutMs);
  afterAll(async () => {
    await stack?.stop();
    await chat?.stop();
  }, setUpTimeoutMs);

  it('answers a logged-in user with the figure from the database, and links the overview it came from', async () => {
    const { page, consoleErrors } = await newPage();
    await logInThroughPage(page, stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
    await page.goto(`${stack.baseUrl}/serpwise-custom-gpt`);
    await page.getByRole('heading', { name: 'Serpwise Custom GPT' }).waitFor();
    await page.getByRole('textbox', { name: 'Your question' }).fill(`How is ${busy.name} doing?`);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    const answer = page.getByTestId('assistant-assistant');
    await answer.waitFor();
    const expected = `In ${busy.month}, ${busy.name} ranked for ${busy.keywords.toLocaleString('en-US')} organic keywords; its PPC budget was $${busy.budget.toLocaleString('en-US')}.`;
    expect(await answer.locator('p').first().innerText()).toBe(expected);
    // The figure the user reads is the one the look-up gave the model.
    const lookedUp = toolResultsOf(chat.requests.at(-1)!.body)[0]!.result as { latest: { keywords: number } };
    expect(lookedUp.latest.keywords).toBe(busy.keywords);
    expect(await page.getByTestId('assistant-user').innerText()).toContain(`How is ${busy.name} doing?`);
    await page.locator('#ask').screenshot({ path: `${artifacts}/assistant-answer-1440.png` });

    await answer.getByRole('link', { name: `Overview of ${busy.name}` }).click();
    await page.waitForURL((url) => url.pathname === '/overview/domain' && url.searchParams.get('query') === busy.name);
    expect(consoleErrors).toEqual([]);
  });

  it('gives a visitor on /spygpt what visitors see: the paid figure is for members, with the login link back here (on a phone)', async () => {
    const { page, consoleErrors } = await newPage({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/spygpt`);
    await page.getByRole('textbox', { name: 'Your question' }).fill(`How is ${busy.name} doing?`);
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('assistant-assistant');
    await answer.waitFor();
    expect(await answer.innerText()).toContain(`${busy.keywords.toLocaleString('en-US')} organic keywords; its PPC budget is for members.`);
    const login = page.getByRole('link', { name: 'Log in to see all results' });
    expect(new URL(await login.getAttribute('href') ?? '', stack.baseUrl).searchParams.get('returnUrl')).toBe('/spygpt');
    // The chat fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#ask').screenshot({ path: `${artifacts}/assistant-visitor-390.png` });
    expect(consoleErrors).toEqual([]);
  });

  it('says what went wrong when the model server refuses the key, and answers when asked again', async () => {
    const { page } = await newPage();
    chat.respond = () => chatAnswers.error(401, 'Incorrect API key provided.', 'invalid_api_key');
    await page.goto(`${stack.baseUrl}/serpwise-custom-gpt`);
    await page.getByRole('textbox', { name: 'Your question' }).fill(`How is ${busy.name} doing?`);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(assistantMessages.keyRefused);

    chat.respond = domainOverviewScript(busy.name);
    await alert.getByRole('button', { name: 'Ask again' }).click();
    await page.getByTestId('assistant-assistant').waitFor();
    expect(await page.getByTestId('assistant-assistant').innerText()).toContain(`${busy.keywords.toLocaleString('en-US')} organic keywords`);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('assistant-user').count()).toBe(1);
  });
});

describe('without a model server', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start();
  }, setUpTimeoutMs);
  afterAll(async () => stack?.stop(), setUpTimeoutMs);

  it('says an administrator must configure it', async () => {
    const { page, consoleErrors } = await newPage();
    await page.goto(`${stack.baseUrl}/serpwise-custom-gpt`);
    const notice = page.getByTestId('assistant-not-configured');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('an administrator must configure it');
    expect(await notice.innerText()).toContain(assistantMessages.notConfigured);
    expect(await page.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    await page.locator('#ask').screenshot({ path: `${artifacts}/assistant-not-configured-1440.png` });
    expect(consoleErrors).toEqual([]);
  });
});
