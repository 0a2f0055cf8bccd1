import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { logInThroughPage, startBrowserAndStack } from '../../infra/test/browser.js';
import type { TestStack } from '../../infra/test/stack.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(240_000);

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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** Waits for a successful answer of one documented call (the click that sends it runs inside). */
async function saved(page: Page, call: string, act: () => Promise<void>): Promise<void> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(call));
  await act();
  expect((await answer).status()).toBe(200);
}

const texts = async (locator: Locator) => (await locator.allInnerTexts()).map((text) => text.trim());
const checkedStar = (region: Locator, label: string) => region.getByRole('radiogroup', { name: label }).locator('[aria-checked="true"]').getAttribute('aria-label');

const url = 'https://guestposts.example/write-for-us';
/** The link's name is its address, as the server keeps it. */
const urlName = url;
const note = 'Pitched a guest post about link building.';

describe('outreach in the projects side panel', () => {
  it('a full user rates and tags a website, works a link (notes, tasks, contact events, history) and finds it all after a reload', async () => {
    const user = await createTestUser(stack.database, { roles: ['full'] });
    // The outreach data arrives through the documented import call (import/OutreachImport), as a CSV import would.
    const api = await loggedInSession(stack.baseUrl, user);
    const imported = await api.post('/NsaApi/MySerpwise/import/OutreachImport', {
      rows: [{ url, contactName: 'Dana Editor', contactEmail: 'dana@guestposts.example', contactRole: 'Editor' }],
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ websitesAdded: 1, linksAdded: 1, contactsAdded: 1 });
    const created = await api.getWithToken('/NsaApi/MySerpwise/Projects/CreateProject?projectName=Launch&primaryDomainName=launch.example');
    expect(created.status).toBe(200);

    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    // A full user's home is /hq ('/' sends them there without the query).
    await page.goto(`${stack.baseUrl}/hq?msf=websites`);
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    const nav = panel.getByRole('navigation', { name: 'Projects navigation' });

    // Websites → the website's details.
    await panel.getByRole('table', { name: 'Websites' }).getByRole('button', { name: 'guestposts.example', exact: true }).click();
    await page.waitForURL((address) => address.searchParams.get('msf') === 'website-details' && Boolean(address.searchParams.get('domainId')));
    const website = panel.getByRole('region', { name: 'Website details' });
    await website.getByRole('heading', { name: 'guestposts.example' }).waitFor();
    await expect(website.getByRole('radiogroup', { name: 'Rating of this website' }).getByRole('radio').count()).resolves.toBe(3);

    // A rating (Ratings/UpdateDomain) and a relationship (Relationships/UpdateDomain).
    await saved(page, 'Ratings/UpdateDomain', () => website.getByRole('radio', { name: '2 of 3 stars' }).click());
    await eventually(() => checkedStar(website, 'Rating of this website'), '2 of 3 stars');
    await saved(page, 'Relationships/UpdateDomain', () => website.getByLabel('Relationship').selectOption({ label: 'Contacted' }).then(() => undefined));

    // A tag, trimmed (Tags/UpdateTags); the same tag in other letters is refused and the existing one flashes.
    const tagBox = website.getByLabel('Tags');
    const tags = website.getByRole('list', { name: 'Added' }).getByRole('listitem');
    await tagBox.fill('  Guest post  ');
    await saved(page, 'Tags/UpdateTags', () => tagBox.press('Enter'));
    await eventually(() => texts(tags), ['Guest post']);
    let tagCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('Tags/UpdateTags')) tagCalls += 1;
    });
    await tagBox.fill('guest POST');
    await tagBox.press('Enter');
    await expect(tags.first().getAttribute('data-flash')).resolves.toBe('true');
    await eventually(() => tags.first().getAttribute('data-flash'), null, 3_000);
    expect(await texts(tags)).toEqual(['Guest post']);
    expect(tagCalls).toBe(0);

    // Its contacts and links are listed; the link opens link-details.
    await website.getByRole('table', { name: 'Contacts of the website' }).getByRole('button', { name: 'Dana Editor' }).waitFor();
    await website.getByRole('table', { name: 'Links of the website' }).getByRole('button', { name: urlName }).click();
    await page.waitForURL((address) => address.searchParams.get('msf') === 'link-details' && Boolean(address.searchParams.get('urlId')) && Boolean(address.searchParams.get('domainId')));
    const link = panel.getByRole('region', { name: 'Link details' });
    await link.getByRole('heading', { name: urlName }).waitFor();

    // A note, with the 1770-character counter.
    await link.getByLabel('New note').fill(note);
    await link.getByText(`${note.length}/1770`).waitFor();
    await saved(page, 'LinkNotes/AddLinkNote', () => link.getByRole('button', { name: 'Add note' }).click());
    await link.getByRole('list', { name: 'Notes of the link' }).getByText(note).waitFor();

    // A task, then marked done.
    await link.getByRole('tab', { name: /^Tasks/ }).click();
    await link.getByLabel('Task title').fill('Send the draft');
    await link.getByLabel('Due date').fill('2026-12-01');
    await saved(page, 'LinkTasks/AddLinkTask', () => link.getByRole('button', { name: 'Add task' }).click());
    const done = link.getByRole('checkbox', { name: 'Done: Send the draft' });
    await expect(done.isChecked()).resolves.toBe(false);
    await saved(page, 'LinkTasks/UpdateLinkTask', () => done.check());
    await eventually(() => done.isChecked(), true);

    // A contact event with the website's contact.
    await link.getByRole('tab', { name: 'Contact events' }).click();
    await link.getByLabel('Event type').selectOption({ label: 'Phone' });
    await link.getByLabel('Event date').fill('2026-11-20');
    await link.getByLabel('Contact', { exact: true }).selectOption({ label: 'Dana Editor' });
    await link.getByLabel('Event notes').fill('Called about the draft.');
    await saved(page, 'LinkContactEvents/AddLinkContactEvent', () => link.getByRole('button', { name: 'Add contact event' }).click());
    const eventRow = link.getByRole('table', { name: 'Contact events of the link' }).getByRole('row').filter({ hasText: 'Called about the draft.' });
    await eventually(() => texts(eventRow.locator('td')), ['Nov 20, 2026', 'Phone', 'Dana Editor · dana@guestposts.example', 'Called about the draft.', '']);
    expect(await eventRow.getByRole('button', { name: /^Delete/ }).isVisible()).toBe(true);

    // The history has all of it.
    await link.getByRole('tab', { name: 'History' }).click();
    const historyActions = () => texts(link.getByRole('table', { name: 'History of the link' }).locator('tbody tr td:nth-child(2)'));
    await eventually(async () => (await historyActions()).slice(0, 4), ['Contact event added', 'Task completed', 'Task added', 'Note added']);

    // The note is deleted through Delete / Keep: Keep leaves it, Delete removes it.
    await link.getByRole('tab', { name: /^Notes/ }).click();
    await link.getByRole('button', { name: 'Delete note' }).click();
    await link.getByRole('button', { name: 'Keep' }).click();
    await link.getByText(note).waitFor();
    await link.getByRole('button', { name: 'Delete note' }).click();
    await saved(page, 'LinkNotes/DeleteLinkNote', () => link.getByRole('button', { name: 'Delete', exact: true }).click());
    await link.getByText('No notes yet.').waitFor();

    // After a reload the panel opens at the same link, and everything was kept.
    await page.reload();
    await link.getByRole('heading', { name: urlName }).waitFor();
    await link.getByText('No notes yet.').waitFor();
    await link.getByRole('tab', { name: /^Tasks/ }).click();
    await eventually(() => link.getByRole('checkbox', { name: 'Done: Send the draft' }).isChecked(), true);
    await link.getByRole('tab', { name: 'Contact events' }).click();
    await link.getByRole('table', { name: 'Contact events of the link' }).getByText('Called about the draft.').waitFor();
    await link.getByRole('tab', { name: 'History' }).click();
    await eventually(async () => (await historyActions()).slice(0, 5), ['Note deleted', 'Contact event added', 'Task completed', 'Task added', 'Note added']);
    await link.getByRole('button', { name: 'guestposts.example', exact: true }).click();
    await website.getByRole('heading', { name: 'guestposts.example' }).waitFor();
    await eventually(() => checkedStar(website, 'Rating of this website'), '2 of 3 stars');
    await expect(website.getByLabel('Relationship').inputValue()).resolves.toBe('contacted');
    await eventually(() => texts(tags), ['Guest post']);

    // The contact's details list the event with its link.
    await nav.getByRole('button', { name: 'Contacts' }).click();
    await panel.getByRole('table', { name: 'Contacts' }).getByRole('button', { name: 'Dana Editor' }).click();
    await page.waitForURL((address) => address.searchParams.get('msf') === 'contacts-details' && Boolean(address.searchParams.get('contactId')));
    const contact = panel.getByRole('region', { name: 'Contact details' });
    await contact.getByRole('table', { name: 'Contact events of the contact' }).getByRole('button', { name: urlName }).waitFor();

    // The website moves into a project (ProjectActions/MoveDomainToProject) and its links go with it.
    await contact.getByRole('button', { name: 'guestposts.example', exact: true }).click();
    await website.getByText(/^In All Projects/).waitFor();
    await website.getByLabel('Move to project').selectOption({ label: 'Launch' });
    await saved(page, 'ProjectActions/MoveDomainToProject', () => website.getByRole('button', { name: 'Move', exact: true }).click());
    await website.getByText(/^In Launch/).waitFor();

    // Another full user cannot open this website or link by their ids.
    const domainId = new URL(page.url()).searchParams.get('domainId')!;
    await website.getByRole('table', { name: 'Links of the website' }).getByRole('button', { name: urlName }).click();
    await page.waitForURL((address) => address.searchParams.get('msf') === 'link-details');
    const urlId = new URL(page.url()).searchParams.get('urlId')!;
    const stranger = await newPage();
    await logInThroughPage(stranger, stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
    await stranger.goto(`${stack.baseUrl}/hq?msf=link-details&urlId=${urlId}`);
    await stranger.getByRole('dialog', { name: 'Projects panel' }).getByRole('alert').filter({ hasText: 'Link not found.' }).waitFor();
    await stranger.goto(`${stack.baseUrl}/hq?msf=website-details&domainId=${domainId}`);
    await stranger.getByRole('dialog', { name: 'Projects panel' }).getByRole('alert').filter({ hasText: 'Website not found.' }).waitFor();

    // Deleting the link asks 'Are you absolutely sure?' and returns to the links list.
    await page.goBack();
    await website.getByRole('table', { name: 'Links of the website' }).getByRole('button', { name: urlName }).click();
    await link.getByRole('button', { name: 'Delete link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await saved(page, 'Link/DeleteLink', () => confirm.getByRole('button', { name: 'Delete link' }).click());
    await page.waitForURL((address) => address.searchParams.get('msf') === 'links');
    await panel.getByText('No links yet.').waitFor();
  });

  it('a full user adds backlinks and link leads to outreach from research, works the websites as a pipeline and adds a contact by hand', async () => {
    const [busiest] = await stack.database.query<{ name: string }>(
      `select d.name from backlink b join domain d on d.id = b.target_domain_id group by d.name order by count(*) desc, d.name limit 1`,
    );
    const domain = busiest!.name;
    // Leads for a little-linked site against the busiest one: the sites linking to the busiest and not to it.
    const [quiet] = await stack.database.query<{ name: string }>(
      `select d.name from backlink b join domain d on d.id = b.target_domain_id group by d.name order by count(*), d.name limit 1`,
    );
    const user = await createTestUser(stack.database, { roles: ['full'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);

    // Backlinks: two ticked rows go in together (one import/OutreachImport); their linking pages become links.
    await page.goto(`${stack.baseUrl}/seo/backlinks/domain?query=${domain}&countryCode=US`);
    const backlinks = page.getByRole('table', { name: `Backlinks of ${domain}` });
    await backlinks.getByRole('button', { name: /^Add .* to outreach$/ }).first().waitFor();
    const rows = backlinks.locator('tbody tr');
    const linkingPages = new Set<string>();
    for (const index of [0, 1]) {
      await rows.nth(index).getByRole('checkbox').check();
      const label = await rows.nth(index).getByRole('button', { name: /^Add .* to outreach$/ }).getAttribute('aria-label');
      linkingPages.add(label!.replace(/^Add (.*) to outreach$/, '$1'));
    }
    await saved(page, 'import/OutreachImport', () => page.getByRole('button', { name: 'Add 2 to outreach' }).click());
    await page.getByText(/^Added to outreach \(All Projects\): .*link/).waitFor();
    await expect(page.getByRole('region', { name: 'Selected rows' }).count()).resolves.toBe(0);

    // One more, from its own row; the same page again is not doubled.
    const third = rows.nth(2).getByRole('button', { name: /^Add .* to outreach$/ });
    linkingPages.add((await third.getAttribute('aria-label'))!.replace(/^Add (.*) to outreach$/, '$1'));
    await saved(page, 'import/OutreachImport', () => third.click());
    await eventually(() => rows.nth(2).getByRole('button', { name: /to outreach$/ }).textContent(), 'Added');

    // Link leads: a website (no link) from its row.
    await page.goto(`${stack.baseUrl}/outreach/leads?query=${quiet!.name}&competitors=${domain}&countryCode=US`);
    const leads = page.getByRole('table', { name: `Link leads for ${quiet!.name}` });
    const lead = leads.getByRole('button', { name: /^Add .* to outreach$/ }).first();
    const leadDomain = (await lead.getAttribute('aria-label'))!.replace(/^Add (.*) to outreach$/, '$1');
    await saved(page, 'import/OutreachImport', () => lead.click());
    await page.getByRole('button', { name: 'Open outreach' }).last().click();

    // The websites list is a pipeline: every stage with its count, a relationship column, a filter.
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    const websites = panel.getByRole('table', { name: 'Websites' });
    await websites.getByRole('button', { name: leadDomain, exact: true }).waitFor();
    const linkHosts = new Set([...linkingPages].map((address) => new URL(address.startsWith('http') ? address : `https://${address}`).hostname.replace(/^www\./, '')));
    await eventually(async () => (await websites.locator('tbody tr').count()) >= linkHosts.size, true);
    const pipeline = panel.getByRole('group', { name: 'Filter by relationship' });
    await expect(pipeline.getByRole('button', { name: /^Contacted/ }).textContent()).resolves.toBe('Contacted 0');

    // The lead is contacted: it moves to that stage, and a contact typed by hand is kept on it.
    await websites.getByRole('button', { name: leadDomain, exact: true }).click();
    const website = panel.getByRole('region', { name: 'Website details' });
    await saved(page, 'Relationships/UpdateDomain', () => website.getByLabel('Relationship').selectOption({ label: 'Contacted' }).then(() => undefined));
    const contactForm = website.getByRole('form', { name: 'Add a contact' });
    await contactForm.getByLabel('Contact e-mail').fill('not-an-address');
    await contactForm.getByLabel('Contact name').fill('Robin Webmaster');
    await contactForm.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText(/Please enter a valid email address/).first().waitFor();
    await expect(website.getByRole('table', { name: 'Contacts of the website' }).count()).resolves.toBe(0);
    await contactForm.getByLabel('Contact e-mail').fill('robin@' + leadDomain);
    await contactForm.getByLabel('Contact role').fill('Webmaster');
    await saved(page, 'import/OutreachImport', () => contactForm.getByRole('button', { name: 'Add contact' }).click());
    await website.getByRole('table', { name: 'Contacts of the website' }).getByRole('button', { name: 'Robin Webmaster' }).waitFor();

    await panel.getByRole('navigation', { name: 'Projects navigation' }).getByRole('button', { name: 'Websites' }).click();
    await eventually(() => pipeline.getByRole('button', { name: /^Contacted/ }).textContent(), 'Contacted 1');
    await pipeline.getByRole('button', { name: /^Contacted/ }).click();
    await eventually(() => texts(websites.locator('tbody tr td:nth-child(1)')), [leadDomain]);
    await expect(websites.locator('tbody tr td:nth-child(2)').textContent()).resolves.toBe('Contacted');
    await pipeline.getByRole('button', { name: /^Declined/ }).click();
    await panel.getByText('No websites at this stage.').waitFor();
  });

  it('a free user sees the upsell instead of the outreach screens', async () => {
    const user = await createTestUser(stack.database, { roles: ['free'] });
    const page = await newPage();
    await logInThroughPage(page, stack.baseUrl, user);
    await page.goto(`${stack.baseUrl}/hq?msf=websites`);
    const panel = page.getByRole('dialog', { name: 'Projects panel' });
    await panel.getByRole('heading', { name: 'Unlimited Projects - Unlimited Insight' }).waitFor();
    await expect(panel.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).resolves.toBe('/mainpurchase/?page=default');
    await expect(panel.getByRole('table').count()).resolves.toBe(0);
    await expect(panel.getByRole('navigation', { name: 'Projects navigation' }).count()).resolves.toBe(0);

    // "Add to outreach" on a research table asks them to upgrade, and saves nothing.
    const [linked] = await stack.database.query<{ name: string }>(`select d.name from backlink b join domain d on d.id = b.target_domain_id limit 1`);
    let imports = 0;
    page.on('request', (request) => {
      if (request.url().includes('import/OutreachImport')) imports += 1;
    });
    await page.goto(`${stack.baseUrl}/seo/backlinks/domain?query=${linked!.name}&countryCode=US`);
    await page.getByRole('button', { name: /^Add .* to outreach$/ }).first().click();
    await page.getByRole('dialog', { name: 'Add sites to outreach' }).getByRole('link', { name: 'Upgrade Now' }).waitFor();
    expect(imports).toBe(0);
  });
});
