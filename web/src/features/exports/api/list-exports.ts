import { restPrefix, type ExportStatus } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const exportsListKey = ['exports'] as const;

/** GET /rest/exports: the user's own exports, newest first, each with a fresh download link when ready. */
export const listExports = () => apiRequest<ExportStatus[]>(`${restPrefix}/exports`);

export const useExportsList = () => useQuery({ queryKey: exportsListKey, queryFn: listExports });
