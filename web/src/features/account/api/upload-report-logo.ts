import { csrfHeaderName, type ApiError, type ReportDesignSettings } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { csrfToken } from '../../../lib/csrf';
import { reportDesignKey, reportDesignPath } from './get-report-design';

/** The logo goes as multipart/form-data (field "logo"), which apiRequest (JSON only) does not send. */
export async function uploadReportLogo(file: File): Promise<ReportDesignSettings> {
  const form = new FormData();
  form.append('logo', file, file.name);
  const response = await fetch(`${reportDesignPath}/logo`, {
    method: 'POST',
    headers: { accept: 'application/json', [csrfHeaderName]: await csrfToken() },
    credentials: 'same-origin',
    body: form,
  });
  const text = await response.text();
  const data = (text ? JSON.parse(text) : null) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? `The upload failed (${response.status}).`, error.errors ?? []);
  }
  return data as ReportDesignSettings;
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
