import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The first month a page ranked in a territory, rolled up from organic_rank when data lands (warehouseRollupSql in
 * @serpwise/research), so top pages' "newpages" is one join instead of a search through every earlier month.
 */
export const PageFirstMonthSchema = defineEntity({
  name: 'PageFirstMonth',
  tableName: 'page_first_month',
  properties: {
    pageId: p.integer().primary(),
    territory: p.string().length(2).primary(),
    firstMonth: p.date(),
  },
  // The pages new in a month of a territory (top pages' "newpages").
  indexes: [{ properties: ['territory', 'firstMonth'] }],
});

export type PageFirstMonth = InferEntity<typeof PageFirstMonthSchema>;
