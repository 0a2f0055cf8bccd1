import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { scraperTokenOf } from '@serpwise/contracts';
import { jsonResponse } from '@test/fake-socket';
import { apiRequest, ApiRequestError } from './api-client';
import { onTrackingRefetch } from './scraper-token';

type FetchArgs = [string, RequestInit];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const seed = 'a1'.repeat(32);
const renewed = 'b2'.repeat(32);
const headersOf = (call: number) => fetchMock.mock.calls[call]![1].headers as Record<string, string>;
const setSeed = (value: string) => (document.cookie = `sw_st=${value}; path=/`);

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.cookie = 'sw_st=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(() => onTrackingRefetch(() => Promise.resolve()));

describe('the scraper token on research calls', () => {
  it('sends the hash of the seed cookie and the request date on research and search-API calls', async () => {
    setSeed(seed);
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/rest/research/seo/keywords', { query: { domain: 'a.com' } });
    const headers = headersOf(0);
    expect(Number.isFinite(Date.parse(headers['x-serpwise-request-date']!))).toBe(true);
    expect(headers['x-serpwise-hash']).toBe(scraperTokenOf(seed, headers['x-serpwise-request-date']!));
    await apiRequest('/Endpoints/Search/JsonSearch', { query: { query: 'a.com' } });
    expect(headersOf(1)['x-serpwise-hash']).toBeDefined();
  });

  it('sends none on other calls, or without the seed cookie (tokens off)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/rest/research/footprint');
    expect(headersOf(0)['x-serpwise-hash']).toBeUndefined();
    setSeed(seed);
    await apiRequest('/rest/jobs/1');
    expect(headersOf(1)['x-serpwise-hash']).toBeUndefined();
  });

  it('on info: 2 refetches the tracking state, takes the server’s clock, and repeats the call once with the new seed', async () => {
    setSeed(seed);
    const serverDate = new Date(Date.now() + 3_600_000).toUTCString();
    const refetch = jest.fn(async () => {
      setSeed(renewed);
    });
    onTrackingRefetch(refetch);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ statusCode: 403, message: 'not verified' }, 403, { info: '2', date: serverDate }))
      .mockResolvedValueOnce(jsonResponse({ rows: [1] }));
    await expect(apiRequest('/rest/research/footprint')).resolves.toEqual({ rows: [1] });
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const repeated = headersOf(1);
    expect(repeated['x-serpwise-hash']).toBe(scraperTokenOf(renewed, repeated['x-serpwise-request-date']!));
    // The date follows the server's clock (an hour ahead of ours here), to the second.
    expect(Math.abs(Date.parse(repeated['x-serpwise-request-date']!) - Date.parse(serverDate))).toBeLessThan(5000);
  });

  it('does not loop: a second info: 2 is the call’s failure', async () => {
    setSeed(seed);
    const refetch = jest.fn(async () => undefined);
    onTrackingRefetch(refetch);
    fetchMock.mockResolvedValue(jsonResponse({ statusCode: 403, message: 'This research request could not be verified.' }, 403, { info: '2' }));
    await expect(apiRequest('/rest/research/footprint')).rejects.toEqual(expect.any(ApiRequestError));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
