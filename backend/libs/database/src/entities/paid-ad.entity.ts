import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sourceIdProperty } from './row-properties.js';

/** One paid result: in month M, the domain's ad showed for the keyword at this position. */
export const PaidAdSchema = defineEntity({
  name: 'PaidAd',
  tableName: 'paid_ad',
  properties: {
    month: p.date().primary(),
    keywordId: p.integer().primary(),
    position: p.smallint().primary(),
    territory: p.string().length(2),
    domainId: p.integer(),
    adCopyId: p.integer(),
    /** Estimated paid clicks: volume that month × paid CTR(position). Budget = clicks × CPC. */
    clicks: p.integer(),
    ...sourceIdProperty(),
  },
  indexes: [{ properties: ['domainId', 'territory', 'month'] }, { properties: ['adCopyId'] }],
});

export type PaidAd = InferEntity<typeof PaidAdSchema>;
