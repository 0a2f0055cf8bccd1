import type { ReportDesignSettings } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reportDesignKey, reportDesignPath } from './get-report-design';

/** The logo goes as multipart/form-data (field "logo"). */
export function uploadReportLogo(file: File): Promise<ReportDesignSettings> {
  const form = new FormData();
  form.append('logo', file, file.name);
  return apiRequest<ReportDesignSettings>(`${reportDesignPath}/logo`, { method: 'POST', form });
}

export const deleteReportLogo = () => apiRequest<ReportDesignSettings>(`${reportDesignPath}/logo`, { method: 'DELETE' });

export function useUploadReportLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadReportLogo, onSuccess: (saved) => client.setQueryData(reportDesignKey, saved) });
}

export function useDeleteReportLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteReportLogo, onSuccess: (saved) => client.setQueryData(reportDesignKey, saved) });
}
