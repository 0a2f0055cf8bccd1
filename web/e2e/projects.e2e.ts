import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

const researchKeywords = async (page: Page) =>
  page.getByRole('table', { name: new RegExp(`Organic keywords of ${domain.replace('.', '\\.')}`) }).locator('tbody tr td.sw-table__sticky').allInnerTexts();

/** The panel table's keywords (first sticky column). */
const panelKeywords = async (page: Page, caption: RegExp) =>
  (await page.getByRole('table', { name: caption }).locator('tbody tr td.sw-table__sticky').allInnerTexts()).map((text) => text.trim()).sort();

async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  expect(last).toEqual(expected);
}

describe('the projects side panel in the browser', () => {
  it('a full user adds keywords from a research table, undoes, groups them, exports the group and deletes it', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);

    // The panel route rides in the query; names are matched lowercase and trimmed.
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}&msf=%20Create-Project%20`);
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    const nav = panel.getByRole('navigation', { name: 'Projects navigation' });
    await panel.getByRole('form', { name: 'Create project' }).waitFor();
    await panel.getByLabel('Project name').fill('Launch');
    await panel.getByLabel('Primary domain').fill(domain);
    await panel.getByRole('form', { name: 'Create project' }).getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list' && Boolean(url.searchParams.get('projectId')));
    await panel.getByText('No keywords here yet. Add keywords from any research table.').waitFor();
    await expect(page.getByRole('button', { name: 'Project: Launch' }).count()).resolves.toBe(1);

    // Closing the panel drops msf from the query.
    await panel.getByRole('button', { name: 'Close projects panel' }).click();
    await page.waitForURL((url) => !url.searchParams.has('msf'));
    await eventually(async () => (await researchKeywords(page)).length > 2, true);
    const [first, second] = await researchKeywords(page);

    // Add one keyword: the confirmation has Undo; the panel opens at the project's keyword list.
    await page.getByLabel(`Select ${first}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Launch' }).filter({ has: page.getByRole('button', { name: 'Undo' }) });
    await added.waitFor();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');
    await eventually(() => panelKeywords(page, /Keywords of Launch/), [first!.trim()]);

    // Undo removes it again.
    await added.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: /^(Alright, you're the boss\. Undoing\.\.\.|Nevermind, undoing that last part\.)/ }).first().waitFor();
    await page.getByRole('status').filter({ hasText: 'Undone: 1 keyword removed.' }).waitFor();
    await panel.getByText('No keywords here yet. Add keywords from any research table.').waitFor();

    // Add two keywords.
    await panel.getByRole('button', { name: 'Close projects panel' }).click();
    await page.getByLabel(`Select ${second}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');
    await eventually(() => panelKeywords(page, /Keywords of Launch/), [first!.trim(), second!.trim()].sort());

    // The research rows now show both keywords as added.
    await panel.getByRole('button', { name: 'Close projects panel' }).click();
    await page.getByRole('button', { name: `Added: remove ${first!.trim()}` }).waitFor();
    await page.getByRole('button', { name: `Added: remove ${second!.trim()}` }).waitFor();
    await page.getByRole('button', { name: 'Project: Launch' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');

    // Create a group inline.
    await nav.getByRole('button', { name: 'Groups', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'groups');
    await panel.getByRole('button', { name: 'Create Group' }).click();
    await panel.getByPlaceholder('Enter Group Name...').fill('Priority');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'New group successfully added' }).waitFor();
    const groupRow = panel.getByRole('table', { name: 'Groups of the project' }).getByRole('row').filter({ hasText: 'Priority' });
    await expect(groupRow.locator('td').nth(2).innerText()).resolves.toBe('0');

    // Move both keywords into it from the keyword universe.
    await nav.getByRole('button', { name: 'Keyword Universe' }).click();
    await eventually(() => panelKeywords(page, /Keywords of Launch/), [first!.trim(), second!.trim()].sort());
    await panel.getByLabel('Select all rows on this page').check();
    await panel.getByLabel('Move to group').selectOption({ label: 'Priority' });
    await panel.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /2 keywords moved to group "Priority"/ }).waitFor();

    // Label them; the label lists them.
    await panel.getByLabel('Select all rows on this page').check();
    await panel.getByLabel('Label name').fill('Brand');
    await panel.getByRole('button', { name: 'Add label' }).click();
    await page.getByRole('status').filter({ hasText: /2 keywords added to label "Brand"/ }).waitFor();
    await nav.getByRole('button', { name: 'Labels' }).click();
    await panel.getByRole('table', { name: 'Labels of the project' }).getByRole('button', { name: 'Brand' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'label-details' && url.searchParams.get('labelName') === 'Brand');
    await eventually(() => panelKeywords(page, /Keywords of label Brand/), [first!.trim(), second!.trim()].sort());

    // The group lists them; its export is a CSV of its rows.
    await nav.getByRole('button', { name: 'Groups', exact: true }).click();
    await eventually(() => groupRow.locator('td').nth(2).innerText(), '2');
    await groupRow.getByRole('button', { name: 'Priority', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'group-details' && url.searchParams.get('groupName') === 'Priority');
    await eventually(() => panelKeywords(page, /Keywords of group Priority/), [first!.trim(), second!.trim()].sort());
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export group' }).click()]);
    expect(download.suggestedFilename()).toBe('Priority keywords.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(first!.trim());
    expect(csv).toContain(second!.trim());
    expect(csv.trim().split(/\r?\n/)).toHaveLength(3);

    // Browser back returns the panel to the groups list; delete the group through the confirmation.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'groups');
    await groupRow.getByLabel('Select Priority').check();
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await confirm.getByText('This action cannot be undone. This will permanently delete this group.').waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete this group' }).click();
    await panel.getByText('No groups yet. Create one to organise the keywords.').waitFor();

    // An unknown route shows the placeholder 404; back returns to it.
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}&msf=nowhere`);
    await panel.getByText('404').waitFor();
    await panel.getByRole('button', { name: 'Go to projects' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'projects');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'nowhere');
  });

  it('the pending import: NO_PROJECTS opens create-project and runs after it; NO_PROJECT_SELECTED shows the selector', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}`);
    await eventually(async () => (await researchKeywords(page)).length > 2, true);
    const [first, second] = (await researchKeywords(page)).map((text) => text.trim());

    // No projects yet: the panel opens create-project; creating one runs the pending import into it.
    await page.getByLabel(`Select ${first}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'create-project');
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    await panel.getByLabel('Project name').fill('Alpha');
    await panel.getByLabel('Primary domain').fill(domain);
    await panel.getByRole('form', { name: 'Create project' }).getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('status').filter({ hasText: 'Alpha' }).filter({ has: page.getByRole('button', { name: 'Undo' }) }).waitFor();
    await eventually(() => panelKeywords(page, /Keywords of Alpha/), [first]);

    // A second project: with two, adding while All Projects is active asks which (one project is never asked for).
    await panel.getByRole('navigation', { name: 'Projects navigation' }).getByRole('button', { name: 'Projects', exact: true }).click();
    await panel.getByRole('button', { name: 'Create project' }).click();
    await panel.getByLabel('Project name').fill('Beta');
    await panel.getByLabel('Primary domain').fill('beta.example');
    await panel.getByRole('form', { name: 'Create project' }).getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');

    // With All Projects active (from the selector's menu), adding asks which project: '(create new)' for a new name,
    // Submit on an existing one imports.
    await panel.getByRole('button', { name: /^Switch project/ }).click();
    await panel.getByRole('menu', { name: 'Recent projects' }).getByRole('menuitem', { name: 'All Projects', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'projects');
    await panel.getByRole('button', { name: 'Close projects panel' }).click();
    await page.getByRole('button', { name: 'Project: All Projects' }).waitFor();
    await page.getByLabel(`Select ${first}`).uncheck();
    await page.getByLabel(`Select ${second}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    const selector = page.getByRole('dialog', { name: 'Select a project' });
    const box = selector.getByRole('combobox', { name: 'Search projects' });
    await expect(box.getAttribute('placeholder')).resolves.toBe('Enter a project name');
    await box.fill('Gamma');
    await selector.getByRole('option', { name: 'Gamma (create new)' }).waitFor();
    await box.fill('alpha');
    await expect(selector.getByRole('option').allInnerTexts()).resolves.toEqual(['Alpha']);
    await selector.getByRole('option', { name: 'Alpha' }).click();
    await selector.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Alpha' }).filter({ has: page.getByRole('button', { name: 'Undo' }) }).first().waitFor();
    await page.waitForURL((url) => url.searchParams.get('msf') === 'keyword-list');
    await eventually(() => panelKeywords(page, /Keywords of Alpha/), [first, second].sort());
    await page.getByRole('button', { name: 'Project: Alpha' }).waitFor();
  });

  it('a logged-in user adds a URL from top pages: the button turns into View, which opens link-details', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/seo/top-pages?query=${encodeURIComponent(domain)}`);
    const add = page.getByRole('button', { name: /^Add .* to projects$/ }).first();
    await add.waitFor();
    const url = (await add.getAttribute('aria-label'))!.replace(/^Add /, '').replace(/ to projects$/, '');
    await add.click();
    await page.getByRole('button', { name: 'View' }).first().click();
    await page.waitForURL((address) => address.searchParams.get('msf') === 'link-details' && Boolean(address.searchParams.get('urlId')));
    const details = page.getByRole('dialog', { name: 'Projects panel' }).getByRole('region', { name: 'Link details' });
    await details.getByRole('heading', { level: 3 }).waitFor();
    expect(await details.getByRole('heading', { level: 3 }).innerText()).toContain(url.replace(/^https?:\/\//, '').replace(/\/$/, ''));
  });

  it('a free user sees the upsell in the panel and the sign-up overlay on Add to project', async () => {
    const user = await createTestUser(stack.database, { roles: ['free'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/seo/keywords/domain?query=${encodeURIComponent(domain)}&msf=projects`);
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    await panel.getByRole('heading', { name: 'Unlimited Projects - Unlimited Insight' }).waitFor();
    await panel.getByText('Unlimited access only $33 - money back guarantee.').waitFor();
    await expect(panel.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).resolves.toBe('/mainpurchase/?page=default');
    await expect(panel.getByRole('table').count()).resolves.toBe(0);

    // The backdrop closes the panel; adding a keyword offers the upgrade instead.
    await page.getByTestId('msf-backdrop').click({ position: { x: 20, y: 400 } });
    await page.waitForURL((url) => !url.searchParams.has('msf'));
    await eventually(async () => (await researchKeywords(page)).length > 0, true);
    const [first] = await researchKeywords(page);
    await page.getByLabel(`Select ${first}`).check();
    await page.getByRole('button', { name: 'Add to project' }).click();
    await page.getByRole('dialog', { name: 'Save keywords to a project' }).getByRole('link', { name: 'Upgrade Now' }).waitFor();
  });
});
