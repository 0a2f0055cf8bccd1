import { isFinished, jobStatusPollMs, reportJob, restPrefix, type JobStatus, type PdfExportStatus } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useRealtime, useSocketConnected } from '@/lib/socket';
import { scheduledReportsKey } from './pdf-export';

const schedulePath = (id: string) => `${restPrefix}/reports/schedules/${encodeURIComponent(id)}`;

/** The next report of a schedule, drawn now (opens in a new tab). */
export const schedulePreviewPath = (id: string) => `${schedulePath(id)}/preview`;

export const deliveriesKey = (id: string) => ['scheduled-pdf-reports', id, 'deliveries'] as const;

const isDelivery = (status: JobStatus): status is PdfExportStatus => status.name === reportJob.name && Boolean((status as PdfExportStatus).pdf?.scheduleId);

/** How far a job has come: a late answer (Send now's 'queued') never takes back a later event ('active', 'completed'). */
const stage = (status: JobStatus) => (isFinished(status.state) ? 2 : status.state === 'active' ? 1 : 0);

/** A delivery's new status written into its schedule's loaded history: in place, or on top when it is new. */
function mergeDelivery(client: QueryClient, status: PdfExportStatus): void {
  const key = deliveriesKey(status.pdf.scheduleId!);
  client.setQueryData<PdfExportStatus[]>(key, (list) => {
    if (!list) return list;
    if (!list.some((delivery) => delivery.id === status.id)) return [status, ...list];
    return list.map((delivery) => (delivery.id === status.id && stage(status) >= stage(delivery) ? status : delivery));
  });
}

/**
 * A schedule's delivery history, live (issue 22 point 1): GET …/deliveries once, then every job.updated of a report
 * job of this schedule changes its line in place (or adds it on top) — the same socket events as every job's notice.
 * While the socket is down the history is read again every 3000 ms, and once more when it is back.
 */
export function useDeliveryHistory(scheduleId: string) {
  const connected = useSocketConnected();
  return useQuery({
    queryKey: deliveriesKey(scheduleId),
    queryFn: ({ signal }) => apiRequest<PdfExportStatus[]>(`${schedulePath(scheduleId)}/deliveries`, { signal }),
    staleTime: Infinity,
    refetchInterval: connected ? false : jobStatusPollMs,
    refetchIntervalInBackground: true,
  });
}

/**
 * The scheduled reports page's one listener: each delivery's event goes into its schedule's history, and a delivery
 * that ended reads the list again (its "Last delivery" cell).
 */
export function useLiveDeliveries(): void {
  const client = useQueryClient();
  const socket = useRealtime();
  const connected = useSocketConnected();
  useEffect(() => {
    const onUpdate = (status: JobStatus) => {
      if (!isDelivery(status)) return;
      mergeDelivery(client, status);
      if (isFinished(status.state)) void client.invalidateQueries({ queryKey: scheduledReportsKey, exact: true });
    };
    socket.on('job.updated', onUpdate);
    return () => {
      socket.off('job.updated', onUpdate);
    };
  }, [client, socket]);
  useEffect(() => {
    // Back from a drop: what was said meanwhile was not heard.
    if (connected) void client.invalidateQueries({ queryKey: scheduledReportsKey });
  }, [client, connected]);
}

/** Send now: one delivery at once; its answer is the delivery's first line in the history. */
export function useSendNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) => apiRequest<PdfExportStatus>(`${schedulePath(scheduleId)}/send-now`, { method: 'POST', body: {} }),
    onSuccess: (status) => mergeDelivery(client, status),
  });
}
