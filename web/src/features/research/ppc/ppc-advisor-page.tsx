import { AdvisorTable } from '../components/advisor-table';
import { ResearchPage } from '../components/research-page';
import { useResearchDomain } from '../hooks/use-research-subject';

/** AdWords advisor of a domain (route ppc:adwords-advisor): what its competitors keep buying, and where it wastes clicks. */
export function PpcAdvisorPage() {
  const { domain, ...subject } = useResearchDomain();
  return (
    <ResearchPage section="ppc" title="AdWords advisor" kind="domain" heading={domain} prompt={{ label: 'Get keyword advice for an advertiser', placeholder: 'Enter a domain', example: 'shopsphere.example' }}>
      <AdvisorTable endpoint="ppc/adwords-advisor" subject={domain ? { query: domain, countryCode: subject.countryCode } : null} countryCode={subject.countryParam} caption={`AdWords advice for ${domain}`} />
    </ResearchPage>
  );
}
