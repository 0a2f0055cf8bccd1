import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';

/**
 * A link's records (notes, tasks, contact events) as they load: a spinner, then the refusal, the empty sentence, or
 * the records as `children` draws them.
 */
export function LinkRecords<T>({ query, loading, empty, children }: { query: UseQueryResult<T[]>; loading: string; empty: string; children: (records: T[]) => ReactNode }) {
  if (query.isLoading) return <Spinner label={loading} />;
  if (query.error) return <p role="alert">{errorsOf(query.error).join(' ')}</p>;
  if (!query.data?.length) return <p className="msf-empty">{empty}</p>;
  return children(query.data);
}
