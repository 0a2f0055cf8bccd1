import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { accountMessages } from '@serpwise/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

let browser: Browser;
let stack: TestStack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({ SESSION_LIMIT_PER_USER: '1' });
}, setUpTimeoutMs);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

/** A fresh browser profile (its own cookies), as a second device would be. */
async function newDevice(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${stack.baseUrl}/auth/login`);
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('accounts in the browser', () => {
  it('signs up, shows the validation messages after blur, logs out and back in', async () => {
    const page = await newDevice();
    await page.goto(`${stack.baseUrl}/freeaccount`);
    await expect(page.getByRole('heading', { name: 'Sign up for a free account to continue' }).isVisible()).resolves.toBe(true);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').focus();
    await page.getByText(accountMessages.invalidEmail).waitFor();
    await page.getByLabel('Password').fill('123');
    await page.getByLabel('Email').focus();
    await page.getByText(accountMessages.passwordTooShort).waitFor();
    await page.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.getByText(accountMessages.formInvalid).waitFor();

    await page.getByLabel('Email').fill('browser.user@example.com');
    await page.getByLabel('Password').fill('browser-password');
    await page.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL(/\/onboarding$/);
    // The home page is a marketing page, so the onboarding guard lets the new user see it with the account menu.
    await page.goto(`${stack.baseUrl}/`);

    await page.getByRole('button', { name: 'browser.user@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await logIn(page, 'browser.user@example.com', 'wrong-password');
    await page.getByText(accountMessages.loginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.getByLabel('Password').fill('browser-password');
    await page.getByRole('button', { name: 'Login' }).click();
    // Onboarding is not done yet, so the login lands there again.
    await page.waitForURL(/\/onboarding$/);
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('button', { name: 'browser.user@example.com' }).waitFor();
  });

  it('refuses a second account for the same address with the documented message', async () => {
    const page = await newDevice();
    await page.goto(`${stack.baseUrl}/freeaccount`);
    await page.getByLabel('Email').fill('Browser.User@example.com');
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.getByText(accountMessages.duplicateEmail).waitFor();
  });

  it('sends a login over the session limit to /add-users, where the other session can be ended', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const laptop = await newDevice();
    await logIn(laptop, user.email, user.password);
    await laptop.getByRole('button', { name: user.email }).waitFor();

    const phone = await newDevice();
    await logIn(phone, user.email, user.password);
    await phone.waitForURL(/\/add-users$/);
    await phone.getByText('Your account is logged in on too many devices.').waitFor();
    await phone.getByTestId('session-row').nth(1).waitFor();
    await expect(phone.getByTestId('session-row').count()).resolves.toBe(2);

    await phone.getByRole('button', { name: 'Log out' }).click();
    await phone.getByText('Your account is logged in on too many devices.').waitFor({ state: 'detached' });
    await phone.getByTestId('session-row').nth(1).waitFor({ state: 'detached' });
    await expect(phone.getByTestId('session-row').count()).resolves.toBe(1);

    // The ended session learns it on its next poll and reloads its state: the laptop is a visitor again.
    await laptop.reload();
    await laptop.getByRole('link', { name: 'Log in' }).waitFor();
  });

  it('sends a visitor from a login-only page to the login page and back after logging in', async () => {
    const user = await createTestUser(stack.database);
    const page = await newDevice();
    await page.goto(`${stack.baseUrl}/add-users`);
    await page.waitForURL(/\/auth\/login\?returnUrl=%2Fadd-users$/);
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/add-users$/);
    await page.getByRole('heading', { name: 'Add users' }).waitFor();
  });
});
