import type { RequestedKeywordsAnswer } from '@serpwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useJobEvents, type JobTransport } from '@/lib/use-job-events';

export const requestedKeywordsKey = ['account', 'requested-keywords'] as const;
export const getRequestedKeywords = () => apiRequest<RequestedKeywordsAnswer>('/NsaApi/Account/GetRequestedKeywords');
/** Refreshes every 30 s while shown, so queued requests move on screen. */
export const useRequestedKeywords = () => useQuery({ queryKey: requestedKeywordsKey, queryFn: getRequestedKeywords, refetchInterval: 30_000 });

/**
 * Follows the running fetch job live: each `job.updated` of it (or, while the socket is down, each change the
 * 3-s poll of the job sees) reloads the list, so keywords move queued → processing → ready on screen.
 */
export function useRequestedKeywordsLive(fetchJobId: string | null): JobTransport {
  const client = useQueryClient();
  const { status, transport } = useJobEvents(fetchJobId);
  const step = status ? `${status.state}:${status.done}:${status.total}` : null;
  useEffect(() => {
    if (step) void client.invalidateQueries({ queryKey: requestedKeywordsKey });
  }, [client, step]);
  return transport;
}
