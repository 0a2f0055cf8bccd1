import type { ReactNode } from 'react';
import type { MatchType } from '@/components/ui/table/column-picker-rules';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { useAdKeywordMatchType } from '../hooks/use-ad-keyword-match-type';
import { CopyKeywordsButton } from './copy-button';

/**
 * A keyword table whose ticked rows are copied in the match type of its ad-keyword column ("Copy as …"): the match
 * type the columns show, and the ResearchTable props that wire the selection, the copy button (then `moreActions`)
 * and the column's picker. Spread `tableProps` into the table.
 */
export function useCopyableKeywords<Row extends { keyword: string }>(fallback?: MatchType, moreActions?: (selected: string[]) => ReactNode) {
  const [matchType, setMatchTypes] = useAdKeywordMatchType(fallback);
  const selection = useRowSelection();
  const tableProps = {
    rowKey: (row: Row) => row.keyword,
    selection,
    selectionActions: (selected: string[]) => (
      <>
        <CopyKeywordsButton keywords={selected} matchType={matchType} />
        {moreActions?.(selected)}
      </>
    ),
    onMatchTypesChange: setMatchTypes,
  };
  return { matchType, tableProps };
}
