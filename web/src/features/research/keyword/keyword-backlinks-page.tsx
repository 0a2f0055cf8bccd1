import type { KeywordBacklinkRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { keywordBacklinkColumns } from './keyword-columns';

/** Keyword backlinks: the links pointing at the pages that rank in the keyword's top 10. */
export function KeywordBacklinksPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const columns = useMemo(() => keywordBacklinkColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<KeywordBacklinkRow>('keyword/backlinks', keyword ? { query: keyword, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage section="keyword" title="Backlinks of the top 10" kind="keyword" month={table.data?.month} prompt={{ label: 'See the links behind a search’s top 10', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <ResearchTable
        id="keyword-backlinks"
        caption={`Backlinks of the top 10 for ${keyword}`}
        noun="links"
        columns={columns}
        {...table.tableProps}
        rowKey={(row) => `${row.sourceUrl}|${row.targetUrl}|${row.anchor}|${row.firstSeen}`}
        filterLabel="Filter linking sites"
      />
    </ResearchPage>
  );
}
