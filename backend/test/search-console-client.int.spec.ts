import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { searchConsoleScope, type Environment } from '@serpwise/contracts';
import { GoogleApiError, GoogleOAuth, SearchConsoleClient, SearchConsoleQuotaError } from '@serpwise/platform';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import { SearchConsoleFixture } from '../../infra/test/search-console-data.js';

/**
 * The Search Console client against the fake Google over HTTP (issue 20, point 5): sites.list's shape, the paging of
 * searchAnalytics.query by rowLimit/startRow, and what it does with Google's refusals — a 429 and a 403 "quota
 * exceeded" wait (Retry-After honoured) and go on, a 401 gets a new access token, a quota still refused after the
 * tries is SearchConsoleQuotaError, any other refusal a GoogleApiError at once.
 */

const fixture = new SearchConsoleFixture('brackenmoor-cycles.com', '2026-09-01', '2026-09-02', 20);
let google: FakeGoogle;
let environment: Environment;
let waits: number[];

const clientFor = (refreshToken: string, maxTries = 4) => {
  const oauth = new GoogleOAuth(environment);
  return new SearchConsoleClient(environment, () => oauth.refresh(refreshToken), { backoffMs: 5, maxTries, onBackoff: (waitMs) => void waits.push(waitMs) });
};
const connectedToken = async () => {
  const code = google.issueCode(searchConsoleScope);
  const oauth = new GoogleOAuth(environment);
  return (await oauth.exchangeCode(code, 'http://127.0.0.1/account/search-console/callback')).refreshToken;
};
const all = async (client: SearchConsoleClient, rowLimit: number) => {
  const pages: number[] = [];
  for await (const page of client.query(fixture.siteUrl, { startDate: '2026-09-01', endDate: '2026-09-01', dimensions: ['query', 'page', 'date', 'country', 'device'], rowLimit })) pages.push(page.length);
  return pages;
};

beforeAll(async () => {
  google = await new FakeGoogle().start();
  google.searchConsoleSites = [{ siteUrl: fixture.siteUrl, permissionLevel: 'siteOwner' }];
  google.searchAnalytics = (siteUrl, request) => (siteUrl === fixture.siteUrl ? fixture.answer(request) : []);
  environment = {
    GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
    GOOGLE_OAUTH_BASE_URL: google.baseUrl,
    GOOGLE_SHEETS_BASE_URL: google.baseUrl,
    GOOGLE_SEARCH_CONSOLE_BASE_URL: google.baseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
  } as Environment;
});
afterAll(async () => {
  await google?.stop();
});
beforeEach(() => {
  waits = [];
  google.searchAnalyticsFailures.clear();
});

describe('SearchConsoleClient', () => {
  it("lists the account's properties", async () => {
    expect(await clientFor(await connectedToken()).sites()).toEqual([{ siteUrl: fixture.siteUrl, permissionLevel: 'siteOwner' }]);
  });

  it('pages a day by rowLimit and startRow until a page comes back short', async () => {
    const before = google.requestsTo(/searchAnalytics/).length;
    // 120 rows a day: 50, 50, 20.
    expect(await all(clientFor(await connectedToken()), 50)).toEqual([50, 50, 20]);
    const sent = google.requestsTo(/searchAnalytics/).slice(before).map((request) => request.json as { startRow: number; rowLimit: number; dataState: string });
    expect(sent.map((body) => [body.startRow, body.rowLimit, body.dataState])).toEqual([[0, 50, 'final'], [50, 50, 'final'], [100, 50, 'final']]);
    // A day of exactly two pages asks a third time and stops at the empty answer.
    expect(await all(clientFor(await connectedToken()), 60)).toEqual([60, 60]);
  });

  it('hands the same pages over as bytes (queryAnswers), paged by the rows the reader counts', async () => {
    const request = { startDate: '2026-09-01', endDate: '2026-09-01', dimensions: ['query', 'page', 'date', 'country', 'device'] as const, rowLimit: 50 };
    const parsed: unknown[][] = [];
    for await (const page of clientFor(await connectedToken()).query(fixture.siteUrl, request)) parsed.push(page);
    const answers: unknown[][] = [];
    const before = google.requestsTo(/searchAnalytics/).length;
    const total = await clientFor(await connectedToken()).queryAnswers(fixture.siteUrl, request, (answer) => {
      const rows = (JSON.parse(Buffer.from(answer).toString('utf8')) as { rows?: unknown[] }).rows ?? [];
      answers.push(rows);
      return rows.length;
    });
    expect(total).toBe(120);
    expect(answers).toEqual(parsed);
    expect(google.requestsTo(/searchAnalytics/).slice(before).map((sent) => (sent.json as { startRow: number }).startRow)).toEqual([0, 50, 100]);
  });

  it('waits out a 429 (Retry-After honoured) and a 403 "quota exceeded", and goes on', async () => {
    const client = clientFor(await connectedToken());
    const next = google.searchAnalyticsCallCount + 1;
    google.searchAnalyticsFailures.set(next, { status: 429, retryAfter: 1 });
    google.searchAnalyticsFailures.set(next + 2, { status: 403, body: { error: { code: 403, message: 'Quota exceeded for quota metric', errors: [{ reason: 'quotaExceeded', domain: 'usageLimits' }] } } });
    expect(await all(client, 50)).toEqual([50, 50, 20]);
    expect(waits).toEqual([1000, 5]);
  });

  it('gives up with SearchConsoleQuotaError when the quota stays refused, and at once on another refusal', async () => {
    const client = clientFor(await connectedToken(), 3);
    const next = google.searchAnalyticsCallCount + 1;
    for (let call = next; call < next + 3; call++) google.searchAnalyticsFailures.set(call, { status: 429 });
    await expect(all(client, 50)).rejects.toBeInstanceOf(SearchConsoleQuotaError);
    expect(waits).toEqual([5, 10]);
    google.searchAnalyticsFailures.set(google.searchAnalyticsCallCount + 1, { status: 400, body: { error: { code: 400, message: 'Invalid dimension' } } });
    await expect(all(client, 50)).rejects.toMatchObject({ status: 400 });
  });

  it('gets a new access token on a 401, and refuses a token without the Search Console scope', async () => {
    const client = clientFor(await connectedToken());
    expect(await all(client, 50)).toEqual([50, 50, 20]);
    google.expireAccessTokens();
    expect(await all(client, 50)).toEqual([50, 50, 20]);
    const sheetsOnly = (await new GoogleOAuth(environment).exchangeCode(google.issueCode(), 'http://127.0.0.1/google-auth/callback')).refreshToken;
    const refused = await clientFor(sheetsOnly).sites().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GoogleApiError);
    expect(refused).toMatchObject({ status: 403 });
  });
});
