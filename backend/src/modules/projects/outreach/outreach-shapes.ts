import { allProjectsId, type ContactSummary, type LinkContactEvent, type LinkNote, type LinkSummary, type LinkTask, type RelationshipId, type WebsiteSummary, type ContactEventType } from '@serpwise/contracts';
import type { ContactRecord, LinkContactEventRecord, LinkNoteRecord, LinkRecord, LinkTaskRecord, WebsiteRecord } from '@serpwise/database';

/** Records → API answers. The All Projects bucket (no project) is the all-zeros GUID in every answer. */
const projectIdOf = (projectId: string | null) => projectId ?? allProjectsId;

export const toLinkSummary = (link: LinkRecord): LinkSummary => ({
  urlId: link.id,
  urlName: link.url,
  domainId: link.websiteId,
  domainName: link.domain,
  projectId: projectIdOf(link.projectId),
  urlMonthlyOrganicClicks: link.monthlyOrganicClicks,
  urlRankedKeywords: link.rankedKeywords,
  rating: link.rating,
  relationship: link.relationship as RelationshipId,
  tags: link.tags,
  noteCount: link.noteCount,
  openTaskCount: link.openTaskCount,
  lastContactedAt: link.lastContactedAt,
  createdAt: link.createdAt,
});

export const toWebsiteSummary = (website: WebsiteRecord): WebsiteSummary => ({
  domainId: website.id,
  domainName: website.domain,
  projectId: projectIdOf(website.projectId),
  rating: website.rating,
  relationship: website.relationship as RelationshipId,
  tags: website.tags,
  linkCount: website.linkCount,
  contactCount: website.contactCount,
  createdAt: website.createdAt,
});

export const toContactSummary = (contact: ContactRecord): ContactSummary => ({
  contactId: contact.id,
  name: contact.name,
  email: contact.email,
  role: contact.role,
  domainId: contact.websiteId,
  domainName: contact.domain,
  projectId: projectIdOf(contact.projectId),
  eventCount: contact.eventCount,
  lastContactedAt: contact.lastContactedAt,
});

export const toLinkNote = (note: LinkNoteRecord): LinkNote => ({
  noteRowId: note.id,
  urlId: note.linkId,
  note: note.text,
  authorEmail: note.authorEmail,
  createdAt: note.createdAt,
});

export const toLinkTask = (task: LinkTaskRecord): LinkTask => ({
  taskRowId: task.id,
  urlId: task.linkId,
  title: task.title,
  details: task.details,
  dueDate: task.dueDate,
  isComplete: task.isComplete,
  completedAt: task.completedAt,
  createdAt: task.createdAt,
});

export const toContactEvent = (event: LinkContactEventRecord): LinkContactEvent => ({
  rowId: event.id,
  urlId: event.linkId,
  eventType: event.eventType as ContactEventType,
  eventDate: event.eventDate,
  notes: event.notes,
  contact: event.contact ? { contactId: event.contact.id, name: event.contact.name, email: event.contact.email } : null,
  createdAt: event.createdAt,
});
