import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PdfExportStatus, ReportShareLink } from '@serpwise/contracts';
import { createOrmConfig, JobRecordRepository } from '@serpwise/database';
import { LocalFileStore } from '@serpwise/platform';
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { JobFileSweeper } from '../../worker/src/jobs/job-file-sweeper.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

/**
 * Shared web views of reports (issue 22 point 5): the owner makes, lists and revokes links; anyone holding a working
 * link sees the report (the PDF's figures) and its PDF without an account or cookie; expired, revoked and unknown
 * links answer a page saying so; nobody else can list, make or revoke an owner's links; the token is never stored.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let owner: TestUser;
let ownerSession: HttpSession;
let other: HttpSession;
let child: HttpSession;
let reportId: string;
let pdf: Buffer;

const tokenOf = (url: string) => /\/rest\/reports\/shared\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

async function makeLink(days?: number): Promise<ReportShareLink> {
  const response = await ownerSession.post(`/rest/reports/jobs/${reportId}/share-links`, days === undefined ? {} : { days });
  expect(response.status).toBe(201);
  return (await response.json()) as ReportShareLink;
}

beforeAll(async () => {
  app = await startTestApp({ tinyMarket: true });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  const [row] = await app.database.query<{ name: string }>(`select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.organic_keywords desc, d.name limit 1`);
  owner = await createTestUser(app.database, { roles: ['full'] });
  ownerSession = await loggedInSession(app.baseUrl, owner);
  other = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
  child = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'], parentUserId: owner.id }));
  const form = new FormData();
  for (const [name, value] of Object.entries({ sessionId: '727272', itemName: row!.name, countryCode: 'US', template: 'Comprehensive', customTitle: 'Shared Client Report', preparedFor: 'Acme Ltd' }))
    form.append(name, value);
  expect((await ownerSession.postForm('/Endpoints/PdfExport/ExportAsync', form)).status).toBe(202);
  const done = await untilJobStatus(
    'the downloaded report',
    async () => (await ownerSession.get('/Endpoints/PdfExport/GetStatus?sessionId=727272')).json() as Promise<PdfExportStatus>,
    (status) => status.pdf.isReady || status.pdf.isError,
  );
  expect(done.state).toBe('completed');
  reportId = done.id;
  pdf = Buffer.from(await (await ownerSession.get(done.pdf.url!)).arrayBuffer());
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
}, setUpTimeoutMs);

describe('a report share link', () => {
  it('is made for 30 days unless 7 or 90 are chosen, with an absolute link shown once', async () => {
    const before = Date.now();
    const link = await makeLink();
    expect(link.state).toBe('active');
    expect(link.url!.startsWith(`${app.environment.PUBLIC_URL}/rest/reports/shared/`)).toBe(true);
    const days = (iso: string) => Math.round((Date.parse(iso) - before) / 86_400_000);
    expect(days(link.expiresAt)).toBe(30);
    expect(days((await makeLink(7)).expiresAt)).toBe(7);
    expect(days((await makeLink(90)).expiresAt)).toBe(90);
    const refused = await ownerSession.post(`/rest/reports/jobs/${reportId}/share-links`, { days: 8 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('A share link lasts 7, 30 or 90 days.');

    const listed = (await (await ownerSession.get(`/rest/reports/jobs/${reportId}/share-links`)).json()) as ReportShareLink[];
    expect(listed).toHaveLength(3);
    expect(listed.every((entry) => entry.url === null)).toBe(true);
  });

  it('keeps only the token’s hash', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url!);
    const rows = await app.database.query<{ token_hash: string; whole: string }>(`select token_hash, row_to_json(l)::text as whole from report_share_link l where id = $1`, [link.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.whole).not.toContain(token);
    const anywhere = await app.database.query<{ count: string }>(`select count(*) from job_record where payload::text like $1 or coalesce(result::text, '') like $1`, [`%${token}%`]);
    expect(Number(anywhere[0]!.count)).toBe(0);
  });

  it('opens without a login or cookie: the report’s figures, its PDF, noindex, and no cookie set', async () => {
    const link = await makeLink();
    const page = await fetch(link.url!, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Shared Client Report');
    expect(html).toContain('Acme Ltd');

    // Every figure of the page's tiles and tables is in the PDF's text: the two are drawn from the same data.
    const text = squeezeSpaces(await pdfText(pdf));
    const figures = [...html.matchAll(/<(?:td class="rv-num"|div class="rv-tile-value")>([^<]+)</g)].map((match) => match[1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    expect(figures.length).toBeGreaterThan(30);
    expect(figures.filter((figure) => figure !== '—' && !text.includes(figure))).toEqual([]);
    for (const heading of [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((match) => match[1]!)) expect(text).toContain(heading.replace(/&amp;/g, '&'));

    const pdfPath = /<a href="([^"]+)">Download PDF<\/a>/.exec(html)![1]!;
    const file = await fetch(new URL(pdfPath, link.url!));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const [listed] = ((await (await ownerSession.get(`/rest/reports/jobs/${reportId}/share-links`)).json()) as ReportShareLink[]).filter((entry) => entry.id === link.id);
    expect(listed!.openCount).toBe(1);
    expect(listed!.lastOpenedAt).not.toBeNull();
  });

  it('says when it has expired (410), and an unknown link is 404', async () => {
    const link = await makeLink(7);
    await app.database.query(`update report_share_link set expires_at = now() - interval '1 minute' where id = $1`, [link.id]);
    const expired = await fetch(link.url!);
    expect(expired.status).toBe(410);
    const page = await expired.text();
    expect(page).toContain('This report link has expired');
    expect(page).not.toContain('Shared Client Report');
    expect((await fetch(`${link.url!}/pdf`)).status).toBe(410);
    const listed = ((await (await ownerSession.get(`/rest/reports/jobs/${reportId}/share-links`)).json()) as ReportShareLink[]).find((entry) => entry.id === link.id);
    expect(listed!.state).toBe('expired');

    const unknown = await fetch(`${app.baseUrl}/rest/reports/shared/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This report link is not valid');
    expect((await fetch(`${app.baseUrl}/rest/reports/shared/short`)).status).toBe(404);
  });

  it('stops working once revoked, and only its owner can list, make or revoke', async () => {
    const link = await makeLink();
    expect((await fetch(link.url!)).status).toBe(200);
    for (const stranger of [other, child]) {
      expect((await stranger.get(`/rest/reports/jobs/${reportId}/share-links`)).status).toBe(404);
      expect((await stranger.post(`/rest/reports/jobs/${reportId}/share-links`, {})).status).toBe(404);
      expect((await stranger.post(`/rest/reports/share-links/${link.id}/revoke`)).status).toBe(404);
    }
    expect((await fetch(link.url!)).status).toBe(200);

    const revoked = await ownerSession.post(`/rest/reports/share-links/${link.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as ReportShareLink).state).toBe('revoked');
    const page = await fetch(link.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This report link has been revoked');
    expect((await fetch(`${link.url!}/pdf`)).status).toBe(410);
  });

  it('keeps the report’s files while a link works, past EXPORT_FILE_TTL_HOURS', async () => {
    const link = await makeLink(90);
    const hour = 3_600_000;
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: app.database.url, poolMax: 2 }));
    try {
      const sweeper = new JobFileSweeper(() => new JobRecordRepository(orm.em.fork()), new LocalFileStore(app.environment.DATA_DIR), pino({ level: 'silent' }), 24 * hour);
      await sweeper.sweepOnce(Date.now() + 25 * hour);
      expect((await fetch(link.url!)).status).toBe(200);
      // Revoked (and every other link expired or revoked): the next sweep removes the PDF and the view.
      await app.database.query(`update report_share_link set revoked_at = now() where job_id = $1`, [reportId]);
      expect(await sweeper.sweepOnce(Date.now() + 25 * hour)).toBeGreaterThanOrEqual(1);
    } finally {
      await orm.close();
    }
    await app.database.query(`update report_share_link set revoked_at = null where id = $1`, [link.id]);
    const gone = await fetch(link.url!);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This report is no longer available');
    const refused = await ownerSession.post(`/rest/reports/jobs/${reportId}/share-links`, {});
    expect(refused.status).toBe(410);
  });
});
