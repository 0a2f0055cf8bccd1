import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One organic search result: in month M, in the keyword's territory, the page ranked at this position. The
 * biggest table: partitioned by month (range, one partition per month, created by the loader), with indexes for
 * "all rows of a keyword in a month" (the primary key) and "all rows of a domain in a month".
 * The partitioning is written by hand in the migration; MikroORM sees the parent table only.
 */
export const OrganicRankSchema = defineEntity({
  name: 'OrganicRank',
  tableName: 'organic_rank',
  properties: {
    /** First day of the month. */
    month: p.date().primary(),
    keywordId: p.integer().primary(),
    position: p.smallint().primary(),
    /** Denormalised from keyword, so domain queries filter by territory without a join. */
    territory: p.string().length(2),
    domainId: p.integer(),
    pageId: p.integer(),
    /** Estimated clicks that month: the keyword's volume that month × CTR(position) (docs/research-data.md). */
    clicks: p.integer(),
    sourceId: p.smallint(),
  },
  indexes: [
    { properties: ['domainId', 'territory', 'month'] },
    { properties: ['pageId', 'month'] },
  ],
});

export type OrganicRank = InferEntity<typeof OrganicRankSchema>;
