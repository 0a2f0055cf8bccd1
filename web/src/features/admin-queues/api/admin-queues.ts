import { restPrefix, type AdminActionsState, type AdminJobHistory, type AdminQueuesOverview, type FailedJobInfo, type QueueSamplesAnswer } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useRealtime, useSocketConnected } from '@/lib/socket';

const base = `${restPrefix}/admin/queues`;
export const adminQueuesKey = ['admin', 'queues'] as const;

/** GET /rest/admin/queues: counts, throughput, percentiles, jobs, workers, schedules. */
export const getAdminQueues = () => apiRequest<AdminQueuesOverview>(base);
export const getFailedJobs = (queue: string) => apiRequest<FailedJobInfo[]>(`${base}/${queue}/failed`);
export const getJobHistory = (id: string) => apiRequest<AdminJobHistory>(`${base}/jobs/${id}`);
export const getQueueSamples = () => apiRequest<QueueSamplesAnswer>(`${base}/samples`);

/** The charts' 24 hours of per-minute samples: one sample is added a minute, so they are read again each minute. */
export const useQueueSamples = () => useQuery({ queryKey: ['admin', 'samples'], queryFn: getQueueSamples, refetchInterval: 60_000 });

/**
 * The overview, kept live by `admin.queues` socket events; it polls (every 3 s) only while the socket is down,
 * like a job status.
 */
export function useAdminQueues() {
  const socket = useRealtime();
  const connected = useSocketConnected();
  const queryClient = useQueryClient();
  useEffect(() => {
    const listener = (overview: AdminQueuesOverview) => queryClient.setQueryData(adminQueuesKey, overview);
    socket.on('admin.queues', listener);
    return () => {
      socket.off('admin.queues', listener);
    };
  }, [socket, queryClient]);
  return useQuery({ queryKey: adminQueuesKey, queryFn: getAdminQueues, refetchInterval: connected ? false : 3_000 });
}

/** The failed jobs of a queue with error and stack; read again whenever the live failed count changes. */
export const useFailedJobs = (queue: string, failedCount: number) =>
  useQuery({ queryKey: ['admin', 'failed', queue, failedCount], queryFn: () => getFailedJobs(queue), enabled: failedCount > 0 });

export const useJobHistory = (id: string | null) => useQuery({ queryKey: ['admin', 'history', id], queryFn: () => getJobHistory(id!), enabled: id !== null });

export type QueueAction = { kind: 'pause' | 'resume' | 'retry-all'; queue: string } | { kind: 'retry' | 'remove' | 'cancel' | 'promote'; queue: string; jobId: string };

const actionPath = (action: QueueAction) =>
  'jobId' in action ? `${base}/${action.queue}/jobs/${encodeURIComponent(action.jobId)}/${action.kind}` : `${base}/${action.queue}/${action.kind}`;

/** Any admin action; the page's figures then come back over the socket (and are read once now). */
export function useQueueAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: QueueAction) => apiRequest<unknown>(actionPath(action), { method: 'POST', body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const adminActionsKey = ['admin', 'actions'] as const;

/** GET /rest/admin/actions: until when admin actions are on for this session (null: off), read again on every page. */
export const useAdminActionsState = () =>
  useQuery({ queryKey: adminActionsKey, queryFn: () => apiRequest<AdminActionsState>(`${restPrefix}/admin/actions`) });

/** POST /rest/admin/actions: admin actions on for one hour (docs/product/site.md §6); every page's switch shows it. */
export function useEnableAdminActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdminActionsState>(`${restPrefix}/admin/actions`, { method: 'POST', body: {} }),
    // The page's first read of the state may still be in flight: answered after this POST it would put back "off"
    // (a loaded CI run saw the switch never show its time). Drop it; the POST's answer is the state.
    onMutate: () => queryClient.cancelQueries({ queryKey: adminActionsKey }),
    onSuccess: (state) => queryClient.setQueryData(adminActionsKey, state),
  });
}
