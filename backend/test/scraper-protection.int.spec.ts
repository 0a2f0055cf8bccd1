import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  botCheckMessage,
  scraperDateHeader,
  scraperInfoHeader,
  scraperSeedCookieName,
  scraperTokenHeader,
  scraperTokenMessage,
  scraperTokenOf,
  waitInWords,
  type ActiveState,
} from '@serpwise/contracts';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

/**
 * Scraper protection (issue 25 point 4) against the real API, Redis counters included: the hash token of the research
 * calls (missing, wrong, stale, another session's; the info: 2 answer and the refetch that repairs it), the bot check
 * that sends a client faster than a person to the slow-the-scraping path, the scraper paywall and token settings, and
 * the environment flags getactivestate computes from the request. TRUST_PROXY=loopback lets each test be its own
 * address (X-Forwarded-For).
 */
jest.setTimeout(180_000);

const research = '/rest/research/footprint';
const sessionLimit = 8;
const addressLimit = 20;
const slowdownSeconds = 30;

type Refusal = { statusCode: number; message: string; errors?: string[]; data?: { retryAfterSeconds?: number; slowScrapingPath?: string; info?: number; reason?: string } };
const json = async <T>(response: Response) => (await response.json()) as T;

/** A browser of its own address that has loaded a page (so it has a session). */
async function browserAt(baseUrl: string, address: string, session?: HttpSession): Promise<HttpSession> {
  const browser = session ?? new HttpSession(baseUrl);
  const request = browser.request.bind(browser);
  browser.request = (method, path, headers = {}, body) => request(method, path, { 'x-forwarded-for': address, ...headers }, body);
  if (!session) await browser.open('/');
  return browser;
}

/** getactivestate, as the web fetches the tracking state: the answer and the seed cookie it set (or null). */
async function activeState(browser: HttpSession, headers: Record<string, string> = {}): Promise<{ state: ActiveState; seed: string | null; cookies: string[] }> {
  const response = await browser.request('GET', '/endpoints/accountapi/getactivestate', headers);
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie();
  const seed = cookies.map((cookie) => new RegExp(`^${scraperSeedCookieName}=([^;]*)`).exec(cookie)?.[1]).find((value) => value !== undefined) ?? null;
  return { state: await json<ActiveState>(response), seed: seed || null, cookies };
}

/** The token headers the web sends for a request made at `date`. */
const tokenHeaders = (seed: string, date = new Date().toISOString()) => ({ [scraperDateHeader]: date, [scraperTokenHeader]: scraperTokenOf(seed, date) });

describe('with scraper tokens, the scraper paywall and a tight bot check', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      env: {
        TRUST_PROXY: 'loopback',
        SCRAPER_TOKEN_ENABLED: 'true',
        SCRAPER_FREEWALL_ENABLED: 'true',
        BOT_CHECK_WINDOW_SECONDS: '10',
        BOT_CHECK_REQUESTS_PER_SESSION: String(sessionLimit),
        BOT_CHECK_REQUESTS_PER_ADDRESS: String(addressLimit),
        BOT_CHECK_SLOWDOWN_SECONDS: String(slowdownSeconds),
        COUNTRY_HEADER: 'cf-ipcountry',
      },
    });
  }, 120_000);

  afterAll(() => testApp?.stop());

  describe('scraper tokens', () => {
    it('refuses a research call without a token with 403 and info: 2; after the tracking state is refetched the repeat passes', async () => {
      const browser = await browserAt(testApp.baseUrl, '203.0.113.1');
      const refused = await browser.get(research);
      expect(refused.status).toBe(403);
      expect(refused.headers.get(scraperInfoHeader)).toBe('2');
      const body = await json<Refusal>(refused);
      expect(body.message).toBe(scraperTokenMessage);
      expect(body.data).toMatchObject({ info: 2, reason: 'missing' });

      // What the web does on info: 2: refetch the tracking state (which sets the seed cookie), then repeat.
      const { state, seed } = await activeState(browser);
      expect(state.tracking.enableScraperToken).toBe(true);
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      const repeated = await browser.request('GET', research, tokenHeaders(seed!));
      expect(repeated.status).toBe(200);
      expect(repeated.headers.get(scraperInfoHeader)).toBeNull();
      // The query lookup is a research call too.
      expect((await browser.request('GET', '/Endpoints/Search/JsonSearch?query=example.com', tokenHeaders(seed!))).status).toBe(200);
    });

    it('refuses a wrong hash, a stale or unreadable date, and another session’s token', async () => {
      const browser = await browserAt(testApp.baseUrl, '203.0.113.2');
      const { seed } = await activeState(browser);
      const reasonOf = async (headers: Record<string, string>) => {
        const response = await browser.request('GET', research, headers);
        expect(response.status).toBe(403);
        expect(response.headers.get(scraperInfoHeader)).toBe('2');
        return (await json<Refusal>(response)).data?.reason;
      };
      const date = new Date().toISOString();
      await expect(reasonOf({ [scraperDateHeader]: date, [scraperTokenHeader]: scraperTokenOf(`${seed}x`, date) })).resolves.toBe('mismatch');
      // The hash of another date than the one sent.
      await expect(reasonOf({ [scraperDateHeader]: date, [scraperTokenHeader]: scraperTokenOf(seed!, new Date(Date.now() - 1000).toISOString()) })).resolves.toBe('mismatch');
      await expect(reasonOf(tokenHeaders(seed!, new Date(Date.now() - 10 * 60_000).toISOString()))).resolves.toBe('stale');
      await expect(reasonOf(tokenHeaders(seed!, 'yesterday'))).resolves.toBe('stale');
      await expect(reasonOf({ [scraperDateHeader]: date })).resolves.toBe('missing');

      const other = await browserAt(testApp.baseUrl, '203.0.113.2');
      const { seed: otherSeed } = await activeState(other);
      expect(otherSeed).not.toBe(seed);
      await expect(reasonOf(tokenHeaders(otherSeed!))).resolves.toBe('mismatch');
      // A client with no session at all has no seed to match.
      const sessionless = await (await browserAt(testApp.baseUrl, '203.0.113.2', new HttpSession(testApp.baseUrl))).request('GET', research, tokenHeaders(seed!));
      expect(sessionless.status).toBe(403);
      // The right one still passes.
      expect((await browser.request('GET', research, tokenHeaders(seed!))).status).toBe(200);
    });

    it('a logged-in user’s new session needs the new seed: the old one gets info: 2, the refetched one passes', async () => {
      const user = await createTestUser(testApp.database, { roles: ['full'] });
      const visitor = await browserAt(testApp.baseUrl, '203.0.113.3');
      const { seed: visitorSeed } = await activeState(visitor);
      const member = await browserAt(testApp.baseUrl, '203.0.113.3', await loggedInSession(testApp.baseUrl, user));
      const stale = await member.request('GET', research, tokenHeaders(visitorSeed!));
      expect(stale.status).toBe(403);
      expect(stale.headers.get(scraperInfoHeader)).toBe('2');
      const { seed } = await activeState(member);
      expect((await member.request('GET', research, tokenHeaders(seed!))).status).toBe(200);
    });

    it('asks no token of calls that are not research calls', async () => {
      const browser = await browserAt(testApp.baseUrl, '203.0.113.4');
      expect((await browser.get('/endpoints/accountapi/getactivestate')).status).toBe(200);
      expect((await browser.get('/NsaApi/suggest/getsuggestions?query=exa')).status).toBe(200);
    });
  });

  describe('the bot check', () => {
    it(`sends a client making more than ${sessionLimit} research calls in a few seconds to the slow-the-scraping path, and only that client`, async () => {
      const scraper = await browserAt(testApp.baseUrl, '203.0.113.10');
      const { seed } = await activeState(scraper);
      for (let call = 0; call < sessionLimit; call++) expect((await scraper.request('GET', research, tokenHeaders(seed!))).status).toBe(200);
      const refused = await scraper.request('GET', research, tokenHeaders(seed!));
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(slowdownSeconds);
      const body = await json<Refusal>(refused);
      expect(body.message).toBe(botCheckMessage(waitInWords(seconds)));
      expect(body.data).toMatchObject({ retryAfterSeconds: seconds, slowScrapingPath: `/paywall?slow=${seconds}&reason=bot#benefits` });
      // The path is a page of the app.
      expect((await scraper.request('GET', body.data!.slowScrapingPath!.split('#')[0]!, { accept: 'text/html' })).status).toBe(200);
      // Held for the slow-down time, not just the rest of the window; the environment says so.
      expect((await scraper.request('GET', research, tokenHeaders(seed!))).status).toBe(429);
      expect((await activeState(scraper)).state.environment.isSuspectedScraper).toBe(true);

      // Someone else (another address and session) researches on.
      const person = await browserAt(testApp.baseUrl, '198.51.100.10');
      const { seed: personSeed, state } = await activeState(person);
      expect(state.environment.isSuspectedScraper).toBe(false);
      expect((await person.request('GET', research, tokenHeaders(personSeed!))).status).toBe(200);
    });

    it('counts the address too: a client that drops its cookie for every call is held once the address passes its count', async () => {
      const address = '203.0.113.11';
      let held: Response | null = null;
      for (let call = 0; call <= addressLimit && !held; call++) {
        const fresh = await browserAt(testApp.baseUrl, address);
        const { seed } = await activeState(fresh);
        const response = await fresh.request('GET', research, tokenHeaders(seed!));
        if (response.status === 429) held = response;
        else expect(response.status).toBe(200);
      }
      expect(held).not.toBeNull();
      expect((await json<Refusal>(held!)).data?.slowScrapingPath).toMatch(/^\/paywall\?slow=\d+&reason=bot#benefits$/);
    });

    it('holds a full member’s scripted burst the same way', async () => {
      const user = await createTestUser(testApp.database, { roles: ['full'] });
      const member = await browserAt(testApp.baseUrl, '203.0.113.12', await loggedInSession(testApp.baseUrl, user));
      const { seed } = await activeState(member);
      const statuses = [];
      for (let call = 0; call <= sessionLimit; call++) statuses.push((await member.request('GET', research, tokenHeaders(seed!))).status);
      expect(statuses.slice(0, sessionLimit).every((status) => status === 200)).toBe(true);
      expect(statuses[sessionLimit]).toBe(429);
    });
  });

  describe('settings and the environment', () => {
    it('reports the scraper paywall and scraper token settings in the tracking state', async () => {
      const { state } = await activeState(await browserAt(testApp.baseUrl, '203.0.113.20'));
      expect(state.tracking).toMatchObject({ enableScraperFreewall: true, enableScraperToken: true });
    });

    it('computes countryCode, isMobile and isBot from the request', async () => {
      const browser = await browserAt(testApp.baseUrl, '203.0.113.21');
      const environmentOf = async (headers: Record<string, string>) => (await activeState(browser, headers)).state.environment;
      const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
      const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1';

      await expect(environmentOf({ 'user-agent': desktop, 'accept-language': 'en-US,en;q=0.9' })).resolves.toEqual({
        countryCode: 'US',
        currency: '$',
        isMobile: false,
        isBot: false,
        isSuspectedScraper: false,
      });
      await expect(environmentOf({ 'user-agent': iphone })).resolves.toMatchObject({ isMobile: true, isBot: false });
      await expect(environmentOf({ 'user-agent': ipad })).resolves.toMatchObject({ isMobile: false, isBot: false });
      await expect(environmentOf({ 'user-agent': 'curl/8.5.0' })).resolves.toMatchObject({ isMobile: false, isBot: true });
      await expect(environmentOf({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).resolves.toMatchObject({ isBot: true });
      // The configured country header first, then Accept-Language by preference, then US.
      await expect(environmentOf({ 'user-agent': desktop, 'cf-ipcountry': 'DE', 'accept-language': 'fr-FR' })).resolves.toMatchObject({ countryCode: 'DE' });
      await expect(environmentOf({ 'user-agent': desktop, 'cf-ipcountry': 'XX', 'accept-language': 'fr-FR' })).resolves.toMatchObject({ countryCode: 'FR' });
      await expect(environmentOf({ 'user-agent': desktop, 'accept-language': 'en;q=0.5, de-AT;q=0.8' })).resolves.toMatchObject({ countryCode: 'AT' });
      await expect(environmentOf({ 'user-agent': desktop, 'accept-language': 'zz' })).resolves.toMatchObject({ countryCode: 'US' });
    });
  });
});

describe('with the defaults: no tokens, no scraper paywall; and an allowed percentage of bots', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { TRUST_PROXY: 'loopback', BOT_CHECK_REQUESTS_PER_SESSION: '3', BOT_CHECK_ALLOWED_PERCENT: '100' } });
  }, 120_000);

  afterAll(() => testApp?.stop());

  it('sets no seed cookie, asks no token, and says both settings are off', async () => {
    const browser = await browserAt(testApp.baseUrl, '203.0.113.30');
    const { state, seed } = await activeState(browser);
    expect(seed).toBeNull();
    expect(state.tracking).toMatchObject({ enableScraperFreewall: false, enableScraperToken: false });
    expect((await browser.get(research)).status).toBe(200);
  });

  it('lets a fast client through when every suspected bot is allowed (BOT_CHECK_ALLOWED_PERCENT=100)', async () => {
    const browser = await browserAt(testApp.baseUrl, '203.0.113.31');
    for (let call = 0; call < 8; call++) expect((await browser.get(research)).status).toBe(200);
    // Still flagged: the flag reports the count, the allowance only decides who is held.
    expect((await activeState(browser)).state.environment.isSuspectedScraper).toBe(true);
  });
});
