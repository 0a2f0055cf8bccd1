import { chromium, type Browser, type Page } from 'playwright-core';
import { TestStack } from './stack.js';

/**
 * How long a page action or navigation may wait (Playwright's default is 30 s). On a loaded 2-core machine a
 * navigation to a page that loads the whole app took longer than that (docs/decisions.md, "Tests under load"); a
 * wider bound only slows a test that fails anyway.
 */
export const browserWaitMs = 90_000;

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background network). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Every context (browser.newPage makes one too) gets the wider bound.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(browserWaitMs);
    return context;
  };
  return browser;
}

/** Logs in through the login page as a user would, and waits until the app has moved on from it. */
export async function logInThroughPage(page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/login');
}

/**
 * Chromium and a TestStack, started side by side. If either fails, the other is closed before the error is thrown:
 * with a bare Promise.all a missing Chromium left the stack's processes, database and Redis keys running, and Jest
 * waiting for them.
 */
export async function startBrowserAndStack(overrides: Record<string, string> = {}, options: { tinyMarket?: boolean } = {}): Promise<[Browser, TestStack]> {
  const [browser, stack] = await Promise.allSettled([launchChromium(), TestStack.start(overrides, options)]);
  if (browser.status === 'fulfilled' && stack.status === 'fulfilled') return [browser.value, stack.value];
  if (browser.status === 'fulfilled') await browser.value.close();
  if (stack.status === 'fulfilled') await stack.value.stop();
  throw browser.status === 'rejected' ? browser.reason : (stack as PromiseRejectedResult).reason;
}

/**
 * Blocks the page's Socket.IO connection whatever its transport: page.route sees only HTTP (the long-polling
 * transport), so the WebSocket the client opens first is closed by routeWebSocket before it reaches the server.
 * What is left is the job notices' 3-second poll, as behind a proxy that refuses both.
 */
export async function blockRealtimeSocket(page: Page): Promise<void> {
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
}

/**
 * Starts noting, in the page, the order in which the given texts first appear anywhere on it. A notice that is on
 * screen for less than Playwright's polling interval (a quick PDF's 'Generating PDF…' on an idle machine) is missed by
 * locator.waitFor; a MutationObserver sees every change. Returns a function that reads the texts seen so far.
 */
export async function noteTextsShown(page: Page, texts: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((wanted) => {
    const seen: string[] = [];
    (window as unknown as { __textsShown: string[] }).__textsShown = seen;
    const look = () => {
      const shown = document.body.innerText;
      for (const text of wanted) if (!seen.includes(text) && shown.includes(text)) seen.push(text);
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    look();
  }, texts);
  return () => page.evaluate(() => [...(window as unknown as { __textsShown: string[] }).__textsShown]);
}
