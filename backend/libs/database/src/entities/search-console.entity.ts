import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { googleTokenProperties } from './google-token.entity.js';
import { createdAtProperty } from './row-properties.js';

/*
 * Search Console by API (issue 20, point 1; docs/product/search-console.md). Written compactly: six small tables
 * whose columns the migration (Migration20261130010000_search_console_connection) spells out with their meaning.
 */

/**
 * The user's authorisation: the refresh token encrypted as the Sheets export's (AES-256-GCM, the user id as
 * associated data), in a table of its own so that disconnecting one leaves the other.
 */
export const SearchConsoleConnectionSchema = defineEntity({ name: 'SearchConsoleConnection', tableName: 'search_console_connection', properties: googleTokenProperties() });

/**
 * A picked property ('sc-domain:example.com' or 'https://www.example.com/'), the bare domain its data lands under, its
 * first day (the backfill reaches back to it); `removing` while a disconnect removes it with its data.
 */
export const SearchConsolePropertySchema = defineEntity({ name: 'SearchConsoleProperty', tableName: 'search_console_property', properties: {
  id: p.integer().primary().autoincrement(), ownerUserId: p.uuid(), siteUrl: p.text(), domain: p.text(), permissionLevel: p.text(),
  firstDay: p.date(), removing: p.boolean().default(false), ...createdAtProperty(),
}, uniques: [{ properties: ['ownerUserId', 'siteUrl'] }] });

/** A day of a property fetched whole (the sync's checkpoint): a later run asks only for the days without a row. */
export const SearchConsoleDaySchema = defineEntity({ name: 'SearchConsoleDay', tableName: 'search_console_day', properties: {
  propertyId: p.integer().primary(), day: p.date().primary(), rows: p.integer(), fetchedAt: p.datetime().onCreate(() => new Date()),
} });

/** One searchAnalytics.query row of a fetched day: query × page × country (alpha-3, 'usa') × device, as Google answered it. */
export const SearchConsoleRowSchema = defineEntity({ name: 'SearchConsoleRow', tableName: 'search_console_row', properties: {
  id: p.bigint().primary().autoincrement(), propertyId: p.integer(), day: p.date(), query: p.text(), page: p.text(), country: p.string().length(3),
  device: p.string().length(16), clicks: p.integer(), impressions: p.integer(), position: p.double(),
}, indexes: [{ properties: ['propertyId', 'day'] }] });

/** A fetched day's totals per country: the site's own clicks, with the anonymised queries the rows leave out. */
export const SearchConsoleTotalSchema = defineEntity({ name: 'SearchConsoleTotal', tableName: 'search_console_total', properties: {
  propertyId: p.integer().primary(), day: p.date().primary(), country: p.string().length(3).primary(), clicks: p.integer(), impressions: p.integer(), position: p.double(),
} });

/** A month of a property in the warehouse: its data_source (one per property and month) and the last day it holds. */
export const SearchConsoleMonthSchema = defineEntity({ name: 'SearchConsoleMonth', tableName: 'search_console_month', properties: {
  propertyId: p.integer().primary(), month: p.date().primary(), sourceId: p.smallint(), throughDay: p.date(),
} });

export type SearchConsoleConnection = InferEntity<typeof SearchConsoleConnectionSchema>;
export type SearchConsoleProperty = InferEntity<typeof SearchConsolePropertySchema>;

export const searchConsoleEntities = [SearchConsoleConnectionSchema, SearchConsolePropertySchema, SearchConsoleDaySchema, SearchConsoleRowSchema, SearchConsoleTotalSchema, SearchConsoleMonthSchema];
