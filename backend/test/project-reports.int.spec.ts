import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { groupReportSections, type GroupsAnswer, type KeywordListAnswer, type KeywordRow, type PdfExportStatus } from '@serpwise/contracts';
import { formatChange, formatInteger, formatMoney, pdfPageCount } from '@serpwise/reports';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { insertProject, nsa } from './projects-support.js';

/**
 * Issue 22 point 4: the report sections of a project's tracked keywords print the numbers the projects API answers
 * (GetKeywordList, GetGroups, GetKeywordList for a competitor's domain); "Create PDF Report" on a group makes a
 * report of that group's keywords through the worker; a project or group of someone else is refused; the Executive
 * template fits one page on real data.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let owner: HttpSession;
let stranger: HttpSession;
let domain: string;
let projectId: string;
let groupHash: string;
let groupTerms: string[];
let otherTerms: string[];
const groupName = 'Core terms';

beforeAll(async () => {
  app = await startTestApp({ tinyMarket: true });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  const [row] = await app.database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id
     where m.territory = 'US' and m.month = (select max(month) from domain_month where territory = 'US')
     order by m.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
  // Keywords the domain ranks for (this month or the one before), plus one the research data does not know.
  const ranked = await app.database.query<{ term: string }>(
    `select distinct k.term from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
     where d.name = $1 and r.territory = 'US' and r.month >= (select max(month) from domain_month where territory = 'US') - interval '1 month'
     order by k.term limit 14`,
    [domain],
  );
  const terms = [...ranked.map((entry) => entry.term), `unknown keyword ${randomUUID().slice(0, 6)}`];
  groupTerms = terms.slice(0, 6);
  otherTerms = terms.slice(6);
  const ownerUser = await createTestUser(app.database, { roles: ['full'] });
  owner = await loggedInSession(app.baseUrl, ownerUser);
  stranger = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
  projectId = await insertProject(app.database, ownerUser.id, { name: 'Client site', domain, territory: 'US' });
  await app.database.query('insert into tracked_term (term) select unnest($1::text[]) on conflict (term) do nothing', [terms]);
  await app.database.query('insert into project_keyword (project_id, term_id, added_at) select $1, id, now() from tracked_term where term = any($2::text[])', [projectId, terms]);
  groupHash = randomUUID();
  await app.database.query('insert into keyword_group (group_hash, project_id, name, created_at) values ($1, $2, $3, now())', [groupHash, projectId, groupName]);
  await app.database.query('insert into keyword_group_term (group_hash, term_id, added_at) select $1, id, now() from tracked_term where term = any($2::text[])', [groupHash, groupTerms]);
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
}, setUpTimeoutMs);

const json = async <T>(response: Response) => (await response.json()) as T;

async function preview(session: HttpSession, options: Record<string, string>) {
  const response = await session.get(`/rest/reports/preview?${new URLSearchParams({ domain, countryCode: 'US', ...options })}`);
  return { status: response.status, pdf: response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null };
}

const textOf = async (pdf: Buffer) => squeezeSpaces(await pdfText(pdf));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A keyword list line as the PDF prints it: keyword, position, the month's change, the week's (any), volume, CPC. */
const listLine = (row: KeywordRow) =>
  new RegExp(`${escape(row.keyword)} ${escape(formatInteger(row.currentRank))} ${escape(formatChange(row.rankChange))} \\S+ ${escape(formatInteger(row.monthlySearches))} ${escape(formatMoney(row.costPerClick))}`);

const keywordList = async (query: Record<string, string>) =>
  json<KeywordListAnswer>(await owner.get(`${nsa}/Keywords/Keywords/GetKeywordList?${new URLSearchParams({ projectId, rowsToDisplay: '50', ...query })}`));

describe('project sections', () => {
  it('print the keywords, groups and competitors as the projects API answers them', async () => {
    const { status, pdf } = await preview(owner, {
      projectId,
      template: 'Progress',
      sections: 'tracked-keywords,keyword-groups,keyword-list,competitor-comparison',
      rowLimit: '50',
    });
    expect(status).toBe(200);
    const text = await textOf(pdf!);
    const list = await keywordList({});
    expect(list.keywords).toHaveLength(groupTerms.length + otherTerms.length);
    expect(list.keywords.some((row) => row.currentRank !== null)).toBe(true);
    for (const row of list.keywords) expect(text).toMatch(listLine(row));
    // The list's order is the screen's default (most searched first).
    const found = list.keywords.map((row) => text.search(listLine(row)));
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(text).toContain(`Showing ${list.keywords.length} of ${list.keywords.length} keywords, most searched first.`);

    // Tiles: how many are tracked and in the top 20.
    const ranked = list.keywords.filter((row) => row.currentRank !== null);
    expect(text).toContain(`${formatInteger(ranked.length)} in the top 20`);

    // The group's line: its keyword count and the sums GetGroups answers.
    const groups = await json<GroupsAnswer>(await owner.get(`${nsa}/Keywords/Groups/GetGroups?projectId=${projectId}`));
    const group = groups.groups.find((entry) => entry.groupHash === groupHash)!;
    expect(text).toMatch(new RegExp(`${escape(groupName)} ${group.numberOfKeywords} \\S+ \\S+ ${escape(formatChange(group.rankChange))} ${escape(formatChange(group.clickChange))}`));

    // Competitors: each one's positions are GetKeywordList's for that domain.
    const competitors = await json<{ rows: { domain: string }[] }>(await owner.get(`/rest/research/seo/competitors?domain=${domain}&countryCode=US`));
    const rivals = competitors.rows.slice(0, 3).map((row) => row.domain);
    expect(rivals.length).toBeGreaterThan(0);
    const rivalLists = await Promise.all(rivals.map((rival) => keywordList({ projectDomain: rival })));
    for (const row of list.keywords) {
      const positions = [row.currentRank, ...rivalLists.map((rivalList) => rivalList.keywords.find((entry) => entry.termId === row.termId)!.currentRank)];
      expect(text).toContain(`${row.keyword} ${positions.map((position) => formatInteger(position)).join(' ')}`);
    }
  });

  it('refuses a project or group that is not the caller\'s, like a missing one', async () => {
    expect((await preview(stranger, { projectId, template: 'Progress' })).status).toBe(404);
    expect((await preview(owner, { projectId, groupHash: randomUUID(), template: 'Progress' })).status).toBe(404);
    expect((await preview(owner, { groupHash, template: 'Progress' })).status).toBe(400);
    const form = new FormData();
    for (const [name, value] of Object.entries({ itemName: domain, countryCode: 'US', projectId, groupHash, sessionId: '5151' })) form.append(name, value);
    expect((await stranger.postForm('/Endpoints/PdfExport/ExportAsync', form)).status).toBe(404);
    expect((await stranger.get('/Endpoints/PdfExport/GetStatus?sessionId=5151')).status).toBe(404);
  });

  it('fits the Executive template on one page with real data', async () => {
    const { pdf } = await preview(owner, { template: 'Executive', preparedFor: 'Client', comments: 'Numbers for the month.' });
    expect(pdfPageCount(pdf!)).toBe(1);
  });
});

describe('Create PDF Report on a group', () => {
  it('renders the group\'s keywords only, in the worker', async () => {
    const form = new FormData();
    const fields = {
      sessionId: '616161',
      itemName: 'anything.example',
      countryCode: 'US',
      template: 'Progress',
      projectId,
      groupHash,
      customTitle: `${groupName}: keyword report`,
      elements: JSON.stringify(groupReportSections.map((printId, order) => ({ printId, isSelected: true, order }))),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await owner.postForm('/Endpoints/PdfExport/ExportAsync', form);
    expect(response.status).toBe(202);
    const ready = await untilJobStatus(
      'group report',
      async () => {
        const status = await owner.get('/Endpoints/PdfExport/GetStatus?sessionId=616161');
        return status.status === 200 ? json<PdfExportStatus>(status) : undefined;
      },
      (status) => status.pdf.isReady || status.pdf.isError,
    );
    expect(ready.pdf.isError).toBe(false);
    // The report is about the project's domain, whatever the form said.
    expect(ready.pdf.domain).toBe(domain);
    const text = await textOf(Buffer.from(await (await owner.get(ready.pdf.url!)).arrayBuffer()));
    expect(text).toContain(`${groupName}: keyword report`);
    expect(text).toContain(`Client site · ${groupName} · ${domain}`);
    const list = await keywordList({ groupHash });
    expect(list.keywords.map((row) => row.keyword).sort()).toEqual([...groupTerms].sort());
    for (const row of list.keywords) expect(text).toMatch(listLine(row));
    for (const term of otherTerms) expect(text).not.toContain(term);
    expect(text).toContain(`Showing ${groupTerms.length} of ${groupTerms.length} keywords`);
    // Domain sections are not part of a group's report.
    expect(text).not.toContain('Domain Overview');
  });
});
