import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

let browser: Browser;
let stack: TestStack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, setUpTimeoutMs);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

const searchField = () => page.getByRole('combobox', { name: 'Domain, URL, or keyword' });

describe('the landing search in the browser', () => {
  it('opens the home page with a remembered variant written back into the address', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { name: 'Our marketing revenue engine boosts SEO & PPC profits' }).waitFor();
    await page.waitForURL(/\/\?alt=([1-9]|10)$/);
    const alt = new URL(page.url()).searchParams.get('alt');
    // The next visit without ?alt gets the same variant back.
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForURL(new RegExp(`\\?alt=${alt}$`));
    expect(await searchField().getAttribute('placeholder')).toBe('Enter a domain, URL, or keyword');
  });

  it('suggests a domain as you type, and picking it lands on the domain overview', async () => {
    await page.goto(`${stack.baseUrl}/?alt=2`);
    await searchField().pressSequentially('shopsph', { delay: 40 });
    const suggestion = page.getByRole('option', { name: /shopsphere\.example/ });
    await suggestion.waitFor();
    expect(await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count()).toBeLessThanOrEqual(5);
    await suggestion.click();
    await page.waitForURL(/\/overview\/domain\?query=shopsphere\.example$/);
    // Taken as a domain: the page offers the keyword instead.
    await page.getByText('Did you mean the keyword').waitFor();
  });

  it('submits a keyword with Enter and lands on the keyword overview', async () => {
    await page.goto(`${stack.baseUrl}/?alt=2`);
    await searchField().fill('  running shoes ');
    await searchField().press('Enter');
    await page.waitForURL(/\/keyword\/overview\?query=running\+shoes$/);
  });

  it('sends a malformed query to the typo page', async () => {
    await page.goto(`${stack.baseUrl}/?alt=2`);
    await searchField().fill('www..shopsphere.example');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/typo\?query=/);
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await page.getByText('Sorry, partner. It looks like you mis-typed the url in your search.').waitFor();
  });

  it('answers an unknown path with a 404 status and the 404 page, and follows the permanent backlinks redirect', async () => {
    const missing = await page.goto(`${stack.baseUrl}/this-page-does-not-exist`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Error 404' }).waitFor();

    const moved = await page.goto(`${stack.baseUrl}/backlinks/domain?query=shopsphere.example`);
    expect(moved?.request().redirectedFrom()?.url()).toBe(`${stack.baseUrl}/backlinks/domain?query=shopsphere.example`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/seo/backlinks?query=shopsphere.example');
  });
});
