import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { solidPng } from '../../infra/test/images.js';
import { pdfText } from '../../infra/test/pdf-text.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

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

async function loggedIn(user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
  return page;
}

describe('/account/reportdesign in the browser', () => {
  it('lets a full recon user brand their reports: name, colours and logo end up in the PDF', async () => {
    const user = await createTestUser(stack.database, { roles: ['recon_full'] });
    const page = await loggedIn(user);
    await page.goto(`${stack.baseUrl}/account/reportdesign`);
    await page.getByRole('link', { name: 'Report Design' }).waitFor();
    await page.getByTestId('no-report-brands').waitFor();
    await page.getByRole('button', { name: 'New brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    await dialog.getByLabel('Brand name').fill('Northwind');
    await dialog.getByLabel('Company name').fill('Northwind Search');
    await dialog.getByLabel('Main colour', { exact: true }).fill('#7c2d12');
    await dialog.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(180, 60, { rgb: [15, 118, 110] }) });
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    const brand = page.getByRole('listitem', { name: 'Northwind' });
    await brand.getByText('Default').waitFor();
    const logo = brand.getByAltText('Northwind logo');
    await expect(logo.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).resolves.toBe(180);

    // The brand survives a reload.
    await page.reload();
    await brand.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit brand “Northwind”' }).getByLabel('Company name').inputValue()).resolves.toBe('Northwind Search');

    // A white-labelled report of this account carries it (same browser session).
    const [subject] = await stack.database.query<{ name: string }>(`select d.name from domain d join domain_month m on m.domain_id = d.id where m.territory = 'US' order by m.organic_keywords desc, d.name limit 1`);
    const response = await page.request.get(`${stack.baseUrl}/rest/reports/preview?domain=${subject!.name}&countryCode=US&template=Executive&design=Arc&whiteLabel=true`);
    expect(response.status()).toBe(200);
    const text = await pdfText(Buffer.from(await response.body()));
    expect(text).toContain('Northwind Search');
    expect(text).not.toMatch(/serpwise/i);
  });

  it('shows a full user without the recon plan the upsell', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await loggedIn(user);
    await page.goto(`${stack.baseUrl}/account/reportdesign`);
    await page.getByTestId('white-label-upsell').getByText('White-labelled reports are part of the full recon plan.').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
    expect(await page.getByRole('button', { name: 'New brand' }).count()).toBe(0);
  });
});
