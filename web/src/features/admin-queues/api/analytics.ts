import { restPrefix, type AnalyticsCountsPage } from '@serpwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The range as the URL holds it: UTC days, each optional (the server's default is the last 7 days). */
export interface AnalyticsRange {
  from?: string;
  to?: string;
}

/** GET /rest/admin/analytics: each event's count per day of the range. */
export const getAnalyticsCounts = (range: AnalyticsRange) =>
  apiRequest<AnalyticsCountsPage>(`${restPrefix}/admin/analytics`, { query: { from: range.from || undefined, to: range.to || undefined } });

export const useAnalyticsCounts = (range: AnalyticsRange) =>
  useQuery({ queryKey: ['admin', 'analytics', range], queryFn: () => getAnalyticsCounts(range), placeholderData: keepPreviousData });
