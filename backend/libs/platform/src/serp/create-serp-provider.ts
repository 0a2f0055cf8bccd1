import type { Environment } from '@serpwise/contracts';
import type { Sql } from '@serpwise/research';
import { DataForSeoProvider } from './dataforseo.adapter.js';
import { DemoMarketProvider } from './demo-market.provider.js';
import { OpenSerpProvider } from './openserp.adapter.js';
import { withBackoff, type BackoffOptions } from './serp-backoff.js';
import type { SerpPage, SerpProvider, SerpQuery } from './serp-provider.js';
import { SerpApiProvider } from './serpapi.adapter.js';

/** The provider SERP_PROVIDER names (loadEnvironment has checked its credentials); the demo market otherwise. */
export function createSerpProvider(environment: Environment, warehouse: Sql): SerpProvider {
  const timeoutMs = environment.SERP_REQUEST_TIMEOUT_MS;
  switch (environment.SERP_PROVIDER) {
    case 'dataforseo':
      return new DataForSeoProvider({ login: environment.DATAFORSEO_LOGIN!, password: environment.DATAFORSEO_PASSWORD!, baseUrl: environment.DATAFORSEO_BASE_URL, timeoutMs });
    case 'serpapi':
      return new SerpApiProvider({ apiKey: environment.SERPAPI_API_KEY!, baseUrl: environment.SERPAPI_BASE_URL, timeoutMs });
    case 'openserp':
      return new OpenSerpProvider({ baseUrl: environment.OPENSERP_BASE_URL!, timeoutMs });
    case 'demo':
      return new DemoMarketProvider(warehouse);
  }
}

export const serpBackoffOptions = (environment: Environment): BackoffOptions => ({
  maxAttempts: environment.SERP_MAX_ATTEMPTS,
  baseDelayMs: environment.SERP_BACKOFF_BASE_MS,
  maxDelayMs: environment.SERP_BACKOFF_MAX_MS,
});

/** A provider whose every fetch retries with backoff: what the jobs use. */
export function withRetries(provider: SerpProvider, options: BackoffOptions): SerpProvider {
  return {
    id: provider.id,
    label: provider.label,
    fetch: (query: SerpQuery, signal?: AbortSignal): Promise<SerpPage> => withBackoff(() => provider.fetch(query, signal), options),
  };
}
