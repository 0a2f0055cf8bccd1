import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sourceIdProperty } from './row-properties.js';

/**
 * A site's own traffic of one month as its owner's analytics report it (Search Console's Pages table and daily
 * table, issue 19): clicks, impressions and the average position of one page (`pageId`), or of the whole site
 * (`pageId` null: the daily table's month). Measured, not estimated: top pages read a page's clicks and impressions
 * here for the importer. Private to its owner, as every imported row (viewer-scope.ts); removed with its source.
 */
export const SiteTrafficSchema = defineEntity({
  name: 'SiteTraffic',
  tableName: 'site_traffic',
  properties: {
    id: p.bigint().primary().autoincrement(),
    ownerUserId: p.uuid(),
    ...sourceIdProperty(),
    domainId: p.integer(),
    /** Null: the whole site. */
    pageId: p.integer().nullable(),
    territory: p.string().length(2),
    /** First day of the month. */
    month: p.date(),
    clicks: p.integer().nullable(),
    impressions: p.integer().nullable(),
    /** The average position over the month (Search Console's, two decimals); null when not reported. */
    position: p.decimal().precision(6).scale(2).nullable(),
  },
  indexes: [
    // One row per owner, site or page, territory and month (the same export twice adds nothing twice); also "the
    // pages (or the site) of a domain in a month" for top pages and the overview of an imported site.
    {
      name: 'site_traffic_natural_key',
      expression: 'create unique index "site_traffic_natural_key" on "site_traffic" ("domain_id", "territory", "month", "page_id", "owner_user_id") nulls not distinct',
    },
    { properties: ['sourceId'] },
    { properties: ['pageId'] },
  ],
});

export type SiteTraffic = InferEntity<typeof SiteTrafficSchema>;
