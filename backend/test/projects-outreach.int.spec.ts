import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  outreachMessages,
  type ContactDetails,
  type ContactSummary,
  type DomainContext,
  type HistoryEntry,
  type LinkContactEvent,
  type LinkDetails,
  type LinkNote,
  type LinkSummary,
  type LinkTask,
  type OutreachImportAnswer,
  type UrlContext,
  type WebsiteDetails,
  type WebsiteSummary,
} from '@serpwise/contracts';
import { type HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { emptyId, insertProject, json, nsa, projectAreaCounts } from './projects-support.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function owner(roles = ['full']) {
  const user = await createTestUser(database, { roles });
  const browser = await loggedInSession(baseUrl, user);
  const projectId = await insertProject(database, user.id, { name: 'Outreach' });
  return { user, browser, projectId };
}

const addLink = async (browser: HttpSession, query: string) => browser.getWithToken(`${nsa}/Link/AddLink?${query}`);
const message = async (response: Response) => (await json<{ message: string }>(response)).message;

describe('adding URLs (Link/AddLink) and the link list', () => {
  it('lets a free user add a URL into the All Projects bucket, once per address, and see it (the View state)', async () => {
    const { browser } = await owner(['free']);
    expect((await browser.get(`${nsa}/Link/AddLink?fullUrl=https://blog.example/post`)).status).toBe(403); // no cross-site token
    const added = await addLink(browser, 'fullUrl=https://www.Blog.example/post%3Fa=1%23top&pageMonthlyOrganicClicks=120&rankedKeywords=14&countryCode=US');
    expect(added.status).toBe(200);
    const link = await json<LinkSummary>(added);
    expect(link).toMatchObject({
      urlName: 'https://www.blog.example/post?a=1',
      domainName: 'blog.example',
      projectId: emptyId,
      urlMonthlyOrganicClicks: 120,
      urlRankedKeywords: 14,
      rating: 0,
      relationship: 'none',
      tags: [],
    });
    const again = await json<LinkSummary>(await addLink(browser, 'fullUrl=https://www.blog.example/post?a=1&pageMonthlyOrganicClicks=150'));
    expect(again).toMatchObject({ urlId: link.urlId, urlMonthlyOrganicClicks: 150, urlRankedKeywords: 14 });
    expect((await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${emptyId}`))).map((entry) => entry.urlId)).toEqual([link.urlId]);
    const details = await json<LinkDetails>(await browser.get(`${nsa}/Link/GetLink?urlId=${link.urlId}`));
    expect(details).toMatchObject({ urlId: link.urlId, website: { domainId: link.domainId, domainName: 'blog.example', linkCount: 1 }, contacts: [] });
    expect(await json<UrlContext>(await browser.get(`${nsa}/Contexts/GetUrl?url=${encodeURIComponent('https://WWW.blog.example/post?a=1')}`))).toMatchObject({ isTracked: true, links: [{ urlId: link.urlId }] });
    expect(await json<DomainContext>(await browser.get(`${nsa}/Contexts/GetDomain?domain=blog.example`))).toMatchObject({ isTracked: true, websites: [{ domainId: link.domainId }] });
    expect(await json<DomainContext>(await browser.get(`${nsa}/Contexts/GetDomain?domain=other.example`))).toEqual({ domainName: 'other.example', isTracked: false, websites: [] });
    // The CRM itself (notes, history …) is the full plan's.
    expect((await browser.get(`${nsa}/LinkNotes/GetLinkNotes?urlId=${link.urlId}`)).status).toBe(403);
  });

  it('adds a URL into a project, lists per project, and deletes it', async () => {
    const { browser, projectId, user } = await owner();
    const other = await insertProject(database, user.id, { name: 'Other' });
    const link = await json<LinkSummary>(await addLink(browser, `fullUrl=news.example/story&projectId=${projectId}`));
    await addLink(browser, `fullUrl=https://news.example/other&projectId=${other}`);
    expect(link).toMatchObject({ urlName: 'https://news.example/story', projectId });
    expect((await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${projectId}`))).map((entry) => entry.urlName)).toEqual(['https://news.example/story']);
    expect((await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${emptyId}`))).length).toBe(2);
    expect((await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?filter=OTHER`))).map((entry) => entry.urlName)).toEqual(['https://news.example/other']);
    expect((await browser.get(`${nsa}/Link/GetLink?urlId=${link.urlId}&projectId=${other}`)).status).toBe(404);
    expect(await json(await browser.getWithToken(`${nsa}/Link/DeleteLink?urlId=${link.urlId}`))).toEqual({ isSuccessful: true, urlId: link.urlId });
    expect((await browser.get(`${nsa}/Link/GetLink?urlId=${link.urlId}`)).status).toBe(404);
    const history = await json<HistoryEntry[]>(await browser.get(`${nsa}/LinkHistory/GetLinkHistory?projectId=${projectId}`));
    expect(history.map((entry) => [entry.action, entry.urlName])).toEqual([
      ['link-deleted', 'https://news.example/story'],
      ['link-added', 'https://news.example/story'],
    ]);
  });

  it('refuses a bad address or project with a 400 and adds nothing', async () => {
    const { browser } = await owner();
    const before = await projectAreaCounts(database);
    for (const [query, text] of [
      ['fullUrl=ftp://files.example/a', outreachMessages.urlInvalid],
      ['fullUrl=not%20a%20url', outreachMessages.urlInvalid],
      ['fullUrl=', outreachMessages.urlInvalid],
      ['fullUrl=https://a.example&pageMonthlyOrganicClicks=-1', 'pageMonthlyOrganicClicks'],
      ['fullUrl=https://a.example&projectId=nope', 'The project id must be a UUID.'],
    ]) {
      const response = await addLink(browser, query!);
      expect([query, response.status]).toEqual([query, 400]);
      expect(await message(response)).toContain(text);
    }
    expect(await projectAreaCounts(database)).toEqual(before);
  });
});

describe('a link’s notes, tasks, contact events and history', () => {
  it('keeps notes, tasks and contact events, names contacts, and records each change', async () => {
    const { browser, projectId, user } = await owner();
    const link = await json<LinkSummary>(await addLink(browser, `fullUrl=https://partner.example/resources&projectId=${projectId}`));
    const url = `urlId=${link.urlId}&projectId=${projectId}`;

    const note = await json<LinkNote>(await browser.getWithToken(`${nsa}/LinkNotes/AddLinkNote?${url}&note=${encodeURIComponent('  Asked for a guest post  ')}`));
    expect(note).toMatchObject({ urlId: link.urlId, note: 'Asked for a guest post', authorEmail: user.email });
    const tooLong = await browser.getWithToken(`${nsa}/LinkNotes/AddLinkNote?${url}&note=${'x'.repeat(1771)}`);
    expect(tooLong.status).toBe(400);
    expect(await message(tooLong)).toBe('note: The max number of characters is 1770');
    expect(await json(await browser.get(`${nsa}/LinkNotes/GetLinkNotes?${url}`))).toEqual([note]);

    const task = await json<LinkTask>(await browser.getWithToken(`${nsa}/LinkTasks/AddLinkTask?${url}&title=Follow%20up&dueDate=2026-12-01`));
    expect(task).toMatchObject({ title: 'Follow up', dueDate: '2026-12-01', isComplete: false, completedAt: null });
    const done = await json<LinkTask>(await browser.getWithToken(`${nsa}/LinkTasks/UpdateLinkTask?taskRowId=${task.taskRowId}&isComplete=true&dueDate=`));
    expect(done).toMatchObject({ taskRowId: task.taskRowId, title: 'Follow up', dueDate: null, isComplete: true, completedAt: expect.any(String) });
    expect((await browser.getWithToken(`${nsa}/LinkTasks/UpdateLinkTask?taskRowId=${task.taskRowId}`)).status).toBe(400);
    expect((await browser.getWithToken(`${nsa}/LinkTasks/AddLinkTask?${url}&title=X&dueDate=tomorrow`)).status).toBe(400);

    const event = await json<LinkContactEvent>(
      await browser.getWithToken(`${nsa}/LinkContactEvents/AddLinkContactEvent?${url}&eventType=email&eventDate=2026-11-20&notes=Intro&contactName=Dana&contactEmail=Dana@Partner.example`),
    );
    expect(event).toMatchObject({ eventType: 'email', eventDate: '2026-11-20', notes: 'Intro', contact: { name: 'Dana', email: 'dana@partner.example' } });
    const second = await json<LinkContactEvent>(
      await browser.getWithToken(`${nsa}/LinkContactEvents/AddLinkContactEvent?${url}&eventType=phone&contactId=${event.contact!.contactId}`),
    );
    expect(second.contact!.contactId).toBe(event.contact!.contactId);
    expect((await browser.getWithToken(`${nsa}/LinkContactEvents/AddLinkContactEvent?${url}&eventType=fax`)).status).toBe(400);
    expect((await browser.getWithToken(`${nsa}/LinkContactEvents/AddLinkContactEvent?${url}&eventType=email&contactEmail=nope`)).status).toBe(400);

    const contacts = await json<ContactSummary[]>(await browser.get(`/rest/projects/contacts?projectId=${projectId}`));
    expect(contacts).toEqual([expect.objectContaining({ contactId: event.contact!.contactId, name: 'Dana', domainName: 'partner.example', eventCount: 2, lastContactedAt: expect.any(String) })]);
    const contact = await json<ContactDetails>(await browser.get(`/rest/projects/contact?contactId=${event.contact!.contactId}`));
    expect(contact.events.map((entry) => [entry.eventType, entry.urlName])).toEqual([
      ['phone', 'https://partner.example/resources'],
      ['email', 'https://partner.example/resources'],
    ]);
    expect(await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${projectId}`))).toEqual([
      expect.objectContaining({ noteCount: 1, openTaskCount: 0, lastContactedAt: expect.any(String) }),
    ]);

    expect(await json(await browser.getWithToken(`${nsa}/LinkNotes/DeleteLinkNote?noteRowId=${note.noteRowId}`))).toEqual({ isSuccessful: true });
    expect(await json(await browser.getWithToken(`${nsa}/LinkTasks/DeleteLinkTask?taskRowId=${task.taskRowId}`))).toEqual({ isSuccessful: true });
    expect(await json(await browser.getWithToken(`${nsa}/LinkContactEvents/DeleteLinkContactEvent?rowId=${second.rowId}`))).toEqual({ isSuccessful: true });
    expect((await browser.getWithToken(`${nsa}/LinkNotes/DeleteLinkNote?noteRowId=${note.noteRowId}`)).status).toBe(404);
    expect(await json(await browser.get(`${nsa}/LinkContactEvents/GetLinkContactEvents?${url}`))).toEqual([expect.objectContaining({ rowId: event.rowId })]);

    const history = await json<HistoryEntry[]>(await browser.get(`${nsa}/LinkHistory/GetLinkHistory?urlId=${link.urlId}`));
    expect(history.map((entry) => entry.action)).toEqual([
      'contact-event-deleted',
      'task-deleted',
      'note-deleted',
      'contact-event-added',
      'contact-event-added',
      'task-completed',
      'task-added',
      'note-added',
      'link-added',
    ]);
    expect(history.every((entry) => entry.userEmail === user.email && entry.projectId === projectId)).toBe(true);
  });
});

describe('relationships, ratings, tags and moving websites', () => {
  it('rates, relates and tags websites and links, and moves a website with its links between projects', async () => {
    const { browser, projectId } = await owner();
    const link = await json<LinkSummary>(await addLink(browser, 'fullUrl=https://mag.example/a'));
    await addLink(browser, 'fullUrl=https://mag.example/b');
    const relationships = await json<{ relationshipId: string; name: string }[]>(await browser.get(`${nsa}/Relationships/GetRelationships`));
    expect(relationships.map((entry) => entry.relationshipId)).toEqual(['none', 'prospect', 'contacted', 'responded', 'negotiating', 'linked', 'declined']);

    const rated = await json<WebsiteSummary>(await browser.getWithToken(`${nsa}/Ratings/UpdateDomain?domainId=${link.domainId}&rating=3`));
    expect(rated).toMatchObject({ domainId: link.domainId, rating: 3 });
    expect(await json(await browser.getWithToken(`${nsa}/Ratings/UpdateUrl?urlId=${link.urlId}&rating=2`))).toMatchObject({ urlId: link.urlId, rating: 2 });
    expect(await json(await browser.getWithToken(`${nsa}/Relationships/UpdateDomain?domainId=${link.domainId}&relationshipId=contacted`))).toMatchObject({ relationship: 'contacted' });
    expect(await json(await browser.getWithToken(`${nsa}/Relationships/UpdateUrl?urlId=${link.urlId}&relationshipId=linked`))).toMatchObject({ relationship: 'linked' });
    expect(await json(await browser.getWithToken(`${nsa}/Tags/UpdateTags?urlId=${link.urlId}&tags=%20Guest%20post&tags=guest%20POST&tags=&tags=Q4`))).toEqual({ urlId: link.urlId, tags: ['Guest post', 'Q4'] });
    expect(await json(await browser.getWithToken(`${nsa}/Tags/UpdateTags?domainId=${link.domainId}&tags=media`))).toEqual({ domainId: link.domainId, tags: ['media'] });

    const before = await projectAreaCounts(database);
    for (const [path, text] of [
      [`Ratings/UpdateUrl?urlId=${link.urlId}&rating=4`, 'The rating is 0 to 3 stars.'],
      [`Ratings/UpdateDomain?domainId=${link.domainId}&rating=two`, 'The rating is a number of stars.'],
      [`Relationships/UpdateUrl?urlId=${link.urlId}&relationshipId=friends`, 'The relationship is one of'],
      [`Tags/UpdateTags?urlId=${link.urlId}&tags=${'t'.repeat(51)}`, 'A tag is at most 50 characters'],
      [`Tags/UpdateTags?urlId=${link.urlId}&domainId=${link.domainId}&tags=x`, 'Name either a website (domainId) or a link (urlId).'],
    ]) {
      const response = await browser.getWithToken(`${nsa}/${path}`);
      expect([path, response.status]).toEqual([path, 400]);
      expect(await message(response)).toContain(text);
    }
    expect(await projectAreaCounts(database)).toEqual(before);

    const moved = await json<WebsiteSummary>(await browser.getWithToken(`${nsa}/ProjectActions/MoveDomainToProject?domainId=${link.domainId}&projectId=${projectId}`));
    expect(moved).toMatchObject({ domainId: link.domainId, projectId, linkCount: 2, rating: 3, relationship: 'contacted', tags: ['media'] });
    expect((await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${projectId}`))).length).toBe(2);
    const website = await json<WebsiteDetails>(await browser.get(`/rest/projects/website?domainId=${link.domainId}`));
    expect(website.links.map((entry) => entry.urlName).sort()).toEqual(['https://mag.example/a', 'https://mag.example/b']);
    expect((await json<WebsiteSummary[]>(await browser.get(`/rest/projects/websites?projectId=${projectId}`))).map((entry) => entry.domainName)).toEqual(['mag.example']);

    // A second website of the same domain in the bucket cannot join the project that already has it.
    const bucketLink = await json<LinkSummary>(await addLink(browser, 'fullUrl=https://mag.example/c'));
    const clash = await browser.getWithToken(`${nsa}/ProjectActions/MoveDomainToProject?domainId=${bucketLink.domainId}&projectId=${projectId}`);
    expect(clash.status).toBe(409);
    expect(await message(clash)).toBe(outreachMessages.websiteAlreadyInProject('mag.example'));
    const back = await json<WebsiteSummary>(await browser.getWithToken(`${nsa}/ProjectActions/MoveDomainToProject?domainId=${bucketLink.domainId}&projectId=${emptyId}`));
    expect(back.projectId).toBe(emptyId);
  });
});

describe('import/OutreachImport', () => {
  it('imports websites, links, contacts and notes together', async () => {
    const { browser, projectId } = await owner();
    const response = await browser.post(`${nsa}/import/OutreachImport`, {
      projectId,
      rows: [
        { url: 'https://one.example/a', contactName: 'Ann', contactEmail: 'ann@one.example', relationship: 'prospect', rating: 2, tags: ['blog', 'Blog'], note: 'Nice site' },
        { url: 'https://one.example/b', contactEmail: 'ANN@one.example' },
        { domain: 'www.two.example', contactName: 'Bo', rating: 1 },
      ],
    });
    expect(response.status).toBe(200);
    expect(await json<OutreachImportAnswer>(response)).toEqual({ isSuccessful: true, websitesAdded: 2, linksAdded: 2, contactsAdded: 2, notesAdded: 1, rowCount: 3 });
    const websites = await json<WebsiteSummary[]>(await browser.get(`/rest/projects/websites?projectId=${projectId}`));
    expect(websites.map((site) => [site.domainName, site.linkCount, site.contactCount, site.rating])).toEqual([
      ['one.example', 2, 1, 0],
      ['two.example', 0, 1, 1],
    ]);
    const links = await json<LinkSummary[]>(await browser.get(`${nsa}/Link/GetLinks?projectId=${projectId}&filter=/a`));
    expect(links).toEqual([expect.objectContaining({ relationship: 'prospect', rating: 2, tags: ['blog'], noteCount: 1 })]);
  });

  it('refuses the whole import when a row is bad, naming the row, and changes nothing', async () => {
    const { browser, projectId } = await owner();
    const before = await projectAreaCounts(database);
    const bad = await browser.post(`${nsa}/import/OutreachImport`, { projectId, rows: [{ url: 'https://fine.example/' }, { url: 'mailto:x@y.example' }] });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ message: `rows.1.url: ${outreachMessages.urlInvalid}` });
    for (const body of [
      { projectId, rows: [] },
      { projectId, rows: [{ contactName: 'No site' }] },
      { projectId, rows: Array.from({ length: 10_001 }, (_, index) => ({ domain: `site${index}.example` })) },
      { projectId, rows: [{ domain: 'x.example', rating: 9 }] },
    ]) {
      expect((await browser.post(`${nsa}/import/OutreachImport`, body)).status).toBe(400);
    }
    expect(await projectAreaCounts(database)).toEqual(before);
  });
});
