import { z } from 'zod';
import { jobStatusSchema } from '../jobs/job-status.js';

/**
 * Search Console by API (issue 20, point 1; docs/product/search-console.md): a user connects Google with the
 * webmasters.readonly scope, picks properties, and their Search Analytics data lands in the warehouse as their own
 * data, backfilled and then synced daily.
 */

/** The one scope asked for: read Search Console data, nothing else (the Sheets export asks its own). */
export const searchConsoleScope = 'https://www.googleapis.com/auth/webmasters.readonly';

/** The page of the account area, and where Google's consent screen sends the browser back. */
export const searchConsolePagePath = '/account/search-console';
export const searchConsoleCallbackPath = '/account/search-console/callback';

/** What Google says of the user's access to a property (sites.list permissionLevel). */
export const searchConsolePermissionLevels = ['siteOwner', 'siteFullUser', 'siteRestrictedUser', 'siteUnverifiedUser'] as const;

/** A property the user's Google account can read, as sites.list names it. */
export const searchConsoleSiteSchema = z.object({
  /** 'sc-domain:example.com' (a Domain property) or 'https://www.example.com/' (a URL-prefix property). */
  siteUrl: z.string(),
  permissionLevel: z.string(),
  /** The bare domain its data lands under ('example.com'); null when the property names none. */
  domain: z.string().nullable(),
  /** Already picked (being synced). */
  picked: z.boolean(),
});
export type SearchConsoleSite = z.infer<typeof searchConsoleSiteSchema>;

/** The sync job of a picked property as its owner sees it (the job center's row too). */
export const searchConsoleSyncFactsSchema = z.object({ propertyId: z.string(), siteUrl: z.string(), mode: z.enum(['backfill', 'daily']) });
export const searchConsoleSyncStatusSchema = jobStatusSchema.extend({ searchConsole: searchConsoleSyncFactsSchema });
export type SearchConsoleSyncStatus = z.infer<typeof searchConsoleSyncStatusSchema>;

/** A picked property: what is synced, how far, and its latest sync job. */
export const searchConsolePropertySchema = z.object({
  id: z.string(),
  siteUrl: z.string(),
  domain: z.string(),
  /** First day asked for (the backfill reaches back to it). */
  firstDay: z.string(),
  /** Days fetched of the range so far, and the newest of them; null before the first. */
  daysDone: z.number(),
  lastDay: z.string().nullable(),
  rows: z.number(),
  lastSync: searchConsoleSyncStatusSchema.nullable(),
});
export type SearchConsoleProperty = z.infer<typeof searchConsolePropertySchema>;

/** GET /rest/search-console: whether Google is configured, whether the user is connected, and what they picked. */
export const searchConsoleStateSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  /** The consent screen (without state: the page adds one); null when Google is not configured. */
  authorizeUrl: z.string().nullable(),
  properties: z.array(searchConsolePropertySchema),
  /** The latest removal of the user's Search Console data (a disconnect that asked for it), as its job's status; null when none. */
  removal: jobStatusSchema.loose().nullable(),
});
export type SearchConsoleState = z.infer<typeof searchConsoleStateSchema>;

/** POST /rest/search-console/disconnect: the state after it, with what was done in words. */
export const searchConsoleDisconnectedSchema = searchConsoleStateSchema.extend({ message: z.string() });

/** One month of a picked property's site as the research screens show it: its own clicks and impressions. */
export const searchConsoleMonthSchema = z.object({ month: z.string(), clicks: z.number().nullable(), impressions: z.number().nullable() });
export type SearchConsoleMonth = z.infer<typeof searchConsoleMonthSchema>;

/**
 * A country of a picked property's site over every day kept (GET …/properties/:id/countries): Search Console's
 * alpha-3 code ('usa'), the territory its rows land in ('US'), or null when the product has none for it.
 */
export const searchConsoleCountrySchema = z.object({ country: z.string(), territory: z.string().nullable(), clicks: z.number(), impressions: z.number() });
export type SearchConsoleCountry = z.infer<typeof searchConsoleCountrySchema>;

/** A picked property's id in a path (:id): any text is taken, and one that is not the caller's property answers 404. */
export const searchConsolePropertyIdSchema = z.string().describe('The picked property’s id (as GET /rest/search-console lists it; any other value is not found: 404).');

export const connectSearchConsoleSchema = z.object({
  code: z.string().min(1, 'The authorisation code is missing.').max(2_000),
});

export const pickSearchConsolePropertiesSchema = z.object({
  siteUrls: z.array(z.string().min(1).max(2_000)).min(1, 'Pick at least one property.').max(50),
});

export const disconnectSearchConsoleSchema = z.object({
  /** Also remove every row Search Console brought (its months in the warehouse and the fetched days). */
  removeData: z.boolean().default(false),
});

export const searchConsoleMessages = {
  notConfigured: 'Search Console is not set up on this installation: an administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  notConnected: 'Connect Search Console first.',
  authorisationFailed: 'Google did not authorise Search Console. Please try connecting again.',
  scopeMissing: 'Google did not give Serpwise read access to Search Console. Connect again and allow it.',
  googleUnreachable: 'Google could not be reached to list your properties. Please try again in a minute.',
  notYours: 'That property is not one your Google account can read in Search Console.',
  propertyNotFound: 'Search Console property not found.',
  disconnected: 'Search Console is disconnected.',
  disconnectedWithData: 'Search Console is disconnected. Its data is being removed.',
  reconnect: 'Google no longer accepts the Search Console authorisation. Connect Search Console again.',
} as const;
