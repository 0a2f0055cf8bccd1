import type { ReportDesignSettings, SaveReportDesign } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reportDesignKey, reportDesignPath } from './get-report-design';

export const saveReportDesign = (design: SaveReportDesign) => apiRequest<ReportDesignSettings>(reportDesignPath, { method: 'PUT', body: { ...design } });

export function useSaveReportDesign() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveReportDesign, onSuccess: (saved) => client.setQueryData(reportDesignKey, saved) });
}
