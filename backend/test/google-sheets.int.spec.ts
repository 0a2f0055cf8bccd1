import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { googleSheetsMessages, type ExportStatus, type GoogleAuthState } from '@serpwise/contracts';
import { pino } from 'pino';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Writes of one export are paced this far apart here (60 a minute in production): long enough that unpaced appends
 * (a few ms apart) could not pass the pacing check. The fake sees requests arrive, not leave, and on a loaded machine
 * one request can arrive ~100 ms late and the next on time, so the check reads the span of all the writes, not each gap.
 */
const writeIntervalMs = 150;

let google: FakeGoogle;
let testApp: TestApp;
let worker: RunningWorker | null = null;
let owner: HttpSession;
let ownerUser: TestUser;
let stranger: HttpSession;
let strangerUser: TestUser;
let free: HttpSession;
let busyDomain: string;

const json = async <T>(response: Response) => (await response.json()) as T;
type Answer = { message?: string; errors?: string[]; data?: Record<string, unknown> };

async function connect(session: HttpSession): Promise<GoogleAuthState> {
  const response = await session.post('/auth/setgoogletoken', { code: google.issueCode(), redirectUri: `${testApp.baseUrl}/google-auth/callback` });
  expect(response.status).toBe(200);
  return json<GoogleAuthState>(response);
}

const waitForExport = (session: HttpSession, id: string, states: ExportStatus['state'][] = ['completed', 'failed']): Promise<ExportStatus> =>
  untilJobStatus(`export ${id}`, async () => json<ExportStatus>(await session.get(`/rest/exports/${id}`)), (status) => states.includes(status.state));

const sheetOf = (url: string | null | undefined) => {
  const id = /\/d\/([^/]+)\//.exec(url ?? '')?.[1];
  const sheet = id ? google.spreadsheets.get(id) : undefined;
  if (!sheet) throw new Error(`no spreadsheet behind ${url}`);
  return sheet;
};

beforeAll(async () => {
  google = await new FakeGoogle().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: {
      GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_BASE_URL: google.baseUrl,
      GOOGLE_DRIVE_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_WRITE_INTERVAL_MS: String(writeIntervalMs),
    },
  });
  ownerUser = await createTestUser(testApp.database, { roles: ['full'] });
  owner = await loggedInSession(testApp.baseUrl, ownerUser);
  strangerUser = await createTestUser(testApp.database, { roles: ['full'] });
  stranger = await loggedInSession(testApp.baseUrl, strangerUser);
  free = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
  const [busy] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.organic_keywords desc limit 1`,
  );
  busyDomain = busy!.name;
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
  await google?.stop();
}, setUpTimeoutMs);

describe('Google authorisation', () => {
  it('says where to authorise, with offline access and the documented scopes', async () => {
    const state = await json<GoogleAuthState>(await owner.post('/auth/checkgoogleauth'));
    expect(state).toMatchObject({ configured: true, hasGoogleToken: false });
    const url = new URL(state.authorizeUrl!);
    expect(url.origin + url.pathname).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('client_id')).toBe('serpwise-test.apps.googleusercontent.com');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('scope')!.split(' ').sort()).toEqual(['email', 'https://www.googleapis.com/auth/drive.file', 'https://www.googleapis.com/auth/spreadsheets', 'openid', 'profile']);
  });

  it('refuses a code Google does not accept, and visitors', async () => {
    const refused = await owner.post('/auth/setgoogletoken', { code: 'made-up' });
    expect(refused.status).toBe(400);
    expect(await json<Answer>(refused)).toMatchObject({ message: googleSheetsMessages.authorisationFailed });
    expect((await owner.post('/auth/setgoogletoken', {})).status).toBe(400);
    const visitor = new HttpSession(testApp.baseUrl);
    await visitor.open('/');
    expect((await visitor.post('/auth/checkgoogleauth')).status).toBe(401);
  });

  it('exchanges the code and keeps the refresh token encrypted, for that user only', async () => {
    const state = await connect(owner);
    expect(state.hasGoogleToken).toBe(true);
    const exchange = google.requestsTo('/token').at(-1)!;
    expect(exchange.form).toMatchObject({ grant_type: 'authorization_code', client_id: 'serpwise-test.apps.googleusercontent.com', client_secret: 'test-client-secret', redirect_uri: `${testApp.baseUrl}/google-auth/callback` });
    const [row] = await testApp.database.query<{ refresh_token_encrypted: string }>('select refresh_token_encrypted from google_token where user_id = $1', [ownerUser.id]);
    expect(row!.refresh_token_encrypted).not.toContain('refresh-');
    expect(await json<GoogleAuthState>(await stranger.post('/auth/checkgoogleauth'))).toMatchObject({ hasGoogleToken: false });
    // The user state (docs/product/site.md §3 hasGoogleToken) follows the stored authorisation.
    expect((await json<{ user: { hasGoogleToken: boolean } }>(await owner.get('/endpoints/accountapi/getactivestate'))).user.hasGoogleToken).toBe(true);
    expect((await json<{ user: { hasGoogleToken: boolean } }>(await stranger.get('/endpoints/accountapi/getactivestate'))).user.hasGoogleToken).toBe(false);
  });

  it("does not let another user use someone's token, even a copy of the stored row", async () => {
    await testApp.database.query(
      `insert into google_token (user_id, refresh_token_encrypted, scope, created_at, updated_at) select $2, refresh_token_encrypted, scope, now(), now() from google_token where user_id = $1`,
      [ownerUser.id, strangerUser.id],
    );
    expect(await json<GoogleAuthState>(await stranger.post('/auth/checkgoogleauth'))).toMatchObject({ hasGoogleToken: false });
    const page = await stranger.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'x', jsonString: JSON.stringify([{ a: 1 }]) });
    expect(page.status).toBe(403);
    expect(await json<Answer>(page)).toMatchObject({ message: googleSheetsMessages.notAuthorised });
    const job = await stranger.post('/rest/exports', { table: 'seo/keywords', params: { domain: busyDomain, countryCode: 'US' }, format: 'sheets' });
    expect(job.status).toBe(403);
    expect(await json<Answer>(job)).toMatchObject({ message: googleSheetsMessages.notAuthorised, data: { googleAuthorizationRequired: true } });
    await testApp.database.query('delete from google_token where user_id = $1', [strangerUser.id]);
  });
});

describe('the page rows into a spreadsheet (ExportGoogleSheets)', () => {
  it('writes inert text and numeric numbers, in paced batches, and answers the url', async () => {
    const rows = Array.from({ length: 12_000 }, (_, index) => ({ keyword: index === 0 ? '=HYPERLINK("http://evil.example","x")' : index === 1 ? '+cmd|calc' : `kw ${index}`, volume: index === 2 ? null : index * 10, cpc: index === 2 ? null : 1.25, note: '-12.5' }));
    const response = await owner.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'page rows', jsonString: JSON.stringify(rows) });
    expect(response.status).toBe(200);
    const body = await json<{ url: string; message: string }>(response);
    expect(body.message).toBe('Successfully shared to Google Sheets.');
    const sheet = sheetOf(body.url);
    expect(sheet.title).toBe('page rows');
    expect(sheet.rows).toHaveLength(12_001);
    expect(sheet.rows[0]).toEqual(['Keyword', 'Volume', 'CPC', 'Note']);
    expect(sheet.rows[1]).toEqual(['\'=HYPERLINK("http://evil.example","x")', 0, 1.25, '-12.5']);
    expect(sheet.rows[2]).toEqual(["'+cmd|calc", 10, 1.25, '-12.5']);
    // Unknown (null) is an empty cell, never 0 (docs/decisions.md, issue 19).
    expect(sheet.rows[3]).toEqual(['kw 2', '', '', '-12.5']);
    expect(typeof sheet.rows[500]![1]).toBe('number');
    // Batched appends (not one request a row), each paced after the one before.
    expect(sheet.appends).toBe(3);
    const calls = google.requestsTo(/^\/v4\/spreadsheets/).slice(-4);
    // Three gaps of 150 ms: at least two intervals' worth between the first and the last, whatever the arrival jitter.
    expect(calls.at(-1)!.at - calls[0]!.at).toBeGreaterThanOrEqual((calls.length - 2) * writeIntervalMs);
  });

  it('refuses more than 100k rows with the documented message, and free plans', async () => {
    const tooMany = await owner.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'big', jsonString: JSON.stringify(Array.from({ length: 100_001 }, (_, index) => [index])) });
    // An array of arrays: the first is the header, so 100,000 data rows pass and 100,001 would not.
    expect(tooMany.status).toBe(200);
    const over = await owner.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'big', jsonString: JSON.stringify(Array.from({ length: 100_001 }, (_, index) => ({ n: index }))) });
    expect(over.status).toBe(403);
    expect(await json<Answer>(over)).toMatchObject({ message: 'Google Sheets is limited to 100k rows. If you would like more results, please export as CSV.', data: { totalRows: 100_001, maxRows: 100_000 } });
    expect((await free.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'x', jsonString: '[]' })).status).toBe(403);
  });
});

describe('table exports to Google Sheets (the worker)', () => {
  const body = () => ({ table: 'seo/keywords', params: { domain: busyDomain, countryCode: 'US', sort: 'clicks', sortDirection: 'desc' }, format: 'sheets' });

  beforeAll(async () => {
    worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  }, setUpTimeoutMs);

  it('writes the whole table into a new spreadsheet and the finished status links to it', async () => {
    const { totalRows } = await json<{ totalRows: number }>(await owner.get(`/rest/research/seo/keywords?${new URLSearchParams(body().params)}`));
    const started = await owner.post('/rest/exports', body());
    expect(started.status).toBe(202);
    const queued = await json<ExportStatus>(started);
    expect(queued.export).toMatchObject({ format: 'sheets', rowLimit: 100_000 });
    const done = await waitForExport(owner, queued.id);
    expect(done.state).toBe('completed');
    expect(done.export.downloadUrl).toBeNull();
    const sheet = sheetOf(done.export.spreadsheetUrl);
    expect(sheet.rows).toHaveLength(totalRows + 1);
    const header = sheet.rows[0] as string[];
    const clicks = header.indexOf('Clicks');
    expect(clicks).toBeGreaterThanOrEqual(0);
    expect(sheet.rows.slice(1).every((row) => typeof row[clicks] === 'number')).toBe(true);
    // No text cell can start a formula.
    expect(sheet.rows.slice(1).flat().filter((cell) => typeof cell === 'string' && /^[=+\-@]/.test(cell) && !/^[+-]?\d/.test(cell))).toEqual([]);
  });

  it('re-authorises on a 401 and retries, up to 3 times', async () => {
    const refreshesBefore = google.requestsTo('/token').filter((request) => request.form.grant_type === 'refresh_token').length;
    google.failNext.push({ status: 401 }, { status: 401 }, { status: 401 });
    const started = await json<ExportStatus>(await owner.post('/rest/exports', { ...body(), params: { ...body().params, sortDirection: 'asc' } }));
    const done = await waitForExport(owner, started.id);
    expect(done.state).toBe('completed');
    const refreshes = google.requestsTo('/token').filter((request) => request.form.grant_type === 'refresh_token').length - refreshesBefore;
    expect(refreshes).toBe(4); // the first authorisation and one after each 401
  });

  it('fails after a fourth 401 (the notice turns to error)', async () => {
    google.failNext.push({ status: 401 }, { status: 401 }, { status: 401 }, { status: 401 });
    const started = await json<ExportStatus>(await owner.post('/rest/exports', { ...body(), params: { ...body().params, sort: 'volume' } }));
    const done = await waitForExport(owner, started.id);
    expect(done.state).toBe('failed');
    expect(done.export.spreadsheetUrl).toBeNull();
    expect(google.failNext).toHaveLength(0);
  });

  it('backs off on 429, honouring Retry-After', async () => {
    google.failNext.push({ status: 429, retryAfter: 1 }, { status: 429 });
    const started = await json<ExportStatus>(await owner.post('/rest/exports', { ...body(), params: { ...body().params, sort: 'volume', sortDirection: 'asc' } }));
    const done = await waitForExport(owner, started.id);
    expect(done.state).toBe('completed');
    const calls = google.requestsTo('/v4/spreadsheets').slice(-3);
    expect(calls.map((call) => call.status)).toEqual([429, 429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(950);
  });

  it('removes the authorisation (revoked at Google too), after which exports are refused', async () => {
    const revoked = await owner.post('/auth/revokegoogletoken');
    expect(revoked.status).toBe(200);
    expect(await json<Answer & GoogleAuthState>(revoked)).toMatchObject({ message: 'Successfully removed Google Authorization.', hasGoogleToken: false });
    expect(google.revoked.size).toBeGreaterThan(0);
    const refused = await owner.post('/rest/exports', body());
    expect(refused.status).toBe(403);
    expect(await json<Answer>(refused)).toMatchObject({ message: googleSheetsMessages.notAuthorised });
  });
});

describe('without Google configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  }, setUpTimeoutMs);
  afterAll(async () => {
    await bare?.stop();
  }, setUpTimeoutMs);

  it('says so, and refuses to authorise or export', async () => {
    const session = await loggedInSession(bare.baseUrl, await createTestUser(bare.database, { roles: ['full'] }));
    expect(await json<GoogleAuthState>(await session.post('/auth/checkgoogleauth'))).toEqual({ configured: false, hasGoogleToken: false, authorizeUrl: null });
    const set = await session.post('/auth/setgoogletoken', { code: 'x' });
    expect(set.status).toBe(503);
    expect(await json<Answer>(set)).toMatchObject({ message: googleSheetsMessages.notConfigured });
    const page = await session.post('/Endpoints/Core/ExportGoogleSheets', { filename: 'x', jsonString: '[]' });
    expect(page.status).toBe(503);
  });
});
