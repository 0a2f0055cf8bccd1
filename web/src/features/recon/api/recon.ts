import type { CompetitorProject, HqDashboard, ReconLiveRanking, ReconRankingDetails, ReconReport, ReconReportBody } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The recon calls (docs/projects-api.md "Recon reports") and the /hq and /competitor-projects data. */
export const reconKeys = {
  all: ['recon'] as const,
  reports: () => [...reconKeys.all, 'reports'] as const,
  report: (id: string) => [...reconKeys.all, 'report', id] as const,
  ranking: (id: string) => [...reconKeys.all, 'ranking', id] as const,
  details: (id: string, termId: string) => [...reconKeys.all, 'details', id, termId] as const,
  dashboard: () => [...reconKeys.all, 'hq'] as const,
  competitors: () => [...reconKeys.all, 'competitor-projects'] as const,
};

const base = '/rest/recon/reports';

export const useReconReports = (enabled = true) => useQuery({ queryKey: reconKeys.reports(), queryFn: () => apiRequest<ReconReport[]>(base), enabled });

export const useReconReport = (id: string | null) =>
  useQuery({ queryKey: reconKeys.report(id ?? ''), queryFn: () => apiRequest<ReconReport>(`${base}/${id}`), enabled: Boolean(id) });

export const useLiveRanking = (id: string) => useQuery({ queryKey: reconKeys.ranking(id), queryFn: () => apiRequest<ReconLiveRanking>(`${base}/${id}/live-ranking`) });

export const useRankingDetails = (id: string, termId: string) =>
  useQuery({ queryKey: reconKeys.details(id, termId), queryFn: () => apiRequest<ReconRankingDetails>(`${base}/${id}/live-ranking/${termId}`) });

export const useHqDashboard = () => useQuery({ queryKey: reconKeys.dashboard(), queryFn: () => apiRequest<HqDashboard>('/rest/hq/dashboard') });

export const useCompetitorProjects = () => useQuery({ queryKey: reconKeys.competitors(), queryFn: () => apiRequest<CompetitorProject[]>('/rest/projects/competitors') });

/** Creates a report (no id) or saves an edited one; refreshes every recon view. */
export function useSaveReconReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ReconReportBody }) =>
      apiRequest<ReconReport>(id ? `${base}/${id}` : base, { method: 'POST', body: body as unknown as Record<string, unknown> }),
    onSuccess: () => client.invalidateQueries({ queryKey: reconKeys.all }),
  });
}

export function useDeleteReconReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ isSuccessful: boolean }>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: reconKeys.all }),
  });
}
