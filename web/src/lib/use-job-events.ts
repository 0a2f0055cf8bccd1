import { isFinished, jobStatusPollMs, restPrefix, type JobStatus } from '@serpwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { useRealtime, useSocketConnected, useSocketLink } from './socket';

export const jobQueryKey = (id: string) => ['job', id] as const;

const stateOrder: Record<JobStatus['state'], number> = { queued: 0, active: 1, completed: 2, failed: 2, cancelled: 2 };

/**
 * Whether status `a` is further on than `b` in the job's life: a later attempt, or in the same attempt a later state
 * (queued, running, finished), or in the same state more done.
 */
export function isLaterStatus(a: JobStatus, b: JobStatus): boolean {
  if (a.attempts !== b.attempts) return a.attempts > b.attempts;
  if (stateOrder[a.state] !== stateOrder[b.state]) return stateOrder[a.state] > stateOrder[b.state];
  return a.percent > b.percent;
}

/** How the status arrives: the socket; the 3-s poll while the socket is first connecting, or after it failed or dropped. */
export type JobTransport = 'socket' | 'connecting' | 'polling' | 'idle';

/**
 * A job's live status. Socket events write straight into the query cache; while the socket is down the same
 * query polls GET /rest/jobs/:id every 3000 ms (the documented poll), and stops the moment the socket is back.
 * On reconnect it fetches once, to catch up on anything said while it was away, and once more when the server says
 * the socket's rooms are joined ('session.ready').
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
  const link = useSocketLink();

  const query = useQuery({
    queryKey: jobQueryKey(jobId ?? 'none'),
    queryFn: async ({ signal }) => {
      const key = jobQueryKey(jobId!);
      const before = queryClient.getQueryData<JobStatus>(key);
      const read = await apiRequest<JobStatus>(statusPath(jobId!), { signal });
      // An event that arrived while this read was on its way may say more than the read (on a busy server the read of
      // 'active' answered after the 'completed' event, and put the job back to running for good): the later one stays.
      const heard = queryClient.getQueryData<JobStatus>(key);
      return heard && heard !== before && isLaterStatus(heard, read) ? heard : read;
    },
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
    // The server says its rooms are joined (after 'connect' has fired on this side): anything said between the two
    // was not heard, so read the status once more.
    const onReady = () => void queryClient.refetchQueries({ queryKey: jobQueryKey(jobId) }, { cancelRefetch: false });
    socket.on('job.updated', onUpdate);
    socket.on('session.ready', onReady);
    return () => {
      socket.off('job.updated', onUpdate);
      socket.off('session.ready', onReady);
    };
  }, [jobId, queryClient, socket]);

  useEffect(() => {
    // A read already under way (the one 'session.ready' asked for) is enough: no second one.
    if (connected && jobId) void queryClient.refetchQueries({ queryKey: jobQueryKey(jobId) }, { cancelRefetch: false });
  }, [connected, jobId, queryClient]);

  const finished = query.data ? isFinished(query.data.state) : false;
  const transport: JobTransport = !jobId || finished ? 'idle' : connected ? 'socket' : link === 'lost' ? 'polling' : 'connecting';
  return { status: query.data, transport };
}
