import { retryAfterMs } from './serp-backoff.js';
import { SerpProviderError, type SerpErrorKind, type SerpProviderId } from './serp-provider.js';

/** The kind of failure an HTTP status means, for every provider alike. */
export function kindOfStatus(status: number): SerpErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'payment';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * One HTTP call to a provider: network failures and time-outs become retryable `network` errors, a non-2xx
 * answer a SerpProviderError with the provider's own message (`describe` reads it from the body) and its
 * Retry-After. Answers the parsed JSON body.
 */
export async function providerRequest(
  provider: SerpProviderId,
  url: string,
  init: RequestInit & { timeoutMs: number },
  describe: (body: unknown) => string | undefined,
): Promise<unknown> {
  const { timeoutMs, ...rest } = init;
  const signal = rest.signal ? AbortSignal.any([rest.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal });
  } catch (error) {
    if (rest.signal?.aborted) throw error;
    throw new SerpProviderError(provider, 'network', `${provider} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    const message = describe(body) ?? (text.slice(0, 200) || response.statusText);
    throw new SerpProviderError(provider, kindOfStatus(response.status), `${provider} answered ${response.status}: ${message}`, {
      status: response.status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  if (body === null) throw new SerpProviderError(provider, 'bad-response', `${provider} answered ${response.status} without a JSON body`, { status: response.status });
  return body;
}

export const stringField = (body: unknown, field: string): string | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The parsed body, or null when it is empty or not JSON (a proxy's HTML error page). */
function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
