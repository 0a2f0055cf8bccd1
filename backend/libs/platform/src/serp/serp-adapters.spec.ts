import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeSerpProviders, type FakeProvider } from '../../../../../infra/test/fake-serp-providers.js';
import { DataForSeoProvider } from './dataforseo.adapter.js';
import { OpenSerpProvider } from './openserp.adapter.js';
import { withBackoff, type BackoffOptions } from './serp-backoff.js';
import { SerpProviderError, type SerpProvider } from './serp-provider.js';
import { SerpApiProvider } from './serpapi.adapter.js';

const fake = new FakeSerpProviders();
const now = () => new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  for (const key of Object.keys(fake.failNext) as FakeProvider[]) fake.failNext[key].length = 0;
});

const adapters: Record<FakeProvider, (bad?: boolean) => SerpProvider> = {
  dataforseo: (bad) => new DataForSeoProvider({ login: 'fake-login', password: bad ? 'wrong' : 'fake-password', baseUrl: fake.baseUrl, timeoutMs: 5_000, now }),
  serpapi: (bad) => new SerpApiProvider({ apiKey: bad ? 'wrong' : 'fake-serpapi-key', baseUrl: fake.baseUrl, timeoutMs: 5_000, now }),
  // OpenSERP has no key; "bad" points it at a path that is not an OpenSERP server.
  openserp: (bad) => new OpenSerpProvider({ baseUrl: bad ? `${fake.baseUrl}/not-openserp` : fake.baseUrl, timeoutMs: 5_000, now }),
};

/** Backoff without real waiting: the waits are recorded instead. */
const recordingBackoff = (waits: number[], maxAttempts = 4): BackoffOptions => ({
  maxAttempts,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  random: () => 0.5,
  sleep: async (ms) => void waits.push(ms),
});

/** How each provider signals a rate limit in the fake (DataForSEO in the body, the others with HTTP 429). */
const rateLimit: Record<FakeProvider, () => void> = {
  dataforseo: () => fake.failNext.dataforseo.push({ dataForSeoStatusCode: 40202 }),
  serpapi: () => fake.failNext.serpapi.push({ status: 429, retryAfter: 3 }),
  openserp: () => fake.failNext.openserp.push({ status: 429, retryAfter: 3 }),
};

describe.each(['dataforseo', 'serpapi', 'openserp'] as const)('%s adapter against its fake server', (provider) => {
  it('answers the organic results in order, without ads or SERP features, dated today', async () => {
    const page = await adapters[provider]().fetch({ keyword: 'trail running shoes', territory: 'US' });
    expect(page).toMatchObject({ keyword: 'trail running shoes', territory: 'US', date: '2026-11-22' });
    expect(page.results).toHaveLength(12);
    expect(page.results[0]).toEqual({ position: 1, url: 'https://site1.example/trail-running-shoes', title: 'trail running shoes — result 1' });
    expect(page.results.map((result) => result.position)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(page.results.some((result) => result.url.includes('ads.example'))).toBe(false);
  });

  it('fails at once with an auth (or request) error that is not retried', async () => {
    const waits: number[] = [];
    const error = await withBackoff(() => adapters[provider](true).fetch({ keyword: 'x', territory: 'US' }), recordingBackoff(waits)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SerpProviderError);
    expect((error as SerpProviderError).retryable).toBe(false);
    if (provider !== 'openserp') {
      expect((error as SerpProviderError).kind).toBe('auth');
      expect((error as SerpProviderError).details.status).toBe(401);
      expect((error as Error).message).toMatch(provider === 'serpapi' ? /Invalid API key/ : /not authorized/);
    }
    expect(waits).toEqual([]);
    expect(fake.requestsOf(provider)).toHaveLength(provider === 'openserp' ? 0 : 1);
  });

  it('waits and tries again after a rate limit, then answers', async () => {
    rateLimit[provider]();
    const waits: number[] = [];
    const page = await withBackoff(() => adapters[provider]().fetch({ keyword: 'hiking boots', territory: 'US' }), recordingBackoff(waits));
    expect(page.results).toHaveLength(12);
    expect(fake.requestsOf(provider)).toHaveLength(2);
    // Retry-After (3 s) wins where the provider sends one; DataForSEO's in-body limit gets the exponential wait + jitter.
    expect(waits).toEqual([provider === 'dataforseo' ? 1_125 : 3_000]);
  });

  it('gives up after the last try on repeated server errors, saying why', async () => {
    fake.failNext[provider].push({ status: 500 }, { status: 503 }, { status: 502 });
    const waits: number[] = [];
    const error = await withBackoff(() => adapters[provider]().fetch({ keyword: 'tents', territory: 'US' }), recordingBackoff(waits, 3)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SerpProviderError);
    expect(error).toMatchObject({ kind: 'server', retryable: true, details: { status: 502 } });
    expect(fake.requestsOf(provider)).toHaveLength(3);
    // Exponential: 1 s, 2 s, each + 25 % × 0.5 jitter.
    expect(waits).toEqual([1_125, 2_250]);
  });
});

describe('provider requests', () => {
  it('DataForSEO gets Basic auth and a live/advanced task with the territory as a location code', async () => {
    await adapters.dataforseo().fetch({ keyword: 'mortgage rates', territory: 'UK' });
    const [request] = fake.requestsOf('dataforseo');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('fake-login:fake-password').toString('base64')}`);
    expect(request?.json).toEqual([{ keyword: 'mortgage rates', location_code: 2826, language_code: 'en', device: 'desktop', depth: 20 }]);
  });

  it('SerpApi gets the google engine with country, language and domain of the territory', async () => {
    await adapters.serpapi().fetch({ keyword: 'mortgage rates', territory: 'AU' });
    expect(fake.requestsOf('serpapi')[0]?.query).toMatchObject({ engine: 'google', q: 'mortgage rates', gl: 'au', hl: 'en', google_domain: 'google.com.au', num: '20' });
  });

  it('a provider that cannot be reached is a retryable network error', async () => {
    const provider = new SerpApiProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const error = await provider.fetch({ keyword: 'x', territory: 'US' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', retryable: true });
  });
});
