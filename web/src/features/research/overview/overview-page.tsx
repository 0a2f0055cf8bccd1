import { typoPagePath } from '@serpwise/contracts';
import { Navigate, useLocation } from 'react-router';
import { useQueryLookup } from '../api/json-search';
import { ApiRequestError } from '@/lib/api-client';
import { ResearchPage } from '../components/research-page';
import { Loading, ResearchError } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import { DomainOverviewPage } from './domain-overview-page';
import { UrlOverviewPage } from './url-overview-page';

/**
 * /overview?query= (route overview; the landing search submits here): looks the query up and shows the domain or
 * URL overview, or sends a keyword to the keyword overview. A query the lookup refuses (400) goes to the typo page.
 */
export function OverviewPage() {
  const subject = useResearchSubject();
  const location = useLocation();
  const lookup = useQueryLookup(subject.query, subject.countryCode);
  if (!subject.query) return <DomainOverviewPage />;
  // docs/product/site.md §4 / §8: a query the lookup refuses (400) goes to the typo page, as from the search box.
  if (lookup.error instanceof ApiRequestError && lookup.error.status === 400)
    return <Navigate to={`${typoPagePath}?${new URLSearchParams({ query: subject.query })}`} replace />;
  if (lookup.error)
    return (
      <ResearchPage section="overview" title="Overview" kind="none">
        <ResearchError error={lookup.error} />
      </ResearchPage>
    );
  if (!lookup.data)
    return (
      <ResearchPage section="overview" title="Overview" kind="none">
        <Loading label="Looking up your search…" />
      </ResearchPage>
    );
  const params = new URLSearchParams(location.search);
  params.set('query', lookup.data.cleansedQuery);
  if (lookup.data.resultType === 'Term') return <Navigate to={`/keyword/overview?${params}`} replace />;
  return lookup.data.resultType === 'URL' ? <UrlOverviewPage /> : <DomainOverviewPage />;
}
