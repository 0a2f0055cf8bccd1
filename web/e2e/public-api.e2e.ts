import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
}, setUpTimeoutMs);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

/** The header and URL of a `curl -H "name: value" "url"` line, as the page prints it. */
function parseCurl(text: string): { header: [string, string]; url: string } {
  const header = /-H "([^:]+): ([^"]+)"/.exec(text);
  const url = /"(https?:\/\/[^"]+)"/.exec(text);
  if (!header || !url) throw new Error(`Not a curl line: ${text}`);
  return { header: [header[1]!, header[2]!], url: url[1]! };
}

describe('the public API from the API page', () => {
  it('creates a key, runs the page’s own curl example against this installation, and the usage meter moves', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/account/api`);
    await page.getByText('0 of 10,000 calls used this month.').waitFor();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    const key = (await page.getByTestId('api-key').textContent())!.trim();
    const example = (await page.getByTestId('api-curl-example').textContent())!;
    const { header, url } = parseCurl(example);
    expect(header).toEqual(['x-api-key', key]);
    expect(url.startsWith(`${stack.baseUrl}/api/v1/`)).toBe(true);

    const response = await fetch(url, { headers: { [header[0]]: header[1] } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ domain: expect.any(String) });

    await page.reload();
    await page.getByText('1 of 10,000 calls used this month.').waitFor();
  });
});
