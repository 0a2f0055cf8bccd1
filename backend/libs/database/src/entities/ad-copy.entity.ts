import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { serialIdProperty, sourceIdProperty } from './row-properties.js';

/** One text ad as an advertiser wrote it; paid_ad rows say where and when it showed. */
export const AdCopySchema = defineEntity({
  name: 'AdCopy',
  tableName: 'ad_copy',
  properties: {
    ...serialIdProperty(),
    domainId: p.integer().index(),
    headline: p.text(),
    body: p.text(),
    displayUrl: p.text(),
    /** The landing page. */
    pageId: p.integer(),
    ...sourceIdProperty(),
  },
});

export type AdCopy = InferEntity<typeof AdCopySchema>;
