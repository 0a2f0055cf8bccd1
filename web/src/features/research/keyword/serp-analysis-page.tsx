import type { SerpAnalysisRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { serpColumns } from './keyword-columns';

/** SERP analysis (route keyword:serp-analysis): the top 10 with each site's and page's strength. */
export function SerpAnalysisPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const columns = useMemo(() => serpColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<SerpAnalysisRow>('keyword/serp-analysis', keyword ? { query: keyword, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage section="keyword" title="SERP analysis" kind="keyword" month={table.data?.month} prompt={{ label: 'Analyse the results page of a search', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <ResearchTable
        id="serp-analysis"
        caption={`Search results for ${keyword}`}
        noun="results"
        {...table.tableProps}
        rowKey={(row) => `${row.position}|${row.url}`}
        showRowNumbers={false}
        filterLabel="Filter sites"
      />
    </ResearchPage>
  );
}
