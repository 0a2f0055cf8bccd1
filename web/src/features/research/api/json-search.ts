import { useQuery } from '@tanstack/react-query';
import { jsonSearch } from '@/features/search';

/**
 * The query lookup of /overview (JsonSearch through the search feature's client): what kind of query it shows — a
 * domain, a URL or a keyword.
 */
export function useQueryLookup(query: string | null, countryCode: string) {
  return useQuery({
    queryKey: ['research', 'json-search', query, countryCode],
    queryFn: ({ signal }) => jsonSearch(query ?? '', { countryCode, signal }),
    enabled: Boolean(query),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
