import { restPrefix, type ExportStatus, type StartExportRequest } from '@serpwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /rest/exports: every row of a research table, as a job; the answer is its status (pending). */
export const startExport = (request: StartExportRequest) =>
  apiRequest<ExportStatus>(`${restPrefix}/exports`, { method: 'POST', body: request as unknown as Record<string, unknown> });

export const useStartExport = () => useMutation({ mutationFn: startExport });
