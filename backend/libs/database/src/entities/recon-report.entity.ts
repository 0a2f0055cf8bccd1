import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idAndOwnerProperties, timestampProperties } from './row-properties.js';

/**
 * A recon report (docs/product/projects.md §2): a saved set of a primary domain, a territory, keywords and competitors, of type seo or
 * ppc, owned by the account owner like projects (shared with its team). Its live ranking is read from the
 * research warehouse each time it is opened.
 */
export const ReconReportSchema = defineEntity({
  name: 'ReconReport',
  tableName: 'recon_report',
  properties: {
    ...idAndOwnerProperties(),
    kind: p.string().length(3),
    name: p.string().length(120),
    primaryDomain: p.string().length(253),
    territory: p.string().length(2),
    /** Normalised keywords in the order the user gave them. */
    keywords: p.type('text[]').columnType('text[]').defaultRaw(`'{}'`),
    competitors: p.type('text[]').columnType('text[]').defaultRaw(`'{}'`),
    ...timestampProperties(),
  },
});

export type ReconReportEntity = InferEntity<typeof ReconReportSchema>;
