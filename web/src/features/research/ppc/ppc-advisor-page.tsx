import { hostOfText } from '@serpwise/contracts';
import { AdvisorTable } from '../components/advisor-table';
import { ResearchPage } from '../components/research-page';
import { useResearchSubject } from '../hooks/use-research-subject';

/** AdWords advisor of a domain (route ppc:adwords-advisor): what its competitors keep buying, and where it wastes clicks. */
export function PpcAdvisorPage() {
  const subject = useResearchSubject();
  const domain = subject.query ? hostOfText(subject.query) : null;
  return (
    <ResearchPage section="ppc" title="AdWords advisor" kind="domain" heading={domain} prompt={{ label: 'Get keyword advice for an advertiser', placeholder: 'Enter a domain', example: 'shopsphere.example' }}>
      <AdvisorTable endpoint="ppc/adwords-advisor" subject={domain ? { query: domain, countryCode: subject.countryCode } : null} countryCode={subject.countryParam} caption={`AdWords advice for ${domain}`} />
    </ResearchPage>
  );
}
