import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/** Issue 24 points 4 and 8: a new user's first hour, from onboarding to a renamed project. */

jest.setTimeout(240_000);

let browser: Browser;
let stack: TestStack;
let domain: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  const [row] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id
     where dm.territory = 'US' and dm.month = (select max(month) from domain_month) order by dm.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
}, setUpTimeoutMs);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

describe('a new user’s first hour', () => {
  it('onboarding lands on the overview with the welcome; one project is not asked for; a rename in the edit panel lasts after a reload', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'], shouldShowOnboarding: true });
    // A British browser: onboarding proposes the United Kingdom.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.waitForURL((url) => url.pathname === '/onboarding');

    // Onboarding is a page of the product: its header bar and footer, no navigation away.
    await page.getByRole('heading', { level: 1, name: 'Welcome to Serpwise' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    await expect(page.getByRole('banner').getByRole('navigation').count()).resolves.toBe(0);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your website').fill(`https://www.${domain}/`);
    await page.getByLabel('Project name').fill('Launch');
    await expect(page.getByLabel('Country you target').inputValue()).resolves.toBe('UK');
    await page.getByLabel('Country you target').selectOption('US');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('checkbox', { name: 'SEO: organic search' }).check();
    await page.getByRole('checkbox', { name: 'Competitive intelligence' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();

    // The overview of the domain just entered, with a welcome that says the project was created.
    await page.waitForURL((url) => url.pathname === '/overview/domain' && url.searchParams.get('query') === domain);
    await page.getByRole('heading', { level: 1, name: domain }).waitFor();
    await page.getByRole('status').filter({ hasText: `Welcome to Serpwise, Ada! Your project "Launch" for ${domain} was created.` }).waitFor();

    // One project: adding a keyword goes into it without asking which.
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}`);
    const keyword = page.getByRole('table', { name: new RegExp(`Organic keywords of ${domain.replace('.', '\\.')}`) }).locator('tbody tr td.sw-table__sticky').first();
    await keyword.waitFor();
    const term = (await keyword.innerText()).trim();
    await page.getByLabel(`Select ${term}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    await page.getByRole('status').filter({ hasText: 'Launch' }).filter({ has: page.getByRole('button', { name: 'Undo' }) }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');
    await expect(page.getByRole('dialog', { name: 'Select a project' }).count()).resolves.toBe(0);
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    await panel.getByRole('table', { name: /Keywords of Launch/ }).getByRole('button', { name: term }).waitFor();

    // The keyword opens its details.
    await panel.getByRole('table', { name: /Keywords of Launch/ }).getByRole('button', { name: term }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-details' && Boolean(url.searchParams.get('termId')));
    await panel.getByRole('region', { name: `Keyword ${term}` }).getByText(/^Change since /).first().waitFor();

    // Rename it in the edit panel; the name lasts after a reload.
    await panel.getByRole('navigation', { name: 'Projects navigation' }).getByRole('button', { name: 'Projects', exact: true }).click();
    await panel.getByRole('button', { name: 'Edit Launch' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'edit-project');
    const form = panel.getByRole('form', { name: 'Edit project' });
    await form.getByLabel('Project name').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a project name.').waitFor();
    await form.getByLabel('Project name').fill('Launch UK');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Project "Launch UK" saved.' }).waitFor();
    await page.reload();
    await expect(panel.getByRole('form', { name: 'Edit project' }).getByLabel('Project name').inputValue()).resolves.toBe('Launch UK');
    await page.getByRole('button', { name: 'Project: Launch UK', exact: true }).waitFor();
    const [saved] = await stack.database.query<{ name: string }>('select name from project where owner_user_id = $1', [user.id]);
    expect(saved).toEqual({ name: 'Launch UK' });
  });
});
