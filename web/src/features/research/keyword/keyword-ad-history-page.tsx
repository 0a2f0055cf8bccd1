import { AdHistoryTable } from '../components/ad-history-table';
import { ResearchPage } from '../components/research-page';
import { useResearchSubject } from '../hooks/use-research-subject';

/** Keyword ad history: who advertised on the search, month by month, with their ads. */
export function KeywordAdHistoryPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  return (
    <ResearchPage section="keyword" title="Ad history" kind="keyword" prompt={{ label: 'See who advertised on a search', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <AdHistoryTable kind="keyword" endpoint="keyword/ad-history" request={keyword ? { query: keyword, countryCode: subject.countryCode } : null} countryCode={subject.countryParam} caption={`Ad history of ${keyword}`} />
    </ResearchPage>
  );
}
