import type { RequestedKeywordsAnswer } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const requestedKeywordsKey = ['account', 'requested-keywords'] as const;
export const getRequestedKeywords = () => apiRequest<RequestedKeywordsAnswer>('/NsaApi/Account/GetRequestedKeywords');
/** Refreshes every 30 s while shown, so queued requests move on screen. */
export const useRequestedKeywords = () => useQuery({ queryKey: requestedKeywordsKey, queryFn: getRequestedKeywords, refetchInterval: 30_000 });
