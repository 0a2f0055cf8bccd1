import { restPrefix, type ProjectAlert, type RankAlertEvent, type SaveProjectAlert } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The account's project alerts (docs/product/account-exports-reports.md §7) and a rank alert's history (issue 22). */
const base = '/NsaApi/Account';
export const projectAlertsKey = ['project-alerts'] as const;

export const useProjectAlerts = () => useQuery({ queryKey: projectAlertsKey, queryFn: () => apiRequest<ProjectAlert[]>(`${base}/GetProjectAlerts`) });

export const useSaveProjectAlert = () =>
  useRefreshingMutation(projectAlertsKey, (alert: Partial<SaveProjectAlert> & Pick<SaveProjectAlert, 'projectId' | 'name' | 'alertRecipients'>) =>
    apiRequest<{ data: { alert: ProjectAlert } }>(`${base}/SaveProjectAlert`, { method: 'POST', body: alert as unknown as Record<string, unknown> }));

/** DeleteProjectAlert is a documented GET that deletes: it carries the cross-site token. */
export const useDeleteProjectAlert = () =>
  useRefreshingMutation(projectAlertsKey, (alertId: string) => apiRequest(`${base}/DeleteProjectAlert`, { csrf: true, query: { alertId } }));

export const useRankAlertHistory = (alertId: string) =>
  useQuery({ queryKey: [...projectAlertsKey, alertId, 'history'], queryFn: () => apiRequest<RankAlertEvent[]>(`${restPrefix}/project-alerts/${encodeURIComponent(alertId)}/history`) });
