import { restPrefix, type ReportShareLink, type ShareLinkDays } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const jobLinksPath = (jobId: string) => `${restPrefix}/reports/jobs/${encodeURIComponent(jobId)}/share-links`;

export const shareLinksKey = (jobId: string) => ['report-share-links', jobId] as const;

/** A report's share links (issue 22 point 5), newest first. */
export function useShareLinks(jobId: string) {
  return useQuery({ queryKey: shareLinksKey(jobId), queryFn: ({ signal }) => apiRequest<ReportShareLink[]>(jobLinksPath(jobId), { signal }) });
}

/** Makes a link; its answer is the only one that carries the link's address. */
export function useCreateShareLink(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: ShareLinkDays) => apiRequest<ReportShareLink>(jobLinksPath(jobId), { method: 'POST', body: { days } }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(jobId) }),
  });
}

export function useRevokeShareLink(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => apiRequest<ReportShareLink>(`${restPrefix}/reports/share-links/${encodeURIComponent(linkId)}/revoke`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(jobId) }),
  });
}
