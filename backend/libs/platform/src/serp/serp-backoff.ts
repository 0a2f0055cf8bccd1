import { setTimeout as sleep } from 'node:timers/promises';
import { SerpProviderError } from './serp-provider.js';

export interface BackoffOptions {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The first wait; each later one doubles, plus up to 25 % jitter. */
  baseDelayMs: number;
  /** No wait is longer than this, Retry-After included (a provider asking for an hour fails the try instead). */
  maxDelayMs: number;
  /** Injected in tests so they need not wait. */
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
  onRetry?: (info: { attempt: number; waitMs: number; error: SerpProviderError }) => void;
}

/** The wait before try `attempt + 1`: the provider's Retry-After when it sent one, else exponential with jitter. */
export function backoffDelay(attempt: number, error: SerpProviderError, options: Pick<BackoffOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const random = options.random ?? Math.random;
  const exponential = options.baseDelayMs * 2 ** (attempt - 1);
  const wait = error.details.retryAfterMs ?? exponential + Math.floor(random() * exponential * 0.25);
  return Math.min(wait, options.maxDelayMs);
}

/**
 * Runs one provider call, retrying rate limits (429), server errors (5xx) and network failures with exponential
 * backoff and jitter, honouring Retry-After. Auth and request errors fail at once. After the last try the last
 * error is thrown as is, so the caller can say why.
 */
export async function withBackoff<T>(call: () => Promise<T>, options: BackoffOptions): Promise<T> {
  const wait = options.sleep ?? ((ms: number) => sleep(ms));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof SerpProviderError) || !error.retryable || attempt >= options.maxAttempts) throw error;
      const waitMs = backoffDelay(attempt, error, options);
      options.onRetry?.({ attempt, waitMs, error });
      await wait(waitMs);
    }
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
