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
  },
});

export type Page = InferEntity<typeof PageSchema>;
