import type { ContactSummary, HistoryEntry, LinkDetails, LinkSummary, WebsiteSummary } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { nsa, projectKeys } from './base';

/** The outreach calls the panel's lists use (02 §7); the CRM detail calls (notes, tasks, contact events) come later. */
export const getLinks = (projectId?: string) => apiRequest<LinkSummary[]>(nsa('Link/GetLinks'), { query: { projectId } });
export const getLink = (urlId: string, projectId?: string) => apiRequest<LinkDetails>(nsa('Link/GetLink'), { query: { urlId, projectId } });

/** Link/AddLink: adding a URL (02 §4); the same address answers the same link again. */
export const addLink = (link: { fullUrl: string; pageMonthlyOrganicClicks?: number; rankedKeywords?: number; projectId?: string }) =>
  apiRequest<LinkSummary>(nsa('Link/AddLink'), { csrf: true, query: link });

export const getHistory = (projectId?: string) => apiRequest<HistoryEntry[]>(nsa('LinkHistory/GetLinkHistory'), { query: { projectId } });
export const getWebsites = (projectId?: string) => apiRequest<WebsiteSummary[]>('/rest/projects/websites', { query: { projectId } });
export const getContacts = (projectId?: string) => apiRequest<ContactSummary[]>('/rest/projects/contacts', { query: { projectId } });

export function useOutreachList<T>(kind: 'links' | 'websites' | 'contacts' | 'history', projectId: string | undefined, fetcher: (projectId?: string) => Promise<T[]>) {
  return useQuery({ queryKey: [...projectKeys.all, kind, projectId ?? ''], queryFn: () => fetcher(projectId) });
}
