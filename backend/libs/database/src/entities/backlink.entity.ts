import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sourceIdProperty } from './row-properties.js';

/** A link from a page of one site to a page of another. */
export const BacklinkSchema = defineEntity({
  name: 'Backlink',
  tableName: 'backlink',
  properties: {
    id: p.bigint('number').primary(),
    sourcePageId: p.integer(),
    sourceDomainId: p.integer(),
    targetPageId: p.integer(),
    targetDomainId: p.integer(),
    anchor: p.text(),
    nofollow: p.boolean().default(false),
    firstSeen: p.date(),
    /** Null while the link is still there. */
    lastSeen: p.date().nullable(),
    ...sourceIdProperty(),
  },
  // By first seen within a target: the backlinks table's default order reads its first page from the index (issue 27).
  indexes: [
    { properties: ['targetDomainId', 'firstSeen'] }, { properties: ['targetPageId', 'firstSeen'] }, { properties: ['sourceDomainId'] },
    // a domain's first page in anchor order (issue 27): the K-th anchor, and a probe per source page
    { properties: ['targetDomainId', 'anchor', 'sourcePageId'] },
    // "does this domain link to mine?" in one probe (the outreach leads, issue 27)
    {
      name: 'backlink_live_target_source_index',
      expression: 'create index "backlink_live_target_source_index" on "backlink" ("target_domain_id", "source_domain_id") where last_seen is null',
    },
  ],
});

export type Backlink = InferEntity<typeof BacklinkSchema>;
