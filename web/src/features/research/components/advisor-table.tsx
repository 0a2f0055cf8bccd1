import { recommendationTypes, type AdvisorRow, type RecommendationType } from '@serpwise/contracts';
import { useMemo } from 'react';
import type { ResearchParams } from '../api/research-request';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { advisorColumns } from '../ppc/ppc-columns';
import { useCopyableKeywords } from './copyable-keywords';
import { ResearchTable } from './research-table';
import { TypeSelect } from './type-select';

const typeLabels: Record<RecommendationType, string> = { buy: 'Keywords to buy', negativematch: 'Negative keywords' };

/** The AdWords advisor of a domain or a keyword: keywords worth buying, and keywords to add as negatives. */
export function AdvisorTable({ endpoint, subject, countryCode, caption }: { endpoint: string; subject: ResearchParams | null; countryCode: string | null; caption: string }) {
  const [type, setType] = useUrlParam<RecommendationType>('type', 'buy', recommendationTypes);
  const copyable = useCopyableKeywords<AdvisorRow>(type === 'negativematch' ? 'exact' : 'broad');
  const { matchType } = copyable;
  const columns = useMemo(() => advisorColumns(countryCode, type, matchType), [countryCode, type, matchType]);
  const table = useTableScreen<AdvisorRow>(endpoint, subject ? { ...subject, type } : null, columns);
  return (
    <ResearchTable
      key={type}
      id={`advisor-${type}`}
      caption={caption}
      noun="keywords"
      {...table.tableProps}
      {...copyable.tableProps}
      controls={<TypeSelect label="Advice" value={type} onChange={setType} options={recommendationTypes.map((value) => ({ value, label: typeLabels[value] }))} />}
    />
  );
}
