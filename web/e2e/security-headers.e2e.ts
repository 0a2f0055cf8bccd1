import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../infra/test/browser.js';
import { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';

jest.setTimeout(180_000);

/**
 * The built web app under its Content-Security-Policy in Chromium (issue 16, point 10): pages, the captcha script
 * (a stand-in on another origin, configured by CAPTCHA_SCRIPT_URL), the login, Socket.IO, data: images and the Log
 * out form raise no violation; another site's page cannot frame ours.
 */
const captcha: Server = createServer((request, response) => {
  if (request.url?.startsWith('/api.js')) {
    response.setHeader('content-type', 'text/javascript');
    response.end(`window.grecaptcha = { ready: (cb) => setTimeout(cb, 10), execute: (key, options) => Promise.resolve('human:' + options.action) };`);
    return;
  }
  request.resume();
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: true }));
  });
});

let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  await new Promise<void>((resolve) => captcha.listen(0, '127.0.0.1', resolve));
  const captchaUrl = `http://127.0.0.1:${(captcha.address() as AddressInfo).port}`;
  [browser, stack] = await Promise.all([
    launchChromium(),
    TestStack.start({ CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_VERIFY_URL: `${captchaUrl}/siteverify`, CAPTCHA_SCRIPT_URL: `${captchaUrl}/api.js` }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => captcha.close(resolve));
});

/** Every CSP violation the page reports, as the browser reports it (the event and the console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('the web app under its Content-Security-Policy', () => {
  it('runs pages, the captcha, the login, Socket.IO and the Log out form without a violation', async () => {
    // An admin, so the widget gallery (every shared widget, icon and flag) and the queue pages are walked too.
    const user = await createTestUser(stack.database, { roles: ['full', 'admin'] });
    const page = await browser.newPage();
    const violations = await watchViolations(page);

    for (const path of ['/', '/buy/register', '/overview/domain?query=shop.example', '/auth/forgotpassword']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }

    await page.goto(`${stack.baseUrl}/auth/login`);
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: user.email }).waitFor();
    for (const path of ['/hq', '/account/settings', '/account/reportdesign', '/exports', '/components', '/icons', '/admin/queues', '/admin/bull-board/']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // The imports page follows its jobs live: Socket.IO upgrades to a WebSocket under the policy.
    const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 60_000 });
    await page.goto(`${stack.baseUrl}/account/imports`);
    await socket;

    await page.getByRole('button', { name: user.email }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    expect(violations).toEqual([]);
  });

  it('another site cannot frame a page, nor log the user out by sending the browser to /auth/logout', async () => {
    const user = await createTestUser(stack.database);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/auth/login`);
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: user.email }).waitFor();

    // A page of another origin (the captcha stand-in's) that frames ours and links to the logout address.
    const evil = `http://localhost:${(captcha.address() as AddressInfo).port}/api.js`;
    const attacker = await context.newPage();
    await attacker.goto(evil);
    // setContent waits for the load event, which waits for the frame and the image.
    await attacker.setContent(`<iframe id="framed" src="${stack.baseUrl}/"></iframe><img src="${stack.baseUrl}/auth/logout">`);
    const framed = attacker.frames().find((frame) => frame.url().startsWith(stack.baseUrl));
    expect(await framed?.locator('#root').count().catch(() => 0) ?? 0).toBe(0);
    await attacker.goto(`${stack.baseUrl}/auth/logout`); // a top-level navigation from the other site
    await attacker.getByRole('button', { name: 'Log out', exact: true }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: user.email }).waitFor();
    await context.close();
  });
});
