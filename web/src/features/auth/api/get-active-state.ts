import { useQuery } from '@tanstack/react-query';
import { activeStateRefreshMs, type ActiveState } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';
import { settleServedSession } from '@/lib/session-hint';

export const activeStateKey = ['active-state'] as const;

export const getActiveState = async () => {
  const state = await apiRequest<ActiveState>('/endpoints/accountapi/getactivestate');
  settleServedSession();
  return state;
};

/** The active state's query, for a handler that must wait for it (queryClient.fetchQuery) as well as for the hook. */
export const activeStateQuery = { queryKey: activeStateKey, queryFn: getActiveState, staleTime: activeStateRefreshMs };

/** Who the user is (docs/product/site.md §3). Refreshed at most hourly, or when the session poll says it changed. */
export function useActiveState() {
  return useQuery(activeStateQuery);
}
