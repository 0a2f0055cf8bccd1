import type { KeywordBacklinkRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { useRowSelection, useSeenRows } from '@/components/ui/table/row-selection';
import { AddSelectedToOutreach, addToOutreachColumn } from '@/features/projects';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { keywordBacklinkColumns } from './keyword-columns';

const backlinkKey = (row: KeywordBacklinkRow) => `${row.sourceUrl}|${row.targetUrl}|${row.anchor}|${row.firstSeen}`;

/** Keyword backlinks: the links pointing at the pages that rank in the keyword's top 10. */
export function KeywordBacklinksPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const columns = useMemo(() => [...keywordBacklinkColumns(subject.countryParam), addToOutreachColumn<KeywordBacklinkRow>((row) => ({ url: row.sourceUrl }))], [subject.countryParam]);
  const table = useTableScreen<KeywordBacklinkRow>('keyword/backlinks', keyword ? { query: keyword, countryCode: subject.countryCode } : null, columns);
  const selection = useRowSelection();
  const rowsOf = useSeenRows(table.data?.rows, backlinkKey);
  return (
    <ResearchPage section="keyword" title="Backlinks of the top 10" kind="keyword" month={table.data?.month} prompt={{ label: 'See the links behind a search’s top 10', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <ResearchTable
        id="keyword-backlinks"
        caption={`Backlinks of the top 10 for ${keyword}`}
        noun="links"
        {...table.tableProps}
        rowKey={backlinkKey}
        selection={selection}
        selectionActions={(selected) => <AddSelectedToOutreach targets={[...new Set(rowsOf(selected).map((row) => row.sourceUrl))].map((url) => ({ url }))} onAdded={selection.clear} />}
        filterLabel="Filter linking sites"
      />
    </ResearchPage>
  );
}
