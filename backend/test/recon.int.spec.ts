import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, type CompetitorProject, type HqDashboard, type KeywordCountAnswer, type ReconLiveRanking, type ReconRankingDetails, type ReconReport } from '@serpwise/contracts';
import type { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { fillProject, giveProfessionalPlan, importKeywords, insertProject, json, nsa, rowCount } from './projects-support.js';

/**
 * Recon reports, the /hq campaign dashboard and /competitor-projects (issue 9 item 6) against the tiny demo
 * market: a report's live ranking matches the warehouse rows; each user sees only their own data.
 */

jest.setTimeout(180_000);

let testApp: TestApp;
let database: TestDatabase;
let owner: TestUser;
let ownerBrowser: HttpSession;
let stranger: TestUser;
let strangerBrowser: HttpSession;

/** A domain that ranks for several keywords in the newest US month, two of those keywords and a competitor on them. */
interface Market {
  month: string;
  domain: string;
  keywords: string[];
  competitor: string;
}
let market: Market;

async function pickMarket(): Promise<Market> {
  const [newest] = await database.query<{ month: string }>(`select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = 'US'`);
  const month = newest!.month;
  const [top] = await database.query<{ domain_id: number; name: string }>(
    `select r.domain_id, d.name from organic_rank r join domain d on d.id = r.domain_id where r.month = $1 and r.territory = 'US'
     group by r.domain_id, d.name order by count(distinct r.keyword_id) desc, d.name limit 1`,
    [month],
  );
  const keywords = await database.query<{ term: string; id: number }>(
    `select k.term, k.id from organic_rank r join keyword k on k.id = r.keyword_id where r.month = $1 and r.domain_id = $2 and r.territory = 'US' group by k.term, k.id order by k.term limit 2`,
    [month, top!.domain_id],
  );
  const [rival] = await database.query<{ name: string }>(
    `select d.name from organic_rank r join domain d on d.id = r.domain_id where r.month = $1 and r.keyword_id = $2 and r.domain_id <> $3 order by r.position limit 1`,
    [month, keywords[0]!.id, top!.domain_id],
  );
  return { month, domain: top!.name, keywords: keywords.map((row) => row.term), competitor: rival!.name };
}

const send = (browser: HttpSession, method: 'DELETE', path: string) => browser.request(method, path, { [csrfHeaderName]: browser.csrfToken });

const reportBody = (extra: Record<string, unknown> = {}) => ({
  type: 'seo',
  primaryDomain: `https://www.${market.domain}/`,
  territory: 'US',
  keywordsCsv: `${market.keywords.join('\n')}\n${market.keywords[0]!.toUpperCase()}\nunknown recon keyword zz`,
  competitors: [market.competitor, 'not-in-warehouse.example'],
  ...extra,
});

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true, env: { SESSION_LIMIT_PER_USER: '50' } });
  database = testApp.database;
  market = await pickMarket();
  owner = await createTestUser(database, { roles: ['full'] });
  await giveProfessionalPlan(database, owner.id);
  stranger = await createTestUser(database, { roles: ['full'] });
  ownerBrowser = await loggedInSession(testApp.baseUrl, owner);
  strangerBrowser = await loggedInSession(testApp.baseUrl, stranger);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

describe('recon reports', () => {
  let report: ReconReport;

  it('creates a report with cleansed domains and normalised keywords', async () => {
    const response = await ownerBrowser.post('/rest/recon/reports', reportBody());
    expect(response.status).toBe(201);
    report = await json<ReconReport>(response);
    expect(report).toMatchObject({
      type: 'seo',
      primaryDomain: market.domain,
      territory: 'US',
      keywordsCsv: [...market.keywords, 'unknown recon keyword zz'].join('\n'),
      keywordCount: 3,
      competitors: [market.competitor, 'not-in-warehouse.example'],
    });
    expect(await json<ReconReport[]>(await ownerBrowser.get('/rest/recon/reports'))).toEqual([report]);
  });

  it('refuses a report without keywords, competitors or a valid domain, and stores nothing', async () => {
    const before = await rowCount(database, 'recon_report');
    const noKeywords = await ownerBrowser.post('/rest/recon/reports', reportBody({ keywordsCsv: ' \n ' }));
    expect(noKeywords.status).toBe(400);
    expect((await json<{ errors: string[] }>(noKeywords)).errors.join()).toContain('Add at least one keyword.');
    expect((await ownerBrowser.post('/rest/recon/reports', reportBody({ competitors: [] }))).status).toBe(400);
    expect((await ownerBrowser.post('/rest/recon/reports', reportBody({ primaryDomain: 'not a domain' }))).status).toBe(400);
    expect((await ownerBrowser.post('/rest/recon/reports', reportBody({ competitors: ['bad domain!'] }))).status).toBe(400);
    expect(await rowCount(database, 'recon_report')).toBe(before);
  });

  it('shows the live ranking of every keyword from the warehouse: newest month and the change since the month before', async () => {
    const ranking = await json<ReconLiveRanking>(await ownerBrowser.get(`/rest/recon/reports/${report.id}/live-ranking`));
    expect(ranking.month).toBe(market.month);
    expect(ranking.rows.map((row) => row.keyword)).toEqual([...market.keywords, 'unknown recon keyword zz']);
    const first = ranking.rows[0]!;
    const [expected] = await database.query<{ id: number; position: number; previous: number | null }>(
      `select k.id,
         (select min(position) from organic_rank r where r.keyword_id = k.id and r.month = $2 and r.domain_id = d.id)::int as position,
         (select min(position) from organic_rank r where r.keyword_id = k.id and r.month = ($2::date - interval '1 month')::date and r.domain_id = d.id)::int as previous
       from keyword k, domain d where k.territory = 'US' and k.term = $1 and d.name = $3`,
      [market.keywords[0], market.month, market.domain],
    );
    expect(first.termId).toBe(Number(expected!.id));
    expect(first.primary.position).toBe(expected!.position);
    expect(first.primary.previousPosition).toBe(expected!.previous);
    expect(first.primary.change).toBe(expected!.previous === null ? null : expected!.previous - expected!.position);
    expect(first.primary.url).toContain(market.domain);
    expect(first.competitors.map((c) => c.domain)).toEqual([market.competitor, 'not-in-warehouse.example']);
    expect(first.competitors[0]!.position).not.toBeNull();
    expect(first.competitors[1]).toMatchObject({ position: null, previousPosition: null, change: null });
    expect(ranking.rows[2]).toMatchObject({ termId: null, primary: { position: null } });
  });

  it('shows one keyword: its results page and the primary domain over 12 months', async () => {
    const ranking = await json<ReconLiveRanking>(await ownerBrowser.get(`/rest/recon/reports/${report.id}/live-ranking`));
    const termId = ranking.rows[0]!.termId!;
    const details = await json<ReconRankingDetails>(await ownerBrowser.get(`/rest/recon/reports/${report.id}/live-ranking/${termId}`));
    expect(details.keyword).toBe(market.keywords[0]);
    expect(details.history).toHaveLength(12);
    expect(details.history.at(-1)).toEqual({ month: market.month, position: ranking.rows[0]!.primary.position });
    const serpCount = await rowCount(database, 'organic_rank', 'keyword_id = $1 and month = $2', [termId, market.month]);
    expect(details.serp).toHaveLength(serpCount);
    expect(details.serp.find((result) => result.domain === market.domain)).toMatchObject({ role: 'primary', position: ranking.rows[0]!.primary.position });
    expect(details.serp.find((result) => result.domain === market.competitor)?.role).toBe('competitor');
    // A keyword that is not in the report is not shown through it.
    const [other] = await database.query<{ id: number }>(`select id from keyword where territory = 'US' and term <> all($1::text[]) limit 1`, [market.keywords]);
    expect((await ownerBrowser.get(`/rest/recon/reports/${report.id}/live-ranking/${other!.id}`)).status).toBe(404);
  });

  it('edits a report', async () => {
    const response = await ownerBrowser.post(`/rest/recon/reports/${report.id}`, reportBody({ type: 'ppc', name: 'Client A', keywordsCsv: market.keywords[1], competitors: [market.competitor] }));
    expect(response.status).toBe(200);
    report = await json<ReconReport>(response);
    expect(report).toMatchObject({ type: 'ppc', name: 'Client A', keywordCount: 1, competitors: [market.competitor] });
    expect(await json<ReconReport>(await ownerBrowser.get(`/rest/recon/reports/${report.id}`))).toEqual(report);
  });

  it('counts report keywords in the keyword count and shows them on the campaign dashboard with the billing cycle', async () => {
    const projectId = await insertProject(database, owner.id, { name: 'Dashboard project', domain: market.domain });
    const count = await json<KeywordCountAnswer>(await ownerBrowser.get(`${nsa}/Keywords/Keywords/KeywordCount`));
    expect(count).toMatchObject({ totalCount: 15_000, keywordRankingReportCount: 1, usedCount: 1 });
    const dashboard = await json<HqDashboard>(await ownerBrowser.get('/rest/hq/dashboard'));
    expect(dashboard.projects.map((project) => project.id)).toEqual([projectId]);
    expect(dashboard.reconReports).toEqual([
      { id: report.id, type: 'ppc', name: 'Client A', primaryDomain: market.domain, territory: 'US', keywordCount: 1, competitorCount: 1 },
    ]);
    expect(dashboard.keywords).toEqual(count);
    const [subscription] = await database.query<{ start: Date; end: Date }>('select current_period_start as start, current_period_end as end from subscription where user_id = $1', [owner.id]);
    expect(dashboard.billing).toMatchObject({ plan: 'professional', billing: 'monthly', periodStart: subscription!.start.toISOString(), periodEnd: subscription!.end.toISOString() });
    expect(dashboard.billing!.daysLeft).toBe(Math.ceil((subscription!.end.getTime() - Date.now()) / 86_400_000));
    expect(dashboard.billing!.daysInPeriod).toBeGreaterThanOrEqual(28);

    const competitors = await json<CompetitorProject[]>(await ownerBrowser.get('/rest/projects/competitors'));
    expect(competitors).toHaveLength(1);
    expect(competitors[0]).toMatchObject({ projectId, primaryDomainName: market.domain, month: market.month });
    expect(competitors[0]!.competitors.length).toBeGreaterThan(0);
    const common = competitors[0]!.competitors.map((c) => c.commonKeywords);
    expect(common).toEqual([...common].sort((a, b) => b - a));
  });

  it('belongs to its owner: another user gets 404 on it and sees nothing of it', async () => {
    const before = await database.query<{ row: string }>('select recon_report::text as row from recon_report where id = $1', [report.id]);
    const base = `/rest/recon/reports/${report.id}`;
    expect((await strangerBrowser.get(base)).status).toBe(404);
    expect((await strangerBrowser.get(`${base}/live-ranking`)).status).toBe(404);
    expect((await strangerBrowser.get(`${base}/live-ranking/1`)).status).toBe(404);
    expect((await strangerBrowser.post(base, reportBody())).status).toBe(404);
    expect((await send(strangerBrowser, 'DELETE', base)).status).toBe(404);
    expect(await json<ReconReport[]>(await strangerBrowser.get('/rest/recon/reports'))).toEqual([]);
    const dashboard = await json<HqDashboard>(await strangerBrowser.get('/rest/hq/dashboard'));
    expect(dashboard).toMatchObject({ projects: [], reconReports: [], billing: null });
    expect(await json<CompetitorProject[]>(await strangerBrowser.get('/rest/projects/competitors'))).toEqual([]);
    expect(await database.query<{ row: string }>('select recon_report::text as row from recon_report where id = $1', [report.id])).toEqual(before);
  });

  it("is shared with the owner's team as the owner lets it: view reads only, none sees nothing", async () => {
    const viewer = await createTestUser(database, { roles: ['full'], parentUserId: owner.id });
    const shutOut = await createTestUser(database, { roles: ['full'], parentUserId: owner.id });
    for (const [member, access] of [[viewer, 'view'], [shutOut, 'none']] as const) {
      expect((await ownerBrowser.post('/rest/projects/team-access', { childUserId: member.id, access })).status).toBe(200);
    }
    const viewerBrowser = await loggedInSession(testApp.baseUrl, viewer);
    expect((await json<ReconReport[]>(await viewerBrowser.get('/rest/recon/reports'))).map((r) => r.id)).toEqual([report.id]);
    expect((await viewerBrowser.get(`/rest/recon/reports/${report.id}/live-ranking`)).status).toBe(200);
    expect((await viewerBrowser.post(`/rest/recon/reports/${report.id}`, reportBody())).status).toBe(403);
    expect((await viewerBrowser.post('/rest/recon/reports', reportBody())).status).toBe(403);
    const shutOutBrowser = await loggedInSession(testApp.baseUrl, shutOut);
    expect((await shutOutBrowser.get('/rest/recon/reports')).status).toBe(403);
    expect((await shutOutBrowser.get(`/rest/recon/reports/${report.id}/live-ranking`)).status).toBe(403);
    expect((await shutOutBrowser.get('/rest/hq/dashboard')).status).toBe(403);
    expect((await shutOutBrowser.get('/rest/projects/competitors')).status).toBe(403);
  });

  it('spends the tracked-keyword allowance with the projects: over it nothing is saved, and a plan without one is refused', async () => {
    // A Basic full plan: 5,000 keywords. 4,999 are tracked in a project, so a 2-keyword report does not fit.
    const basic = await createTestUser(database, { roles: ['full'] });
    const basicBrowser = await loggedInSession(testApp.baseUrl, basic);
    const projectId = await insertProject(database, basic.id);
    await fillProject(database, projectId, 4_999);
    const before = await rowCount(database, 'recon_report');
    const over = await basicBrowser.post('/rest/recon/reports', reportBody({ keywordsCsv: market.keywords.join('\n') }));
    expect(over.status).toBe(400);
    expect(await json(over)).toMatchObject({ message: 'Unable to add keywords. You are currently tracking 4,999/5,000 keywords' });
    expect(await rowCount(database, 'recon_report')).toBe(before);

    // One keyword fits exactly; then an edit that adds one is refused and one that keeps the count is saved.
    const fits = await basicBrowser.post('/rest/recon/reports', reportBody({ keywordsCsv: market.keywords[0] }));
    expect(fits.status).toBe(201);
    const saved = await json<ReconReport>(fits);
    const grow = await basicBrowser.post(`/rest/recon/reports/${saved.id}`, reportBody({ keywordsCsv: market.keywords.join('\n') }));
    expect(grow.status).toBe(400);
    expect(await json(grow)).toMatchObject({ message: 'Unable to add keywords. You are currently tracking 5,000/5,000 keywords' });
    const rename = await basicBrowser.post(`/rest/recon/reports/${saved.id}`, reportBody({ keywordsCsv: market.keywords[1], name: 'Renamed' }));
    expect(rename.status).toBe(200);
    expect(await json<KeywordCountAnswer>(await basicBrowser.get(`${nsa}/Keywords/Keywords/KeywordCount`))).toMatchObject({ usedCount: 5_000, keywordRankingReportCount: 1 });
    // The report's keyword is part of what a project import counts too.
    const imported = await importKeywords(basicBrowser, { projectId, termCsv: 'one keyword too many' });
    expect(await json(imported)).toMatchObject({ hasReachedLimit: true, message: 'Unable to add keywords. You are currently tracking 5,000/5,000 keywords' });

    const free = await loggedInSession(testApp.baseUrl, await createTestUser(database, { roles: ['free'] }));
    const refused = await free.post('/rest/recon/reports', reportBody());
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ message: 'Your plan does not include this. Upgrade to a full plan to use it.' });
    expect(await rowCount(database, 'recon_report')).toBe(before + 1);
  });

  it('answers 401 to visitors on every call', async () => {
    const visitor = (await import('../../infra/test/http-session.js')).HttpSession;
    const browser = new visitor(testApp.baseUrl);
    await browser.open('/');
    for (const path of ['/rest/recon/reports', `/rest/recon/reports/${report.id}`, `/rest/recon/reports/${report.id}/live-ranking`, '/rest/hq/dashboard', '/rest/projects/competitors']) {
      expect((await browser.get(path)).status).toBe(401);
    }
    expect((await browser.post('/rest/recon/reports', reportBody())).status).toBe(401);
  });

  it('deletes a report', async () => {
    expect((await send(ownerBrowser, 'DELETE', `/rest/recon/reports/${report.id}`)).status).toBe(200);
    expect((await ownerBrowser.get(`/rest/recon/reports/${report.id}`)).status).toBe(404);
  });
});
