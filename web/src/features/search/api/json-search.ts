import type { SearchResult } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /Endpoints/Search/JsonSearch (docs/product/site.md §7): resolves a query to a domain, URL or keyword. It is also the query
 * lookup on navigation (getQueryResults); a 400 answer means the query is malformed (the typo page).
 */
export const jsonSearch = (query: string, options: { countryCode?: string; isSiteQuery?: boolean; signal?: AbortSignal } = {}) =>
  apiRequest<SearchResult>('/Endpoints/Search/JsonSearch', {
    query: { query, countryCode: options.countryCode, isSiteQuery: options.isSiteQuery ? 'true' : 'false' },
    signal: options.signal,
  });
