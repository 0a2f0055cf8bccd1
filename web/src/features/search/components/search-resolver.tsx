import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSearchNavigation } from '../hooks/use-search-navigation';
import { SearchLanding } from './search-landing';

/**
 * /overview (route name overview) with ?query=: the query lookup on navigation (docs/product/site.md §4, getQueryResults). It resolves
 * the query in the territory of the address (countryCode, when a search in another territory loaded the page) and
 * replaces itself with the page of the result type: /overview/domain, /overview/url or /keyword/overview. Without a
 * query it is the search landing.
 */
export function SearchResolverPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { search } = useSearchNavigation();
  const query = params.get('query')?.trim() ?? '';
  const countryCode = params.get('countryCode') ?? undefined;

  useEffect(() => {
    if (!query) return;
    const rest = Object.fromEntries([...params.entries()].filter(([key]) => key !== 'query'));
    void search(query, { from: pathname, replace: true, countryCode, params: rest });
    // The lookup runs once per query and territory; `search` changes identity with the location it replaces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, countryCode]);

  if (!query) return <SearchLanding />;
  return (
    <section className="page search-resolving" aria-live="polite">
      <p>
        Looking up <strong>{query}</strong>…
      </p>
    </section>
  );
}
