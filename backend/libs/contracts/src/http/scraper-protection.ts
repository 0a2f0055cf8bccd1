import { sha256Hex } from './sha256.js';

/**
 * Scraper protection (docs/product/site.md §4, §7; docs/decisions.md issue 25). The spec says research calls carry "a
 * hash token and a request date" when scraper tokens are enabled, that "the hash uses a session cookie", and that an
 * answer whose header says info is 2 makes the client refetch the tracking state and repeat the request. It names no
 * header or cookie: these are ours.
 */

/** The research calls a scraper would repeat: every research table and the query lookup. */
export const researchCallPrefixes = ['/rest/research/', '/endpoints/search/'] as const;
export const isResearchCallPath = (path: string): boolean => researchCallPrefixes.some((prefix) => path.toLowerCase().startsWith(prefix));

/** The hash token, hex SHA-256 of `${seed}:${date}` (scraperTokenOf). */
export const scraperTokenHeader = 'x-serpwise-hash';
/** The request date the token was made for: an ISO 8601 UTC time (Date.prototype.toISOString). */
export const scraperDateHeader = 'x-serpwise-request-date';
/**
 * The cookie the hash uses: derived by the server from the (httpOnly) session cookie and readable by the page, so the
 * page can hash without ever seeing the session token. Set by getactivestate while scraper tokens are enabled.
 */
export const scraperSeedCookieName = 'sw_st';
/** The answer header that tells the client to refetch the tracking state and repeat the request, with its value. */
export const scraperInfoHeader = 'info';
export const scraperInfoRefetch = '2';

/** The token a research call carries for `date` (the request date header's exact text). */
export const scraperTokenOf = (seed: string, date: string): string => sha256Hex(`${seed}:${date}`);

/** Why a research call was refused without its token: what the 403 with info: 2 says. */
export const scraperTokenMessage = 'This research request could not be verified. Reload the page and try again.';

/** The bot check's sentence (the 429's message, and the notice on the slow-the-scraping page). */
export const botCheckMessage = (wait: string): string =>
  `Research requests are arriving faster than a person reads them, so we have paused them for ${wait}. Please wait and try again.`;
