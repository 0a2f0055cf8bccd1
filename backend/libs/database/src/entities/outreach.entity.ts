import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idAndOwnerProperties, timestampProperties, uuidIdProperty } from './row-properties.js';
import { ProjectSchema } from './project.entity.js';

/**
 * The outreach CRM of the project area (docs/product/projects.md §2 "Outreach"): websites (domainId), their links (urlId) and
 * contacts, and per link notes, tasks, contact events and history. Everything belongs to the account owner; a null
 * project is the All Projects bucket (the all-zeros GUID in the API), where a URL added outside a project lands.
 */

/** What a website and a link both carry: the user's rating and relationship, tags, and when the row changed. */
const standingProperties = () => ({
  /** Stars, 0 (not rated) to 3. */
  rating: p.smallint().default(0),
  relationship: p.string().length(32).default('none'),
  tags: p.type('text[]').columnType('text[]').defaultRaw(`'{}'`),
  ...timestampProperties(),
});

/** One row per owner, project and value; the All Projects bucket (a null project) counts as one project. */
const uniquePerOwnerProject = (table: string, column: string) => ({
  name: `${table}_owner_project_${column}_unique`,
  expression: `create unique index "${table}_owner_project_${column}_unique" on "${table}" ("owner_user_id", coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "${column}")`,
});

export const OutreachWebsiteSchema = defineEntity({
  name: 'OutreachWebsite',
  tableName: 'outreach_website',
  properties: {
    ...idAndOwnerProperties(),
    project: () => p.manyToOne(ProjectSchema).nullable().deleteRule('cascade').index(),
    /** Bare host name, lower case, no www. (hostOfText). */
    domain: p.string().length(253),
    ...standingProperties(),
  },
  indexes: [uniquePerOwnerProject('outreach_website', 'domain')],
});
export type OutreachWebsite = InferEntity<typeof OutreachWebsiteSchema>;

export const OutreachLinkSchema = defineEntity({
  name: 'OutreachLink',
  tableName: 'outreach_link',
  properties: {
    ...uuidIdProperty(),
    ownerUserId: p.uuid(),
    /** Always the website's project. */
    project: () => p.manyToOne(ProjectSchema).nullable().deleteRule('cascade').index(),
    website: () => p.manyToOne(OutreachWebsiteSchema).deleteRule('cascade').index(),
    url: p.text(),
    monthlyOrganicClicks: p.integer().nullable(),
    rankedKeywords: p.integer().nullable(),
    ...standingProperties(),
  },
  indexes: [uniquePerOwnerProject('outreach_link', 'url')],
});
export type OutreachLink = InferEntity<typeof OutreachLinkSchema>;

/** A person at a website. */
export const OutreachContactSchema = defineEntity({
  name: 'OutreachContact',
  tableName: 'outreach_contact',
  properties: {
    ...uuidIdProperty(),
    website: () => p.manyToOne(OutreachWebsiteSchema).deleteRule('cascade').index(),
    name: p.string().length(120).nullable(),
    email: p.string().length(254).nullable(),
    role: p.string().length(120).nullable(),
    ...createdAtProperty(),
  },
  indexes: [
    {
      name: 'outreach_contact_website_email_unique',
      expression: `create unique index "outreach_contact_website_email_unique" on "outreach_contact" ("website_id", "email") where "email" is not null`,
    },
  ],
});
export type OutreachContact = InferEntity<typeof OutreachContactSchema>;

/** A note on a link (noteRowId); the textarea limit of 1770 characters. */
export const LinkNoteSchema = defineEntity({
  name: 'LinkNote',
  tableName: 'link_note',
  properties: {
    ...uuidIdProperty(),
    link: () => p.manyToOne(OutreachLinkSchema).deleteRule('cascade').index(),
    authorUserId: p.uuid(),
    text: p.string().length(1770),
    ...createdAtProperty(),
  },
});
export type LinkNote = InferEntity<typeof LinkNoteSchema>;

/** A to-do on a link (taskRowId). */
export const LinkTaskSchema = defineEntity({
  name: 'LinkTask',
  tableName: 'link_task',
  properties: {
    ...uuidIdProperty(),
    link: () => p.manyToOne(OutreachLinkSchema).deleteRule('cascade').index(),
    authorUserId: p.uuid(),
    title: p.string().length(200),
    details: p.string().length(1770).nullable(),
    dueDate: p.date().nullable(),
    isComplete: p.boolean().default(false),
    completedAt: p.datetime().nullable(),
    ...timestampProperties(),
  },
});
export type LinkTask = InferEntity<typeof LinkTaskSchema>;

/** A contact made about a link (rowId): an e-mail, call, message … with whom and when. */
export const LinkContactEventSchema = defineEntity({
  name: 'LinkContactEvent',
  tableName: 'link_contact_event',
  properties: {
    ...uuidIdProperty(),
    link: () => p.manyToOne(OutreachLinkSchema).deleteRule('cascade').index(),
    contact: () => p.manyToOne(OutreachContactSchema).nullable().deleteRule('set null'),
    authorUserId: p.uuid(),
    eventType: p.string().length(16),
    eventDate: p.date(),
    notes: p.string().length(1770).nullable(),
    ...createdAtProperty(),
  },
});
export type LinkContactEvent = InferEntity<typeof LinkContactEventSchema>;

/**
 * What happened to outreach records, newest first (the link history and the panel's history route). Rows keep the
 * URL and domain as text so a deleted link's history still reads.
 */
export const OutreachHistorySchema = defineEntity({
  name: 'OutreachHistory',
  tableName: 'outreach_history',
  properties: {
    ...uuidIdProperty(),
    ownerUserId: p.uuid(),
    project: () => p.manyToOne(ProjectSchema).nullable().deleteRule('cascade').index(),
    link: () => p.manyToOne(OutreachLinkSchema).nullable().deleteRule('set null').index(),
    websiteId: p.uuid().nullable(),
    actorUserId: p.uuid(),
    action: p.string().length(40),
    url: p.text().nullable(),
    domain: p.string().length(253).nullable(),
    details: p.string().length(500).nullable(),
    ...createdAtProperty(),
  },
  indexes: [{ properties: ['ownerUserId', 'createdAt'] }],
});
export type OutreachHistory = InferEntity<typeof OutreachHistorySchema>;
