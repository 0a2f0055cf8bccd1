import { restPrefix, type AdminAuditPage } from '@serpwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The audit log's filters and page as the URL holds them (every one optional but the page). */
export interface AuditFilters {
  admin?: string;
  action?: string;
  queue?: string;
  job?: string;
  from?: string;
  to?: string;
  startRow: number;
  pageSize: number;
}

export function auditQueryString(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** GET /rest/admin/audit-log: one page of the filtered log, newest first. */
export const getAuditLog = (filters: AuditFilters) => apiRequest<AdminAuditPage>(`${restPrefix}/admin/audit-log?${auditQueryString(filters)}`);

export const useAuditLog = (filters: AuditFilters) =>
  useQuery({ queryKey: ['admin', 'audit-log', filters], queryFn: () => getAuditLog(filters), placeholderData: keepPreviousData });
