import { describe, expect, it } from '@jest/globals';
import { SerpProviderError } from '../serp/serp-provider.js';
import { dataForSeoError } from './dataforseo-research.adapter.js';
import { dataForSeoEstimate } from './dataforseo-prices.js';
import { liveDataErrorMessage } from './research-data-errors.js';

describe('DataForSEO status codes in a user\'s words (docs/product/live-data.md §8)', () => {
  it.each([
    [40100, 'auth', false, /refused the install's login\. Ask your administrator to check DATAFORSEO_LOGIN/],
    [40200, 'payment', false, /out of credit\. Ask your administrator to top it up/],
    [40210, 'payment', false, /out of credit/],
    [40204, 'auth', false, /no subscription to that API/],
    [40202, 'rate-limit', true, /limiting how fast it answers\. Wait a minute/],
    [40209, 'rate-limit', true, /limiting how fast/],
    [50000, 'server', true, /internal error\. Try again later/],
    [40501, 'bad-request', false, /refused the request \(DataForSEO 40501: Invalid Field: 'target'\.\)\. Check the domain or keyword/],
  ])('%i is %s (retried: %s)', (code, kind, retryable, message) => {
    const error = dataForSeoError(code, "Invalid Field: 'target'.")!;
    expect(error).toMatchObject({ kind, retryable, details: { code } });
    expect(liveDataErrorMessage(error)).toMatch(message);
  });

  it('20000 is no error; HTTP failures and network errors have their sentences too', () => {
    expect(dataForSeoError(20000, 'Ok.')).toBeNull();
    expect(liveDataErrorMessage(new SerpProviderError('dataforseo', 'payment', 'dataforseo answered 402: Payment Required', { status: 402 }))).toMatch(/out of credit/);
    expect(liveDataErrorMessage(new SerpProviderError('dataforseo', 'network', 'dataforseo could not be reached: ECONNREFUSED'))).toMatch(/could not be reached .+ DATAFORSEO_BASE_URL/);
  });
});

describe('the cost shown before a fetch', () => {
  it('adds each request\'s most: a task plus every item it may return', () => {
    const estimate = dataForSeoEstimate('domain', { keywords: 1000, paidKeywords: 200, competitors: 20, backlinks: 500 });
    expect(estimate.requests.map((request) => [request.step, request.units])).toEqual([
      ['overview', 0.0124], ['keywords', 0.11], ['competitors', 0.012], ['ads', 0.03], ['backlinks-summary', 0.02], ['backlinks', 0.035],
    ]);
    expect(estimate.units).toBeCloseTo(0.2194, 4);
    expect(dataForSeoEstimate('keyword', { keywords: 1, paidKeywords: 1, competitors: 1, backlinks: 1 }).units).toBe(0.077);
  });
});
