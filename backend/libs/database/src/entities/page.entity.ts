import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { serialIdProperty, warehouseOriginProperties } from './row-properties.js';

/** One URL of a domain, normalised (lower-case scheme and host, no fragment). */
export const PageSchema = defineEntity({
  name: 'Page',
  tableName: 'page',
  properties: {
    ...serialIdProperty(),
    domainId: p.integer().index(),
    url: p.text().unique(),
    title: p.text().nullable(),
    ...warehouseOriginProperties(),
  },
});

export type Page = InferEntity<typeof PageSchema>;
