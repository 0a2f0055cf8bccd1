import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ExportNoticesProvider } from '../features/exports/components/export-notices';
import { RealtimeProvider, type RealtimeConnection } from '../lib/socket';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** App-wide providers (the export notices included, so every page can start an export); tests pass their own query client and a fake socket. */
export function Providers({ children, client, connection }: { children: ReactNode; client?: QueryClient; connection?: RealtimeConnection }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider connection={connection}>
        <ExportNoticesProvider>{children}</ExportNoticesProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
