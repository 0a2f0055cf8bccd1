import { describe, expect, it } from '@jest/globals';
import { backoffDelay, retryAfterMs } from './serp-backoff.js';
import { SerpProviderError } from './serp-provider.js';

const error = (retryAfter?: number) => new SerpProviderError('serpapi', 'rate-limit', 'slow down', { status: 429, retryAfterMs: retryAfter });

describe('backoff', () => {
  it('doubles each wait and adds up to a quarter of jitter', () => {
    const options = { baseDelayMs: 1_000, maxDelayMs: 60_000 };
    expect(backoffDelay(1, error(), { ...options, random: () => 0 })).toBe(1_000);
    expect(backoffDelay(3, error(), { ...options, random: () => 0 })).toBe(4_000);
    expect(backoffDelay(3, error(), { ...options, random: () => 0.999 })).toBe(4_999);
  });

  it('honours Retry-After, but never waits longer than the cap', () => {
    expect(backoffDelay(1, error(7_000), { baseDelayMs: 1_000, maxDelayMs: 60_000 })).toBe(7_000);
    expect(backoffDelay(1, error(3_600_000), { baseDelayMs: 1_000, maxDelayMs: 60_000 })).toBe(60_000);
    expect(backoffDelay(10, error(), { baseDelayMs: 1_000, maxDelayMs: 60_000, random: () => 0 })).toBe(60_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
