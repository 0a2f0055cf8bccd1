import { useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@serpwise/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * The query lookup (GET /Endpoints/Search/JsonSearch): what kind of query /overview shows — a domain, a URL or a
 * keyword. The client adds countryCode to this search-API call itself.
 */
export function useQueryLookup(query: string | null, countryCode: string) {
  return useQuery({
    queryKey: ['research', 'json-search', query, countryCode],
    queryFn: ({ signal }) => apiRequest<SearchResult>('/Endpoints/Search/JsonSearch', { query: { query: query ?? '', countryCode, isSiteQuery: false }, signal }),
    enabled: Boolean(query),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
