import { z } from 'zod';
import type { JobStatus } from '../jobs/job-status.js';

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
export interface SearchConsoleSite {
  /** 'sc-domain:example.com' (a Domain property) or 'https://www.example.com/' (a URL-prefix property). */
  siteUrl: string;
  permissionLevel: string;
  /** The bare domain its data lands under ('example.com'); null when the property names none. */
  domain: string | null;
  /** Already picked (being synced). */
  picked: boolean;
}

/** The sync job of a picked property as its owner sees it (the job center's row too). */
export interface SearchConsoleSyncStatus extends JobStatus {
  searchConsole: {
    propertyId: string;
    siteUrl: string;
    mode: 'backfill' | 'daily';
  };
}

/** A picked property: what is synced, how far, and its latest sync job. */
export interface SearchConsoleProperty {
  id: string;
  siteUrl: string;
  domain: string;
  /** First day asked for (the backfill reaches back to it). */
  firstDay: string;
  /** Days fetched of the range so far, and the newest of them; null before the first. */
  daysDone: number;
  lastDay: string | null;
  rows: number;
  lastSync: SearchConsoleSyncStatus | null;
}

/** GET /rest/search-console: whether Google is configured, whether the user is connected, and what they picked. */
export interface SearchConsoleState {
  configured: boolean;
  connected: boolean;
  /** The consent screen (without state: the page adds one); null when Google is not configured. */
  authorizeUrl: string | null;
  properties: SearchConsoleProperty[];
  /** The latest removal of the user's Search Console data (a disconnect that asked for it); null when none. */
  removal: JobStatus | null;
}

/** One month of a picked property's site as the research screens show it: its own clicks and impressions. */
export interface SearchConsoleMonth {
  month: string;
  clicks: number | null;
  impressions: number | null;
}

/**
 * A country of a picked property's site over every day kept (GET …/properties/:id/countries): Search Console's
 * alpha-3 code ('usa'), the territory its rows land in ('US'), or null when the product has none for it.
 */
export interface SearchConsoleCountry {
  country: string;
  territory: string | null;
  clicks: number;
  impressions: number;
}

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
