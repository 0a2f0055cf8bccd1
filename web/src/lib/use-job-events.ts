import { isFinished, jobStatusPollMs, restPrefix, type JobStatus } from '@serpwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { useRealtime, useSocketConnected } from './socket';

export const jobQueryKey = (id: string) => ['job', id] as const;

export type JobTransport = 'socket' | 'polling' | 'idle';

/**
 * A job's live status. Socket events write straight into the query cache; while the socket is down the same
 * query polls GET /rest/jobs/:id every 3000 ms (the documented poll), and stops the moment the socket is back.
 * On reconnect it fetches once, to catch up on anything said while it was away.
 */
export function useJobEvents(
  jobId: string | null,
  initial?: JobStatus,
  /** Where the poll reads the status: a feature's own view of its jobs (e.g. /rest/exports/:id, with its download link). */
  statusPath: (id: string) => string = (id) => `${restPrefix}/jobs/${id}`,
): { status: JobStatus | undefined; transport: JobTransport } {
  const queryClient = useQueryClient();
  const socket = useRealtime();
  const connected = useSocketConnected();

  const query = useQuery({
    queryKey: jobQueryKey(jobId ?? 'none'),
    queryFn: ({ signal }) => apiRequest<JobStatus>(statusPath(jobId!), { signal }),
    enabled: jobId !== null,
    initialData: initial,
    staleTime: Infinity,
    refetchInterval: (current) => (connected || (current.state.data && isFinished(current.state.data.state)) ? false : jobStatusPollMs),
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (!jobId) return;
    const onUpdate = (status: JobStatus) => {
      if (status.id === jobId) queryClient.setQueryData(jobQueryKey(jobId), status);
    };
    socket.on('job.updated', onUpdate);
    return () => {
      socket.off('job.updated', onUpdate);
    };
  }, [jobId, queryClient, socket]);

  useEffect(() => {
    if (connected && jobId) void queryClient.invalidateQueries({ queryKey: jobQueryKey(jobId) });
  }, [connected, jobId, queryClient]);

  const finished = query.data ? isFinished(query.data.state) : false;
  const transport: JobTransport = !jobId || finished ? 'idle' : connected ? 'socket' : 'polling';
  return { status: query.data, transport };
}
