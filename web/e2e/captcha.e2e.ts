import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

// A stand-in captcha provider at its HTTP boundary: the browser script (reCAPTCHA v3 shaped: ready + execute)
// hands out a token naming the action, and siteverify accepts only tokens made with the configured site key.
const verified: string[] = [];
const provider: Server = createServer((request, response) => {
  if (request.url?.startsWith('/api.js')) {
    const siteKey = new URL(request.url, 'http://x').searchParams.get('render');
    response.setHeader('content-type', 'text/javascript');
    response.end(`window.grecaptcha = { ready: (cb) => setTimeout(cb, 10),
      execute: (key, options) => Promise.resolve(key === ${JSON.stringify(siteKey)} ? 'human:' + options.action : 'wrong-key') };`);
    return;
  }
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const token = new URLSearchParams(body).get('response') ?? '';
    verified.push(token);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: token.startsWith('human:') }));
  });
});

let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  [browser, stack] = await startBrowserAndStack({ CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_VERIFY_URL: `${providerUrl}/siteverify`, CAPTCHA_SCRIPT_URL: `${providerUrl}/api.js` });
}, setUpTimeoutMs);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => provider.close(resolve));
}, setUpTimeoutMs);

describe('captcha in the browser, when one is configured', () => {
  it('logs in and signs up with tokens from the captcha script, for the documented actions', async () => {
    const user = await createTestUser(stack.database);
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/auth/login`);
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: user.email }).waitFor();
    expect(verified).toContain('human:login_user');

    const visitor = await browser.newPage(); // a new context: its own cookies
    await visitor.goto(`${stack.baseUrl}/freeaccount`);
    await visitor.getByLabel('Email').fill('captcha.person@example.com');
    await visitor.getByLabel('Password').fill('a-good-password');
    await visitor.getByRole('button', { name: 'Sign Up Free' }).click();
    await visitor.waitForURL(/\/onboarding$/);
    expect(verified).toContain('human:create_free_account');
  });
});
