import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { rankedResultProperties, resultOwnerProperty } from './row-properties.js';

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
    /** Each owner keeps its own row for a (month, keyword, position). */
    ...resultOwnerProperty(),
    ...rankedResultProperties(),
    /**
     * The day of the observation this monthly row comes from (imports, provider fetches); null for the demo market's
     * monthly rows. A newer observation of the same month replaces the row, so daily rank refreshes show.
     */
    observedOn: p.date().nullable(),
  },
  indexes: [
    { properties: ['domainId', 'territory', 'month'] },
    { properties: ['pageId', 'month'] },
    // A user's own rows (imports) are few: the newest month a user's imports reach is one short index read.
    {
      name: 'organic_rank_owned_index',
      expression: `create index "organic_rank_owned_index" on "organic_rank" ("owner_user_id", "territory", "month") where "owner_user_id" <> '00000000-0000-0000-0000-000000000000'`,
    },
  ],
});

export type OrganicRank = InferEntity<typeof OrganicRankSchema>;
