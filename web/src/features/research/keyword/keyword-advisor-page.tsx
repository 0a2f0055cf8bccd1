import { AdvisorTable } from '../components/advisor-table';
import { ResearchPage } from '../components/research-page';
import { useResearchSubject } from '../hooks/use-research-subject';

/** AdWords advisor of a keyword: what its advertisers also buy, and the negatives a broad match needs. */
export function KeywordAdvisorPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  return (
    <ResearchPage section="keyword" title="AdWords advisor" kind="keyword" prompt={{ label: 'Get keyword advice for an ad campaign', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <AdvisorTable endpoint="keyword/adwords-advisor" subject={keyword ? { query: keyword, countryCode: subject.countryCode } : null} countryCode={subject.countryParam} caption={`AdWords advice for ${keyword}`} />
    </ResearchPage>
  );
}
