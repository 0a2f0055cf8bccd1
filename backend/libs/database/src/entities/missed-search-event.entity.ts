import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, uuidIdProperty } from './row-properties.js';

/** A search of a logged-in user that found nothing (docs/product/site.md §7 missed-search log). */
export const MissedSearchEventSchema = defineEntity({
  name: 'MissedSearchEvent',
  tableName: 'missed_search_event',
  properties: {
    ...uuidIdProperty(),
    userId: p.uuid(),
    sessionId: p.uuid(),
    eventName: p.string().length(64),
    eventCategory: p.string().length(200),
    eventAction: p.string().length(200),
    pageName: p.text().nullable(),
    query: p.text().nullable(),
    territory: p.string().length(2).nullable(),
    ...createdAtProperty(),
  },
  indexes: [{ properties: ['userId', 'createdAt'] }, { properties: ['eventName', 'createdAt'] }],
});

export type MissedSearchEvent = InferEntity<typeof MissedSearchEventSchema>;
