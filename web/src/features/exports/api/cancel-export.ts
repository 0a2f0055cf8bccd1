import { restPrefix, type ExportStatus } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jobQueryKey } from '@/lib/use-job-events';

/** POST /rest/exports/:id/cancel: a queued or running export stops and leaves no file. */
export const cancelExport = (id: string) => apiRequest<ExportStatus>(`${restPrefix}/exports/${id}/cancel`, { method: 'POST', body: {} });

export function useCancelExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelExport,
    onSuccess: (status) => {
      // The job center's list hears of it through the socket event the API sends (job.updated).
      queryClient.setQueryData(jobQueryKey(status.id), status);
    },
  });
}
