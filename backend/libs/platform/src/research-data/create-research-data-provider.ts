import type { Environment } from '@serpwise/contracts';
import { DataForSeoResearchProvider } from './dataforseo-research.adapter.js';
import type { FetchLimits, ResearchDataProvider } from './research-data-provider.js';

/** The provider DATA_PROVIDER names (loadEnvironment has checked its credentials); null on a demo install. */
export function createResearchDataProvider(environment: Environment): ResearchDataProvider | null {
  switch (environment.DATA_PROVIDER) {
    case 'dataforseo':
      return new DataForSeoResearchProvider({
        login: environment.DATAFORSEO_LOGIN!,
        password: environment.DATAFORSEO_PASSWORD!,
        baseUrl: environment.DATAFORSEO_BASE_URL,
        timeoutMs: environment.SERP_REQUEST_TIMEOUT_MS,
      });
    case 'demo':
      return null;
  }
}

/** What one fetch asks for, from the configuration. */
export const fetchLimitsOf = (environment: Environment): FetchLimits => ({
  keywords: environment.LIVE_DATA_KEYWORD_LIMIT,
  paidKeywords: environment.LIVE_DATA_PAID_KEYWORD_LIMIT,
  competitors: environment.LIVE_DATA_COMPETITOR_LIMIT,
  backlinks: environment.LIVE_DATA_BACKLINK_LIMIT,
});
