import { relatedKeywordTypes, type RelatedKeywordRow, type RelatedKeywordType, relatedKeywordTypeWords } from '@serpwise/contracts';
import { useMemo } from 'react';
import { useCopyableKeywords } from '../components/copyable-keywords';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useSearchParams } from 'react-router';
import { TypeSelect } from '../components/type-select';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { relatedColumns } from './keyword-columns';
import { AddToProjectButton, addToProjectColumn } from '@/features/projects';

const typeOrder: RelatedKeywordType[] = ['similar', 'questions', 'transaction', 'buys', 'ranks'];

/**
 * The list a user lands on after onboarding (docs/product/account-exports-reports.md §4): a PPC-only user starts with what the keyword's advertisers also
 * buy, an SEO-only user with what its ranking sites also rank for.
 */
export const presetTypes: Record<string, RelatedKeywordType> = { ppc: 'buys', seo: 'ranks' };

/** Related keywords: similar searches, questions, buyer keywords, and what the keyword's advertisers and sites also win. */
export function RelatedKeywordsPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const [searchParams] = useSearchParams();
  const [type, setType] = useUrlParam<RelatedKeywordType>('type', presetTypes[searchParams.get('preset') ?? ''] ?? 'similar', relatedKeywordTypes);
  const copyable = useCopyableKeywords<RelatedKeywordRow>(undefined, (selected) => <AddToProjectButton terms={selected} />);
  const { matchType } = copyable;
  const columns = useMemo(() => [...relatedColumns(subject.countryParam, matchType), addToProjectColumn<RelatedKeywordRow>((row) => row.keyword)], [subject.countryParam, matchType]);
  const table = useTableScreen<RelatedKeywordRow>('keyword/related', keyword ? { query: keyword, type, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage section="keyword" title="Related keywords" kind="keyword" month={table.data?.month} prompt={{ label: 'Find keywords related to a search', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      <ResearchTable
        id="related-keywords"
        caption={`Keywords related to ${keyword}`}
        noun="keywords"
        {...table.tableProps}
        {...copyable.tableProps}
        controls={<TypeSelect label="Related by" value={type} onChange={setType} options={typeOrder.map((value) => ({ value, label: relatedKeywordTypeWords[value] }))} />}
      />
    </ResearchPage>
  );
}
