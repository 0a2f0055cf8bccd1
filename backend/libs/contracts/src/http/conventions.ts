/** Shared HTTP conventions of the web client and the API (docs/product/site.md §7). */

/**
 * Prefix of Serpwise's own REST endpoints (sessions, jobs, diagnostics). Not /api: /api, /api/v2 and /api/v1/...
 * are documented web pages (the API docs, docs/product/site.md §2). The documented calls keep their own paths.
 */
export const restPrefix = '/rest';

/** True for a path under the REST prefix. */
export const isRestPath = (path: string) => path.toLowerCase().startsWith(`${restPrefix}/`);

/** The page meta tag that carries the cross-site request token. */
export const csrfMetaName = 'csrf-token';
/**
 * The page meta tag that says whether the page was served to a logged-in user ('user') or a visitor ('visitor'), so the
 * first render of a page that needs login can show the login form before the active state has answered.
 */
export const sessionMetaName = 'serpwise-session';
/** The request header that sends it back on every state-changing request. */
export const csrfHeaderName = 'x-csrf-token';
/** The same token as a field of a plain HTML form post (the logout form, which navigates and cannot set headers). */
export const csrfFormField = 'csrfToken';
/** The session cookie (httpOnly). */
export const sessionCookieName = 'sw_sid';

/** Calls whose address contains this marker get countryCode added (search API calls). */
export const searchApiMarkers = ['/nsaapi/', '/endpoints/search/'] as const;

export function isSearchApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return searchApiMarkers.some((marker) => lower.includes(marker));
}

/**
 * The keys the web client adds to calls on its own (countryCode on search-API calls, above). The API accepts them on
 * every call and drops them where the call does not use them, in one place (the validation pipe; docs/decisions.md
 * issue 24), so a strict schema refuses a user's typo but never the client's own decoration.
 */
export const clientDecorationKeys = ['countryCode'] as const;

/** The documented fallback poll interval for job status while the socket is down. */
export const jobStatusPollMs = 3000;
