import { jobListLimits, restPrefix, type ExportStatus, type JobCenterEntry, type JobListPage } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /rest/jobs: a page of the user's jobs, newest first; `before` is the previous page's `next`. */
export const listJobs = (before: string | null, signal?: AbortSignal) =>
  apiRequest<JobListPage>(`${restPrefix}/jobs`, { query: { limit: jobListLimits.default, before: before ?? undefined }, signal });

/** POST /rest/jobs/:id/cancel and /retry; the answer (and the socket event) updates the row in place. */
export const cancelJob = (id: string) => apiRequest<JobCenterEntry>(`${restPrefix}/jobs/${id}/cancel`, { method: 'POST', body: {} });
export const retryJob = (id: string) => apiRequest<JobCenterEntry>(`${restPrefix}/jobs/${id}/retry`, { method: 'POST', body: {} });

/** Run again: the export's own request, posted again as it was asked (POST /rest/exports); a new job, a new row. */
export const runExportAgain = (job: Pick<ExportStatus, 'export'>) =>
  apiRequest<ExportStatus>(`${restPrefix}/exports`, { method: 'POST', body: { table: job.export.table, params: job.export.params, format: job.export.format, scope: job.export.scope } });
