import { restPrefix, type QueueAlertRules, type QueueAlertsAnswer } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const base = `${restPrefix}/admin/queue-alerts`;

/**
 * The thresholds, webhook and alert history (issue 23 point 3). The open alerts come live with the overview; the
 * history is read again whenever they change (openKey: the open alerts' ids).
 */
export const useQueueAlerts = (openKey: string) =>
  useQuery({ queryKey: ['admin', 'queue-alerts', openKey], queryFn: () => apiRequest<QueueAlertsAnswer>(base), placeholderData: (previous) => previous });

export function useSetThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, rules }: { queue: string; rules: QueueAlertRules }) => apiRequest<QueueAlertsAnswer>(`${base}/thresholds/${queue}`, { method: 'PUT', body: { ...rules } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'queue-alerts'] }),
  });
}

export function useSetWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookUrl: string | null) => apiRequest<QueueAlertsAnswer>(`${base}/webhook`, { method: 'PUT', body: { webhookUrl } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'queue-alerts'] }),
  });
}
