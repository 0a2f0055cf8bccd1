import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import type { TestStack } from '../../infra/test/stack.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser } from '../../infra/test/test-users.js';

/**
 * A report's shared web view in Chromium (issue 22 point 5): the owner downloads a report, makes a share link from
 * the job center, a logged-out browser opens it and reads the report's figures (the PDF's) with no cookie set; once
 * the owner revokes the link, the same address shows the revoked page.
 */
jest.setTimeout(180_000);

let browser: Browser;
let stack: TestStack;
let owner: BrowserContext;
let page: Page;
let visitor: BrowserContext | null = null;
let domain: string;

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  const [busy] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' order by dm.organic_keywords desc limit 1`,
  );
  domain = busy!.name;
  const user = await createTestUser(stack.database, { roles: ['full'] });
  owner = await browser.newContext();
  page = await owner.newPage();
  await logInThroughPage(page, stack.baseUrl, user);
}, setUpTimeoutMs);
afterEach(async () => {
  await visitor?.close();
  visitor = null;
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

describe('a shared report link', () => {
  it('opens the report in a logged-out browser, and shows the revoked page once revoked', async () => {
    // The owner makes a report (Download) from a table's Export menu.
    await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'PDF report' }).click();
    await page.getByRole('dialog', { name: `PDF report for ${domain}` }).waitFor();
    await page.getByLabel('Template').selectOption('Executive');
    await page.getByLabel('Custom title').fill('Client Web Report');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const open = page.getByRole('link', { name: /Open PDF in New Tab/ });
    await open.waitFor({ timeout: 60_000 });
    const pdf = await page.request.get(`${stack.baseUrl}${await open.getAttribute('href')}`);
    const pdfWords = squeezeSpaces(await pdfText(Buffer.from(await pdf.body())));

    // In the job center: Share link → 90 days → Create link; the link is shown with Copy.
    await page.goto(`${stack.baseUrl}/exports`);
    const row = page.getByTestId('job-row').filter({ hasText: 'Client Web Report' }).and(page.locator('[data-state="completed"]'));
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('share-link-button').click();
    const dialog = page.getByRole('dialog', { name: 'Share "Client Web Report"' });
    await dialog.waitFor();
    await dialog.getByTestId('share-link-days').selectOption('90');
    await dialog.getByTestId('share-link-create').click();
    const url = await dialog.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^${stack.env.PUBLIC_URL!}/rest/reports/shared/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const listed = dialog.getByTestId('share-link').first();
    await expect(listed.textContent()).resolves.toMatch(/Active/);

    // A logged-out browser opens it: the report's title, sections and figures, the PDF's link, and no cookie.
    visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const answer = await reader.goto(url.replace(stack.env.PUBLIC_URL!, stack.baseUrl));
    expect(answer!.status()).toBe(200);
    expect(answer!.headers()['x-robots-tag']).toContain('noindex');
    await reader.getByRole('heading', { level: 1, name: 'Client Web Report' }).waitFor();
    const figures = await reader.locator('.rv-tile-value, td.rv-num').allTextContents();
    expect(figures.length).toBeGreaterThan(5);
    expect(figures.filter((figure) => figure !== '—' && !pdfWords.includes(figure))).toEqual([]);
    await reader.getByRole('link', { name: 'Download PDF' }).waitFor();
    expect(await visitor.cookies()).toEqual([]);

    // The owner revokes it; the same address now says so.
    await listed.getByRole('button', { name: 'Revoke' }).click();
    await dialog.locator('[data-testid="share-link"][data-state="revoked"]').waitFor();
    const again = await reader.reload();
    expect(again!.status()).toBe(410);
    await reader.getByRole('heading', { name: 'This report link has been revoked' }).waitFor();
    expect(await reader.getByText('Client Web Report').count()).toBe(0);
    expect(await visitor.cookies()).toEqual([]);
  });
});
