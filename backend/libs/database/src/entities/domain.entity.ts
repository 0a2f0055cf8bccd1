import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { serialIdProperty, warehouseOriginProperties } from './row-properties.js';

/** A website by its bare host name (lower case, no www.). */
export const DomainSchema = defineEntity({
  name: 'Domain',
  tableName: 'domain',
  properties: {
    ...serialIdProperty(),
    name: p.text().unique(),
    /** The market topic the site is about (demo data), or null. */
    topic: p.string().length(64).nullable(),
    ...warehouseOriginProperties(),
  },
  indexes: [
    // Prefix search for suggestions (name LIKE 'abc%'), independent of the database collation.
    { name: 'domain_name_prefix_index', expression: 'create index "domain_name_prefix_index" on "domain" ("name" text_pattern_ops)' },
  ],
});

export type Domain = InferEntity<typeof DomainSchema>;
