import { siteKindOf, useResearchSubject } from '../hooks/use-research-subject';
import { DomainOverviewPage } from './domain-overview-page';
import { UrlOverviewPage } from './url-overview-page';

/** /seo/overview without a suffix: the domain or URL overview, by what the query is. */
export function SiteOverviewPage() {
  const { query } = useResearchSubject();
  return query && siteKindOf(query) === 'url' ? <UrlOverviewPage section="seo" /> : <DomainOverviewPage section="seo" />;
}
