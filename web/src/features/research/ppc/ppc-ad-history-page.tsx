import { AdHistoryTable } from '../components/ad-history-table';
import { ResearchPage } from '../components/research-page';
import { useResearchDomain } from '../hooks/use-research-subject';

/** PPC ad history (route ppc:ad-history): 12 months of the domain's ads, keyword by keyword. */
export function PpcAdHistoryPage() {
  const { domain, ...subject } = useResearchDomain();
  return (
    <ResearchPage section="ppc" title="Ad history" kind="domain" heading={domain} prompt={{ label: 'See a domain’s ads month by month', placeholder: 'Enter a domain', example: 'shopsphere.example' }}>
      <AdHistoryTable kind="domain" endpoint="ppc/ad-history" request={domain ? { query: domain, countryCode: subject.countryCode } : null} countryCode={subject.countryParam} caption={`Ad history of ${domain}`} />
    </ResearchPage>
  );
}
