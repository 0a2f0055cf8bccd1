import type {
  ContactDetails,
  ContactEventType,
  ContactSummary,
  DomainContext,
  HistoryEntry,
  LinkContactEvent,
  LinkDetails,
  LinkNote,
  LinkSummary,
  LinkTask,
  RelationshipId,
  UrlContext,
  WebsiteDetails,
  WebsiteSummary,
} from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { nsa, projectKeys } from './base';

/**
 * The outreach calls (docs/product/projects.md §7 "Outreach link manager" and "Other project calls"): every one is a GET with query
 * parameters; those that change something carry the cross-site request token (csrf: true).
 */

type Done = { isSuccessful: true };
const change = <T>(path: string, query: Record<string, string | number | boolean | undefined>, repeatedQuery?: Record<string, string[]>) =>
  apiRequest<T>(nsa(path), { csrf: true, query, repeatedQuery });

// ------------------------------------------------------------------ lists

export const getLinks = (projectId?: string) => apiRequest<LinkSummary[]>(nsa('Link/GetLinks'), { query: { projectId } });
export const getLink = (urlId: string, projectId?: string) => apiRequest<LinkDetails>(nsa('Link/GetLink'), { query: { urlId, projectId } });

/** Link/AddLink: adding a URL (docs/product/projects.md §4); the same address answers the same link again. */
export const addLink = (link: { fullUrl: string; pageMonthlyOrganicClicks?: number; rankedKeywords?: number; projectId?: string }) =>
  apiRequest<LinkSummary>(nsa('Link/AddLink'), { csrf: true, query: link });
export const deleteLink = (urlId: string, projectId?: string) => change<Done & { urlId: string }>('Link/DeleteLink', { urlId, projectId });

/** LinkHistory/GetLinkHistory: the account's, a project's, or (with urlId) one link's; newest first. */
export const getHistory = (projectId?: string, urlId?: string) => apiRequest<HistoryEntry[]>(nsa('LinkHistory/GetLinkHistory'), { query: { projectId, urlId } });
export const getWebsites = (projectId?: string) => apiRequest<WebsiteSummary[]>('/rest/projects/websites', { query: { projectId } });
export const getWebsite = (domainId: string) => apiRequest<WebsiteDetails>('/rest/projects/website', { query: { domainId } });
export const getContacts = (projectId?: string) => apiRequest<ContactSummary[]>('/rest/projects/contacts', { query: { projectId } });
export const getContact = (contactId: string) => apiRequest<ContactDetails>('/rest/projects/contact', { query: { contactId } });

// ------------------------------------------------------------------ a link's notes, tasks and contact events

export const getLinkNotes = (urlId: string) => apiRequest<LinkNote[]>(nsa('LinkNotes/GetLinkNotes'), { query: { urlId } });
export const addLinkNote = (urlId: string, note: string) => change<LinkNote>('LinkNotes/AddLinkNote', { urlId, note });
export const deleteLinkNote = (noteRowId: string) => change<Done>('LinkNotes/DeleteLinkNote', { noteRowId });

export const getLinkTasks = (urlId: string) => apiRequest<LinkTask[]>(nsa('LinkTasks/GetLinkTasks'), { query: { urlId } });
export const addLinkTask = (urlId: string, task: { title: string; details?: string; dueDate?: string }) =>
  change<LinkTask>('LinkTasks/AddLinkTask', { urlId, title: task.title, details: task.details || undefined, dueDate: task.dueDate || undefined });
/** An empty details or dueDate clears it (the contract's rule). */
export const updateLinkTask = (taskRowId: string, task: { title?: string; details?: string; dueDate?: string; isComplete?: boolean }) =>
  change<LinkTask>('LinkTasks/UpdateLinkTask', { taskRowId, ...task });
export const deleteLinkTask = (taskRowId: string) => change<Done>('LinkTasks/DeleteLinkTask', { taskRowId });

export const getLinkContactEvents = (urlId: string) => apiRequest<LinkContactEvent[]>(nsa('LinkContactEvents/GetLinkContactEvents'), { query: { urlId } });
export const addLinkContactEvent = (
  urlId: string,
  event: { eventType: ContactEventType; eventDate?: string; notes?: string; contactId?: string; contactName?: string; contactEmail?: string },
) =>
  change<LinkContactEvent>('LinkContactEvents/AddLinkContactEvent', {
    urlId,
    eventType: event.eventType,
    eventDate: event.eventDate || undefined,
    notes: event.notes || undefined,
    contactId: event.contactId || undefined,
    contactName: event.contactName || undefined,
    contactEmail: event.contactEmail || undefined,
  });
export const deleteLinkContactEvent = (rowId: string) => change<Done>('LinkContactEvents/DeleteLinkContactEvent', { rowId });

// ------------------------------------------------------------------ ratings, relationships, tags, contexts, moves

/** What a rating, relationship or tags change is about: a website (domainId) or a link (urlId). */
export type OutreachSubject = { kind: 'website'; domainId: string } | { kind: 'link'; urlId: string };
const subjectQuery = (subject: OutreachSubject) => (subject.kind === 'website' ? { domainId: subject.domainId } : { urlId: subject.urlId });
const subjectPath = (subject: OutreachSubject) => (subject.kind === 'website' ? 'UpdateDomain' : 'UpdateUrl');

export const getRelationships = () => apiRequest<{ relationshipId: RelationshipId; name: string }[]>(nsa('Relationships/GetRelationships'));
export const updateRelationship = (subject: OutreachSubject, relationshipId: RelationshipId) =>
  change<WebsiteSummary | LinkSummary>(`Relationships/${subjectPath(subject)}`, { ...subjectQuery(subject), relationshipId });
export const updateRating = (subject: OutreachSubject, rating: number) => change<WebsiteSummary | LinkSummary>(`Ratings/${subjectPath(subject)}`, { ...subjectQuery(subject), rating });
/** Tags/UpdateTags replaces the whole list (repeated `tags` parameters; none clears it). */
export const updateTags = (subject: OutreachSubject, tags: string[]) => change<{ tags: string[] }>('Tags/UpdateTags', subjectQuery(subject), { tags });

export const getDomainContext = (domainId: string) => apiRequest<DomainContext>(nsa('Contexts/GetDomain'), { query: { domainId } });
export const getUrlContext = (urlId: string) => apiRequest<UrlContext>(nsa('Contexts/GetUrl'), { query: { urlId } });
export const moveDomainToProject = (domainId: string, projectId: string) => change<WebsiteSummary>('ProjectActions/MoveDomainToProject', { domainId, projectId });

// ------------------------------------------------------------------ queries

export function useOutreachList<T>(kind: 'links' | 'websites' | 'contacts' | 'history', projectId: string | undefined, fetcher: (projectId?: string) => Promise<T[]>) {
  return useQuery({ queryKey: [...projectKeys.all, kind, projectId ?? ''], queryFn: () => fetcher(projectId) });
}

/** One outreach record's query; every change invalidates `projectKeys.all`, so lists and details refresh together. */
export function useOutreachRecord<T>(kind: string, id: string, fetcher: () => Promise<T>) {
  return useQuery({ queryKey: [...projectKeys.all, 'outreach', kind, id], queryFn: fetcher });
}
