import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { useMonthParam } from '../hooks/use-month-param';

export type ResearchParams = Record<string, string | number | undefined>;

/** Every research endpoint lives under /rest/research/ and takes its territory as countryCode (docs/research-data.md). */
export const researchPath = (endpoint: string) => `/rest/research/${endpoint}`;

export const researchKey = (endpoint: string, params: ResearchParams | null) => ['research', endpoint, params] as const;

/** A 4xx says the request itself is wrong (a malformed domain, say): asking again will not help. */
const retryServerErrors = (failures: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && failures < 1;

/**
 * One research read. `params` null = not ready to ask (no query yet). While a new page, sort or filter loads, the
 * previous answer stays on screen (dimmed by the table) instead of an empty table.
 */
export function useResearch<Answer>(endpoint: string, asked: ResearchParams | null) {
  const params = withPageMonth(asked, useMonthParam(), endpoint);
  return useQuery({
    queryKey: researchKey(endpoint, params),
    queryFn: ({ signal }) => apiRequest<Answer>(researchPath(endpoint), { query: params ?? {}, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}

/**
 * The month a research page shows (?month=, the month picker: docs/decisions.md, "Issue 19: imported data shows where
 * users look") goes into each of its requests that does not name one; the months call itself lists every month.
 */
function withPageMonth(params: ResearchParams | null, month: string | null, endpoint: string): ResearchParams | null {
  if (!params || !month || endpoint === 'months' || params['month'] !== undefined) return params;
  return { ...params, month };
}

/** The same for the POST tables (bulk keyword upload, long outreach lists), whose parameters travel as a JSON body. */
export function useResearchPost<Answer>(endpoint: string, body: Record<string, unknown> | null) {
  return useQuery({
    queryKey: ['research', endpoint, 'post', body],
    queryFn: ({ signal }) => apiRequest<Answer>(researchPath(endpoint), { method: 'POST', body: body ?? {}, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}
