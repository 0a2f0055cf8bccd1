import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import { measureTables, tableProblems } from '../../infra/test/table-fit.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Tables fit (issue 24 point 2): at 1280, 1440 and 1920 px every research table, the overview cards' mini-tables and
 * the scheduled reports list either fit their frame or scroll inside it, the page itself never scrolls sideways, and
 * the columns that matter (keyword, URL, ad copy, actions) are never the ones cut.
 */
jest.setTimeout(600_000);

/** Each screen at each width, for a person to look at (the checks below only measure). */
const artifacts = '.data/e2e-screenshots';

let browser: Browser;
let stack: TestStack;
let user: TestUser;
let domain: string;
let keyword: string;
let url: string;
let projectId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, stack] = await startBrowserAndStack({}, { tinyMarket: true });
  const [busy] = await stack.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id
     where dm.territory = 'US' and dm.month = (select max(month) from domain_month) order by dm.organic_keywords desc, d.name limit 1`,
  );
  domain = busy!.name;
  // Ads as long as the demo market's longest (53-character headlines, 55-character addresses): the tiny market's short
  // ads fitted while the demo's pushed the ad column past the frame at 1440 px.
  await stack.database.query(
    `update ad_copy set headline = left(headline || ' | Free Delivery on Every Order, Shop Today', 53),
       display_url = left(display_url || '/category/kitchen-appliances/air-fryers-and-more', 55)
     where domain_id = (select id from domain where name = $1)`,
    [domain],
  );
  user = await createTestUser(stack.database, { roles: ['full'] });
  // A project with tracked keywords and an outreach website, for the side panel's tables.
  const api = await loggedInSession(stack.baseUrl, user);
  const created = await api.getWithToken(`/NsaApi/MySerpwise/Projects/CreateProject?projectName=Fit&primaryDomainName=${domain}`);
  expect(created.status).toBe(200);
  projectId = ((await created.json()) as { id: string }).id;
  const keywords = await stack.database.query<{ keyword: string }>(`select distinct term as keyword, length(term) from keyword order by length(term) desc, term limit 12`);
  expect((await api.post('/NsaApi/MySerpwise/Keywords/KeywordActions/Import', { projectId, termCsv: keywords.map((row) => row.keyword).join(',') })).status).toBe(200);
  expect((await api.post('/NsaApi/MySerpwise/import/OutreachImport', { projectId, rows: [{ url: 'https://a-rather-long-guest-posting-site-name.example/write-for-us/guidelines', contactName: 'Dana Editor' }] })).status).toBe(200);
}, setUpTimeoutMs);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.stop();
}, setUpTimeoutMs);

const widths = process.env.FIT_WIDTHS ? process.env.FIT_WIDTHS.split(',').map(Number) : [1280, 1440, 1920];

function screens(): [string, string][] {
  const q = encodeURIComponent(domain);
  const k = encodeURIComponent(keyword);
  return [
    ['domain overview', `/overview?query=${q}&countryCode=US`],
    ['url overview', `/overview/url?query=${encodeURIComponent(url)}&countryCode=US`],
    ['seo keywords', `/seo/keywords/domain?query=${q}&countryCode=US`],
    ['seo competitors', `/seo/competitors/domain?query=${q}&countryCode=US`],
    ['seo kombat', `/seo/kombat/domain?query=${q}&countryCode=US`],
    ['seo ranking history', `/seo/ranking-history/domain?query=${q}&countryCode=US`],
    ['seo top pages', `/seo/top-pages/domain?query=${q}&countryCode=US`],
    ['seo backlinks', `/seo/backlinks/domain?query=${q}&countryCode=US`],
    ['ppc overview', `/ppc/overview/domain?query=${q}&countryCode=US`],
    ['ppc keywords', `/ppc/keywords/domain?query=${q}&countryCode=US`],
    ['ppc competitors', `/ppc/competitors/domain?query=${q}&countryCode=US`],
    ['ppc ad history', `/ppc/ad-history/domain?query=${q}&countryCode=US`],
    ['ppc advisor', `/ppc/adwords-advisor/domain?query=${q}&countryCode=US`],
    ['keyword overview', `/keyword/overview?query=${k}&countryCode=US`],
    ['related keywords', `/keyword/related-keywords?query=${k}&countryCode=US`],
    ['keyword ad history', `/keyword/ad-history?query=${k}&countryCode=US`],
    ['keyword ranking history', `/keyword/ranking-history?query=${k}&countryCode=US`],
    ['serp analysis', `/keyword/serp-analysis?query=${k}&countryCode=US`],
    ['keyword backlinks', `/keyword/backlinks?query=${k}&countryCode=US`],
    ['keyword advisor', `/keyword/adwords-advisor?query=${k}&countryCode=US`],
    ['link leads', `/outreach/leads?query=${q}&countryCode=US`],
    ['domain top lists', `/outreach/domain-top-lists?countryCode=US`],
    ['keyword top lists', `/outreach/keyword-top-lists?countryCode=US`],
    ['scheduled reports', `/account/scheduled-pdf-reports`],
    ['panel keywords', `/hq?msf=keyword-list&projectId=${projectId}`],
    ['panel websites', `/hq?msf=websites`],
  ];
}

/** A weekly report for a client with a long title and several recipients: the scheduled reports list has a row. */
async function scheduleReport(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/exports/new?table=seo/keywords&domain=${domain}&countryCode=US`);
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'PDF report' }).click();
  await page.getByRole('dialog', { name: `PDF report for ${domain}` }).waitFor();
  await page.getByLabel('Custom title').fill('Monthly organic visibility report for the marketing team');
  await page.getByRole('radio', { name: 'Schedule' }).check();
  await page.getByLabel('Frequency').selectOption('WEEKLY');
  await page.getByLabel('Other recipients').fill('client.marketing.lead@acme-corporation.test, seo.manager@acme-corporation.test');
  await page.getByRole('button', { name: 'Schedule report' }).click();
  await page.getByText('Your report has been scheduled.').waitFor();
}

/** Waits until the browser has laid the page out at its current size (two animation frames: a resize's layout and paint). */
const laidOut = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('tables fit at 1280, 1440 and 1920 px', () => {
  it('every research table fits or scrolls in its own frame, and never cuts the columns that matter', async () => {
    const problems: string[] = [];
    // Each screen is loaded once, at the narrowest width, then widened as a user widens the window: the layout at each
    // width is the same as a fresh load at it (CSS and the resize observers follow the window), for a third of the loads.
    const [narrowest, ...wider] = [...widths].sort((a, b) => a - b);
    const context = await browser.newContext({ viewport: { width: narrowest!, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await scheduleReport(page);
    // The domain's top keyword and its ranking page, as the API gives them to this user.
    const answer = (await page.evaluate(async (path) => (await fetch(path, { headers: { accept: 'application/json' } })).json(), `/rest/research/seo/keywords?domain=${domain}&countryCode=US`)) as {
      rows: { keyword: string; url: string }[];
    };
    keyword = answer.rows[0]!.keyword;
    url = answer.rows[0]!.url.startsWith('http') ? answer.rows[0]!.url : `https://${answer.rows[0]!.url}`;
    for (const [name, path] of screens().filter(([name]) => !process.env.FIT_ONLY || new RegExp(process.env.FIT_ONLY).test(name))) {
      await page.setViewportSize({ width: narrowest!, height: 900 });
      await page.goto(`${stack.baseUrl}${path}`);
      // A screen with a table shows its rows before it is measured; one without waits for nothing.
      if ((await page.locator('table').count()) > 0) await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle');
      for (const width of [narrowest!, ...wider]) {
        if (width !== narrowest) await page.setViewportSize({ width, height: 900 });
        await laidOut(page);
        await page.screenshot({ path: `${artifacts}/table-fit-${name.replaceAll(' ', '-')}-${width}.png` });
        problems.push(...tableProblems(`${width} ${name}`, await measureTables(page)));
      }
    }
    expect(problems).toEqual([]);
  });
});
