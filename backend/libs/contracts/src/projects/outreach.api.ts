import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../accounts/email.js';
import { accountMessages } from '../accounts/messages.js';
import { dateField, domainIdField, nsaCall, projectIdField, queryBoolean, urlIdField } from './common.js';
import { normaliseTags, projectLimits } from './limits.js';
import { outreachMessages, projectMessages } from './messages.js';

/** The outreach CRM (docs/product/projects.md §2 "Outreach", §7 outreach link manager and other project calls). */

export const outreachRelationships = [
  { relationshipId: 'none', name: 'No relationship' },
  { relationshipId: 'prospect', name: 'Prospect' },
  { relationshipId: 'contacted', name: 'Contacted' },
  { relationshipId: 'responded', name: 'Responded' },
  { relationshipId: 'negotiating', name: 'Negotiating' },
  { relationshipId: 'linked', name: 'Link live' },
  { relationshipId: 'declined', name: 'Declined' },
] as const;
export type RelationshipId = (typeof outreachRelationships)[number]['relationshipId'];
const relationshipIds = outreachRelationships.map((entry) => entry.relationshipId) as [RelationshipId, ...RelationshipId[]];
const relationshipField = z.enum(relationshipIds, { message: `The relationship is one of ${relationshipIds.join(', ')}.` });

export const contactEventTypes = ['email', 'phone', 'social', 'form', 'meeting', 'other'] as const;
export type ContactEventType = (typeof contactEventTypes)[number];

const ratingField = z.coerce
  .number({ message: 'The rating is a number of stars.' })
  .int('The rating is a whole number of stars.')
  .min(0, `The rating is 0 to ${projectLimits.stars} stars.`)
  .max(projectLimits.stars, `The rating is 0 to ${projectLimits.stars} stars.`);
const countField = z.coerce.number().int().min(0).max(2_000_000_000).optional();
/** The textarea limit (docs/product/projects.md §5), with its documented message. */
const longText = () => z.string().max(projectLimits.textareaMaxLength, projectMessages.textareaTooLong(projectLimits.textareaMaxLength));

/** Tags from repeated `tags` parameters (or a JSON array); the tag input's rules apply. */
const tagsField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, context) => {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const { tags, invalid } = normaliseTags(list);
    if (invalid.length) context.addIssue({ code: 'custom', message: `A tag is at most ${projectLimits.maxTagLength} characters: "${invalid[0]!.slice(0, 60)}".` });
    if (tags.length > projectLimits.maxTags) context.addIssue({ code: 'custom', message: `At most ${projectLimits.maxTags} tags.` });
    return tags;
  });

const emailField = z
  .string()
  .max(254)
  .transform(normalizeEmail)
  .refine((value) => value === '' || isValidEmail(value), accountMessages.invalidEmail);

// ---------------------------------------------------------------- links

export const getLinksQuerySchema = nsaCall({ projectId: projectIdField.optional(), filter: z.string().max(200).optional() });
export const getLinkQuerySchema = nsaCall({ projectId: projectIdField.optional(), urlId: urlIdField });
/** The URL import payload (docs/product/projects.md §3): fullUrl, pageMonthlyOrganicClicks, rankedKeywords; without a project it lands in All Projects. */
export const addLinkQuerySchema = nsaCall({
  fullUrl: z.string().trim().min(1, outreachMessages.urlInvalid).max(2048, 'A web address is at most 2048 characters.'),
  pageMonthlyOrganicClicks: countField,
  rankedKeywords: countField,
  projectId: projectIdField.optional(),
});
export const deleteLinkQuerySchema = getLinkQuerySchema;

/** The website an outreach record belongs to, and its project (the all-zeros GUID for the All Projects bucket). */
const websiteOfFields = { domainId: z.string(), domainName: z.string(), projectId: z.string() };
/** A website's or link's standing in the CRM (the entities' standingProperties). */
const standingFields = { rating: z.number(), relationship: relationshipField, tags: z.array(z.string()) };
/** Who a contact is (the contact event names its contact by these). */
const contactFields = { contactId: z.string(), name: z.string().nullable(), email: z.string().nullable() };

export const linkSummarySchema = z.object({
  urlId: z.string(),
  urlName: z.string(),
  ...websiteOfFields,
  urlMonthlyOrganicClicks: z.number().nullable(),
  urlRankedKeywords: z.number().nullable(),
  ...standingFields,
  noteCount: z.number(),
  openTaskCount: z.number(),
  lastContactedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LinkSummary = z.infer<typeof linkSummarySchema>;

export interface LinkDetails extends LinkSummary {
  website: WebsiteSummary;
  contacts: ContactSummary[];
}

// ---------------------------------------------------------------- history, notes, tasks, contact events

/** What the outreach history records. */
export const outreachHistoryActions = [
  'link-added',
  'link-deleted',
  'rating-changed',
  'relationship-changed',
  'tags-changed',
  'note-added',
  'note-deleted',
  'task-added',
  'task-updated',
  'task-completed',
  'task-deleted',
  'contact-event-added',
  'contact-event-deleted',
  'website-moved',
  'outreach-import',
] as const;
export type OutreachHistoryAction = (typeof outreachHistoryActions)[number];

export const getLinkHistoryQuerySchema = nsaCall({ projectId: projectIdField.optional(), urlId: urlIdField.optional() });
export interface HistoryEntry {
  rowId: string;
  projectId: string;
  urlId: string | null;
  urlName: string | null;
  domainName: string | null;
  action: string;
  details: string | null;
  userEmail: string | null;
  createdAt: string;
}

export const linkQuerySchema = nsaCall({ projectId: projectIdField.optional(), urlId: urlIdField });

export const addLinkNoteQuerySchema = nsaCall({
  projectId: projectIdField.optional(),
  urlId: urlIdField,
  note: longText().transform((text) => text.trim()).pipe(z.string().min(1, 'Write the note first.')),
});
export const deleteLinkNoteQuerySchema = nsaCall({ projectId: projectIdField.optional(), noteRowId: z.uuid('The note row id must be a UUID.') });
export interface LinkNote {
  noteRowId: string;
  urlId: string;
  note: string;
  authorEmail: string | null;
  createdAt: string;
}

const taskTitle = z.string().trim().min(1, 'Give the task a title.').max(200, 'A task title is at most 200 characters.');
/** An empty value clears an optional field. */
const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).transform((value) => (value === '' ? null : value));

export const addLinkTaskQuerySchema = nsaCall({
  projectId: projectIdField.optional(),
  urlId: urlIdField,
  title: taskTitle,
  details: longText().optional(),
  dueDate: dateField.optional(),
});
export const updateLinkTaskQuerySchema = nsaCall({
  projectId: projectIdField.optional(),
  taskRowId: z.uuid('The task row id must be a UUID.'),
  title: taskTitle.optional(),
  details: clearable(longText()).optional(),
  dueDate: clearable(dateField).optional(),
  isComplete: queryBoolean.optional(),
}).refine((query) => query.title !== undefined || query.details !== undefined || query.dueDate !== undefined || query.isComplete !== undefined, {
  message: 'Say what to change: title, details, dueDate or isComplete.',
});
export const deleteLinkTaskQuerySchema = nsaCall({ projectId: projectIdField.optional(), taskRowId: z.uuid('The task row id must be a UUID.') });
export interface LinkTask {
  taskRowId: string;
  urlId: string;
  title: string;
  details: string | null;
  dueDate: string | null;
  isComplete: boolean;
  completedAt: string | null;
  createdAt: string;
}

export const addLinkContactEventQuerySchema = nsaCall({
  projectId: projectIdField.optional(),
  urlId: urlIdField,
  eventType: z.enum(contactEventTypes, { message: `The event type is one of ${contactEventTypes.join(', ')}.` }),
  eventDate: dateField.optional(),
  notes: longText().optional(),
  contactId: z.uuid('The contact id must be a UUID.').optional(),
  contactName: z.string().trim().max(120, 'A contact name is at most 120 characters.').optional(),
  contactEmail: emailField.optional(),
});
export const deleteLinkContactEventQuerySchema = nsaCall({ projectId: projectIdField.optional(), rowId: z.uuid('The row id must be a UUID.') });
export const linkContactEventSchema = z.object({
  rowId: z.string(),
  urlId: z.string(),
  eventType: z.enum(contactEventTypes),
  eventDate: z.string(),
  notes: z.string().nullable(),
  contact: z.object(contactFields).nullable(),
  createdAt: z.string(),
});
export type LinkContactEvent = z.infer<typeof linkContactEventSchema>;

// ---------------------------------------------------------------- websites and contacts

/** GET /rest/projects/websites: one website of the outreach CRM. */
export const websiteSummarySchema = z.object({
  ...websiteOfFields,
  ...standingFields,
  linkCount: z.number(),
  contactCount: z.number(),
  createdAt: z.string(),
});
export type WebsiteSummary = z.infer<typeof websiteSummarySchema>;
/** GET /rest/projects/contacts: one contact of the outreach CRM. */
export const contactSummarySchema = z.object({
  ...contactFields,
  role: z.string().nullable(),
  ...websiteOfFields,
  eventCount: z.number(),
  lastContactedAt: z.string().nullable(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const listOutreachQuerySchema = nsaCall({ projectId: projectIdField.optional(), filter: z.string().max(200).optional() });
export const websiteQuerySchema = nsaCall({ domainId: domainIdField });
export const contactQuerySchema = nsaCall({ contactId: z.uuid('The contact id must be a UUID.') });

/** GET /rest/projects/website. */
export const websiteDetailsSchema = z.object({ website: websiteSummarySchema, links: z.array(linkSummarySchema), contacts: z.array(contactSummarySchema) });
export type WebsiteDetails = z.infer<typeof websiteDetailsSchema>;
/** GET /rest/projects/contact. */
export const contactDetailsSchema = z.object({ contact: contactSummarySchema, events: z.array(linkContactEventSchema.extend({ urlName: z.string() })) });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

// ---------------------------------------------------------------- relationships, ratings, tags, contexts, moves

export const getRelationshipsQuerySchema = nsaCall({});
export const updateDomainRelationshipQuerySchema = nsaCall({ domainId: domainIdField, relationshipId: relationshipField });
export const updateUrlRelationshipQuerySchema = nsaCall({ urlId: urlIdField, relationshipId: relationshipField });
export const updateDomainRatingQuerySchema = nsaCall({ domainId: domainIdField, rating: ratingField });
export const updateUrlRatingQuerySchema = nsaCall({ urlId: urlIdField, rating: ratingField });
export const updateTagsQuerySchema = nsaCall({ domainId: domainIdField.optional(), urlId: urlIdField.optional(), tags: tagsField }).refine(
  (query) => (query.domainId === undefined) !== (query.urlId === undefined),
  { message: 'Name either a website (domainId) or a link (urlId).' },
);

export const getDomainContextQuerySchema = nsaCall({ domain: z.string().max(2048).optional(), domainId: domainIdField.optional() }).refine(
  (query) => query.domain !== undefined || query.domainId !== undefined,
  { message: 'Name the website: domain or domainId.' },
);
export const getUrlContextQuerySchema = nsaCall({ url: z.string().max(2048).optional(), urlId: urlIdField.optional() }).refine(
  (query) => query.url !== undefined || query.urlId !== undefined,
  { message: 'Name the link: url or urlId.' },
);
/** Where the caller already works with a domain (its websites in outreach, across projects). */
export interface DomainContext {
  domainName: string;
  isTracked: boolean;
  websites: WebsiteSummary[];
}
export interface UrlContext {
  urlName: string;
  isTracked: boolean;
  links: LinkSummary[];
}

/** ProjectActions/MoveDomainToProject: a website and its links into a project (the all-zeros GUID: All Projects). */
export const moveDomainToProjectQuerySchema = nsaCall({ domainId: domainIdField, projectId: projectIdField });

// ---------------------------------------------------------------- outreach import

const importRowSchema = z
  .object({
    url: z.string().trim().max(2048).optional(),
    domain: z.string().trim().max(2048).optional(),
    contactName: z.string().trim().max(120, 'A contact name is at most 120 characters.').optional(),
    contactEmail: emailField.optional(),
    contactRole: z.string().trim().max(120).optional(),
    relationship: relationshipField.optional(),
    rating: ratingField.optional(),
    tags: tagsField,
    note: longText().optional(),
    monthlyOrganicClicks: countField,
    rankedKeywords: countField,
  })
  .strict()
  .refine((row) => Boolean(row.url || row.domain), { message: 'Each row needs a url or a domain.' });
export type OutreachImportRow = z.infer<typeof importRowSchema>;

/** import/OutreachImport: rows of websites, links and contacts, saved together or not at all. */
export const outreachImportBodySchema = nsaCall({
  projectId: projectIdField.optional(),
  rows: z
    .array(importRowSchema)
    .min(1, outreachMessages.importEmpty)
    .max(projectLimits.maxOutreachImportRows, outreachMessages.importTooLarge(projectLimits.maxOutreachImportRows)),
});
export interface OutreachImportAnswer {
  isSuccessful: true;
  websitesAdded: number;
  linksAdded: number;
  contactsAdded: number;
  notesAdded: number;
  rowCount: number;
}
