import { restPrefix, type AdminBulkAction, type AdminBulkAnswer, type AdminJobSearchPage, type AdminJobStory } from '@serpwise/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The job search's filters and page, as the URL holds them. */
export interface JobFilters {
  id?: string;
  email?: string;
  queue?: string;
  state?: string;
  from?: string;
  to?: string;
  startRow: number;
  pageSize: number;
}

const queryOf = (filters: JobFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

/** GET /rest/admin/jobs: the job records matching the filters, newest first. */
export const useJobSearch = (filters: JobFilters) =>
  useQuery({
    queryKey: ['admin', 'jobs', filters],
    queryFn: () => apiRequest<AdminJobSearchPage>(`${restPrefix}/admin/jobs?${queryOf(filters)}`),
    placeholderData: keepPreviousData,
  });

/** GET /rest/admin/jobs/:id: a job's full story. */
export const useJobStory = (id: string | null) =>
  useQuery({ queryKey: ['admin', 'story', id], queryFn: () => apiRequest<AdminJobStory>(`${restPrefix}/admin/jobs/${encodeURIComponent(id!)}`), enabled: id !== null });

/** POST /rest/admin/jobs/bulk: one action on the chosen jobs; the search and the console read again after it. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { action: AdminBulkAction; jobs: { queue: string; id: string }[] }) =>
      apiRequest<AdminBulkAnswer>(`${restPrefix}/admin/jobs/bulk`, { method: 'POST', body: request }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
