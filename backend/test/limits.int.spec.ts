import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { authMessages, csrfHeaderName, researchLimitMessage, scraperPaywallPagePath, waitInWords } from '@serpwise/contracts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

/**
 * The limits of a shared install (issue 16 point 8), against the real Redis counters: a parallel login burst, the
 * daily import quota (files and bytes), the hourly export and PDF report quotas, and the per-minute research limit
 * with its 'slow the scraping' path. TRUST_PROXY=loopback lets each test be its own visitor (X-Forwarded-For).
 */
jest.setTimeout(180_000);

const loginLimit = 10;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({
    env: {
      TRUST_PROXY: 'loopback',
      LOGIN_ATTEMPTS_PER_15_MIN: String(loginLimit),
      IMPORT_FILES_PER_DAY_FREE: '3',
      IMPORT_MB_PER_DAY_FREE: '1',
      EXPORTS_PER_HOUR_FULL: '2',
      REPORTS_PER_HOUR_FULL: '2',
      RESEARCH_REQUESTS_PER_MINUTE_VISITOR: '5',
      RESEARCH_REQUESTS_PER_MINUTE_FREE: '7',
    },
  });
}, 120_000);

afterAll(() => testApp?.stop());

const json = async <T>(response: Response) => (await response.json()) as T;
type LimitBody = { statusCode: number; message: string; errors?: string[]; data?: { retryAfterSeconds?: number; slowScrapingPath?: string; errors?: string[] } };

/** A browser of its own address (the app trusts the loopback proxy's X-Forwarded-For in this file). */
async function browserAt(address: string, user?: TestUser): Promise<HttpSession> {
  const session = user ? await loggedInSession(testApp.baseUrl, user) : new HttpSession(testApp.baseUrl);
  const request = session.request.bind(session);
  session.request = (method, path, headers = {}, body) => request(method, path, { 'x-forwarded-for': address, ...headers }, body);
  if (!user) await session.open('/auth/login');
  return session;
}

function expectRetryAfter(response: Response, windowSeconds: number): number {
  const seconds = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  return seconds;
}

describe('login burst', () => {
  it('lets exactly the limit of 40 parallel attempts reach the password check; the rest get 429 with Retry-After', async () => {
    const user = await createTestUser(testApp.database);
    const browser = await browserAt('203.0.113.10');
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => browser.post('/auth/login', { username: user.email, password: 'wrong password', token: null })),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - loginLimit);
    const refused = burst.find((response) => response.status === 429)!;
    expectRetryAfter(refused, 15 * 60);
    expect((await json<LimitBody>(refused)).data?.errors?.[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Even the right password waits now.
    const right = await browser.post('/auth/login', { username: user.email, password: user.password, token: null });
    expect(right.status).toBe(429);
    expect((await json<LimitBody>(right)).errors?.[0]).toBe(authMessages.tooManyAttempts(15));
  });

  it('counts by the visitor behind the proxy: another address logs in to the same account', async () => {
    const user = await createTestUser(testApp.database);
    const attacker = await browserAt('203.0.113.11');
    await Promise.all(Array.from({ length: loginLimit + 2 }, () => attacker.post('/auth/login', { username: user.email, password: 'nope', token: null })));
    const owner = await browserAt('198.51.100.11');
    expect((await owner.post('/auth/login', { username: user.email, password: user.password, token: null })).status).toBe(200);
  });
});

describe('import quota (free plan: 3 files and 1 MB a day)', () => {
  const kilobytes = (count: number) => Buffer.alloc(count * 1024, 'keyword,position\n');

  async function upload(session: HttpSession, file: Buffer) {
    const form = new FormData();
    form.append('format', 'gsc');
    form.append('territory', 'US');
    // A queries CSV alone says neither its site nor its dates: an upload without them is refused before the quota counts it.
    form.append('domain', 'quota.test');
    form.append('dateFrom', '2026-09-01');
    form.append('dateTo', '2026-09-30');
    form.append('file', new Blob([new Uint8Array(file)]), 'queries.csv');
    const response = await fetch(`${testApp.baseUrl}/rest/imports`, {
      method: 'POST',
      headers: { cookie: session.cookie, [csrfHeaderName]: session.csrfToken, accept: 'application/json' },
      body: form,
    });
    return { response, body: await json<LimitBody & { id?: string }>(response) };
  }

  const importsOf = async (user: TestUser) =>
    (await testApp.database.query<{ n: number }>('select count(*)::int as n from data_import where user_id = $1', [user.id]))[0]!.n;
  const storedFilesOf = (user: TestUser) => {
    const folder = join(testApp.environment.DATA_DIR, 'imports', user.id);
    return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.upload')).length : 0;
  };

  it('refuses the file that would pass the day\'s bytes with 429, a clear message and nothing stored', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const session = await loggedInSession(testApp.baseUrl, user);
    expect((await upload(session, kilobytes(600))).response.status).toBe(202);
    const refused = await upload(session, kilobytes(600));
    expect(refused.response.status).toBe(429);
    expectRetryAfter(refused.response, 24 * 3600);
    expect(refused.body.message).toMatch(/^This file would take your imports past 1 MB today, the most your plan allows\. Nothing was stored\./);
    expect(await importsOf(user)).toBe(1);
    expect(storedFilesOf(user)).toBe(1);
    // What is left still fits.
    expect((await upload(session, kilobytes(300))).response.status).toBe(202);
  });

  it('lets only what fits of parallel uploads through', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const session = await loggedInSession(testApp.baseUrl, user);
    const results = await Promise.all([1, 2, 3].map(() => upload(session, kilobytes(600))));
    expect(results.map((result) => result.response.status).sort()).toEqual([202, 429, 429]);
    expect(await importsOf(user)).toBe(1);
    expect(storedFilesOf(user)).toBe(1);
  });

  it('refuses the fourth file of the day', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const session = await loggedInSession(testApp.baseUrl, user);
    for (let file = 0; file < 3; file++) expect((await upload(session, kilobytes(1))).response.status).toBe(202);
    const refused = await upload(session, kilobytes(1));
    expect(refused.response.status).toBe(429);
    expectRetryAfter(refused.response, 24 * 3600);
    expect(refused.body.message).toMatch(/^You have imported 3 files today, the most your plan allows\. Please try again in \d+ hours?\.$/);
    expect(await importsOf(user)).toBe(3);
  });
});

describe('hourly quotas of exports and PDF reports (full plan: 2 each)', () => {
  const jobsOf = async (user: TestUser, name: string) =>
    (await testApp.database.query<{ n: number }>(`select count(*)::int as n from job_record where user_id = $1 and name = $2`, [user.id, name]))[0]!.n;

  it('refuses the third export of the hour and records nothing for it; asking again for a running one is free', async () => {
    const user = await createTestUser(testApp.database, { roles: ['full'] });
    const session = await loggedInSession(testApp.baseUrl, user);
    const start = (domain: string) => session.post('/rest/exports', { table: 'seo/competitors', params: { domain, countryCode: 'US' }, format: 'csv', scope: 'partial' });
    expect((await start('one.example')).status).toBeLessThan(300);
    expect((await start('one.example')).status).toBeLessThan(300); // the same export while it runs: that one
    expect((await start('two.example')).status).toBeLessThan(300);
    const refused = await start('three.example');
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 3600);
    expect((await json<LimitBody>(refused)).message).toMatch(/^You have started 2 exports in the last hour, the most your plan allows\. Please try again in (\d+ minutes?|1 hour)\.$/);
    expect(await jobsOf(user, 'export.table')).toBe(2);
  });

  it('refuses the third PDF report of the hour', async () => {
    const user = await createTestUser(testApp.database, { roles: ['full'] });
    const session = await loggedInSession(testApp.baseUrl, user);
    const start = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ itemName: 'example.com', countryCode: 'US', template: 'Executive', styleId: '3' })) form.append(name, value);
      return session.postForm('/Endpoints/PdfExport/ExportAsync', form);
    };
    expect((await start()).status).toBe(202);
    expect((await start()).status).toBe(202);
    const refused = await start();
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 3600);
    expect((await json<LimitBody>(refused)).message).toMatch(/^You have started 2 PDF reports in the last hour, the most your plan allows\./);
    expect(await jobsOf(user, 'report.pdf')).toBe(2);
  });
});

describe('research per minute', () => {
  it('slows a visitor down after 5 calls: 429, Retry-After and the slow-the-scraping path, which is a page', async () => {
    const visitor = await browserAt('203.0.113.20');
    for (let call = 0; call < 5; call++) expect((await visitor.get('/rest/research/footprint')).status).toBe(200);
    const refused = await visitor.get('/Endpoints/Search/JsonSearch?query=example.com');
    expect(refused.status).toBe(429);
    const seconds = expectRetryAfter(refused, 60);
    const body = await json<LimitBody>(refused);
    expect(body.message).toBe(researchLimitMessage(waitInWords(seconds)));
    expect(body.data).toMatchObject({ retryAfterSeconds: seconds, slowScrapingPath: `${scraperPaywallPagePath}?slow=${seconds}#benefits` });
    const page = await visitor.request('GET', body.data!.slowScrapingPath!.split('#')[0]!, { accept: 'text/html' });
    expect(page.status).toBe(200);
    // Another visitor (another address behind the proxy) is not slowed down.
    expect((await (await browserAt('198.51.100.20')).get('/rest/research/footprint')).status).toBe(200);
  });

  it('counts a free user by account, whatever the address', async () => {
    const user = await createTestUser(testApp.database, { roles: ['free'] });
    const first = await browserAt('203.0.113.30', user);
    const second = await browserAt('198.51.100.30', user);
    for (let call = 0; call < 7; call++) expect((await (call % 2 ? first : second).get('/rest/research/footprint')).status).toBe(200);
    const refused = await first.get('/rest/research/footprint');
    expect(refused.status).toBe(429);
    expect((await json<LimitBody>(refused)).data?.slowScrapingPath).toMatch(/^\/paywall\?slow=\d+#benefits$/);
  });

  it('does not limit a full plan', async () => {
    const session = await browserAt('203.0.113.40', await createTestUser(testApp.database, { roles: ['full'] }));
    for (let call = 0; call < 12; call++) expect((await session.get('/rest/research/footprint')).status).toBe(200);
  });
});
