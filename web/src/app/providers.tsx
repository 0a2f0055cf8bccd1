import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { activeStateQuery } from '@/features/auth';
import { ExportNoticesProvider } from '@/features/exports';
import { ApiRequestError } from '@/lib/api-client';
import { onTrackingRefetch } from '@/lib/scraper-token';
import { RealtimeProvider, type RealtimeConnection } from '@/lib/socket';

/** One retry, except for a limit's 429: asking again at once only uses up more of the limit. */
const retryOnce = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiRequestError && error.status === 429);

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } } });

/** App-wide providers (the export notices included, so every page can start an export); tests pass their own query client and a fake socket. */
export function Providers({ children, client, connection }: { children: ReactNode; client?: QueryClient; connection?: RealtimeConnection }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // An answer with info: 2 refetches the tracking state through the active-state query, so the page sees it too.
  useEffect(() => onTrackingRefetch(() => queryClient.fetchQuery({ ...activeStateQuery, staleTime: 0 })), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider connection={connection}>
        <ExportNoticesProvider>{children}</ExportNoticesProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
