import type { JobCenterEntry, LiveDataStarted, LiveDataState } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type LiveDataQuery = { domain: string; countryCode: string } | { keyword: string; countryCode: string };

export const liveDataKey = (query: LiveDataQuery | null) => ['live-data', query] as const;

/** GET /rest/live-data: what the page may offer for its subject (issue 20). */
export function useLiveDataState(query: LiveDataQuery | null) {
  return useQuery({
    queryKey: liveDataKey(query),
    queryFn: ({ signal }) => apiRequest<LiveDataState>('/rest/live-data', { query: query ?? {}, signal }),
    enabled: query !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /rest/live-data: starts the fetch (or answers the one running). */
export const startLiveData = (query: LiveDataQuery) => apiRequest<LiveDataStarted>('/rest/live-data', { method: 'POST', body: query });

/** Cancels a running fetch: it is a job-center job, so the job center's cancel (POST /rest/jobs/:id/cancel). */
export const cancelLiveData = (jobId: string) => apiRequest<JobCenterEntry>(`/rest/jobs/${jobId}/cancel`, { method: 'POST', body: {} });
