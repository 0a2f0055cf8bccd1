import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One URL of a domain, normalised (lower-case scheme and host, no fragment). */
export const PageSchema = defineEntity({
  name: 'Page',
  tableName: 'page',
  properties: {
    id: p.integer().primary(),
    domainId: p.integer().index(),
    url: p.text().unique(),
    title: p.text().nullable(),
    sourceId: p.smallint(),
    /** The users whose imports alone brought it (seen by them only); null once installation data has it (seen by all). */
    ownerUserIds: p.type('uuid[]').columnType('uuid[]').nullable(),
  },
});

export type Page = InferEntity<typeof PageSchema>;
