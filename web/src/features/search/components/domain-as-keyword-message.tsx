import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SearchNavigationState } from '../hooks/use-search-navigation';
import { withQuery } from '../search-paths';
import './domain-as-keyword-message.css';

/** docs/product/site.md §2, §9: the domain-as-keyword message hides itself after 20 seconds. */
export const domainMessageMs = 20_000;

/**
 * "Did you mean" the keyword? Shown on the page a search opened when the query was taken as a domain (docs/product/site.md §2
 * "Landing search"); it offers the same words as a keyword, and hides itself after 20 s.
 */
export function DomainAsKeywordMessage() {
  const location = useLocation();
  const searched = (location.state as SearchNavigationState | null)?.searchedAsDomain;
  /** The navigation whose message was hidden (by the 20 s timer or the close button). */
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);

  useEffect(() => {
    if (!searched) return;
    const timer = window.setTimeout(() => setHiddenFor(location.key), domainMessageMs);
    return () => window.clearTimeout(timer);
  }, [searched, location.key]);

  if (!searched || hiddenFor === location.key) return null;
  return (
    <div className="domain-message" role="status">
      <p>
        We searched <strong>{searched.domain}</strong> as a domain. Did you mean the keyword{' '}
        <Link to={withQuery('/keyword/overview', searched.domain)}>“{searched.domain}”</Link>?
      </p>
      <button type="button" className="domain-message__close" aria-label="Dismiss" onClick={() => setHiddenFor(location.key)}>
        ×
      </button>
    </div>
  );
}
