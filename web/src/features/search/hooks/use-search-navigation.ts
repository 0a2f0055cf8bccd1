import { serverErrorPagePath, typoPagePath } from '@serpwise/contracts';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { slowScrapingTarget } from '@/features/paywall';
import { jsonSearch } from '../api/json-search';
import { logMissedSearch } from '../api/log-missed-search';
import { competitorsLoginRedirect, pathForResult, rememberSearch, resultTypeOf, withQuery } from '../search-paths';

export interface SearchOptions {
  /** The page whose section decides where the result goes (default: the current page). */
  from?: string;
  /** Research territory of the lookup (default: the user's current one). */
  countryCode?: string;
  /** Replace the current history entry (a lookup of the page's own query). */
  replace?: boolean;
  /** Other parameters for the target page (kept from the page, e.g. competitors). */
  params?: Record<string, string>;
}

/** Carried in the navigation state when a query was taken as a domain (the "did you mean the keyword" message). */
export interface SearchNavigationState {
  searchedAsDomain?: { domain: string };
}

/**
 * The search navigation of docs/product/site.md §4: resolves a query with JsonSearch (a quoted query is tried as an exact
 * keyword first, on the server), remembers it as the last search of its kind, logs a missed search for a logged-in
 * user, and opens the page for its result type. A 400 answer opens the typo page; a 429 of the research limit the
 * slow-the-scraping page; any other failure the server-error page. A seo/keywords/domain request with competitors needs login.
 */
export function useSearchNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useActiveState();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const [isSearching, setSearching] = useState(false);
  const latest = useRef(0);

  const search = useCallback(
    async (rawQuery: string, options: SearchOptions = {}) => {
      const query = rawQuery.trim();
      if (!query) return;
      const ticket = ++latest.current;
      setSearching(true);
      const replace = options.replace ?? false;
      try {
        const result = await jsonSearch(query, { countryCode: options.countryCode });
        if (ticket !== latest.current) return; // a newer search took over
        const type = resultTypeOf(result.resultType);
        rememberSearch({ query: result.cleansedQuery, type });
        if (!result.wasQueryFound && isLoggedIn) void logMissedSearch(type, query, result.countryCode);

        const path = pathForResult(options.from ?? location.pathname, type);
        const target = withQuery(path, result.cleansedQuery, options.params);
        const login = competitorsLoginRedirect(path, target.slice(path.length), isLoggedIn);
        if (login) {
          void navigate(login, { replace });
          return;
        }
        const quoted = /^["'].*["']$/.test(query);
        const state: SearchNavigationState | undefined = type === 'domain' && !quoted ? { searchedAsDomain: { domain: result.cleansedQuery } } : undefined;
        void navigate(target, { replace, state });
      } catch (error) {
        if (ticket !== latest.current) return;
        const slowDown = slowScrapingTarget(error, `${location.pathname}${location.search}`);
        if (slowDown) void navigate(slowDown, { replace });
        else if (error instanceof ApiRequestError && error.status === 400) void navigate(withQuery(typoPagePath, query), { replace });
        else void navigate(serverErrorPagePath, { replace, state: { from: `${location.pathname}${location.search}` } });
      } finally {
        if (ticket === latest.current) setSearching(false);
      }
    },
    [navigate, location.pathname, location.search, isLoggedIn],
  );

  return { search, isSearching };
}
