import { type PaidSearchType, paidSearchTypes, type PpcKeywordRow, paidSearchTypeWords } from '@serpwise/contracts';
import { useMemo } from 'react';
import { useCopyableKeywords } from '../components/copyable-keywords';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { TypeSelect } from '../components/type-select';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { ppcKeywordColumns } from './ppc-columns';

/** PPC keywords (route ppc:keywords, marked new): what the domain buys, with the ad shown; copy them in a match type. */
export function PpcKeywordsPage() {
  const { domain, ...subject } = useResearchDomain();
  const [type, setType] = useUrlParam<PaidSearchType>('type', 'mostsuccessful', paidSearchTypes);
  const copyable = useCopyableKeywords<PpcKeywordRow>();
  const { matchType } = copyable;
  const columns = useMemo(() => ppcKeywordColumns(subject.countryParam, matchType), [subject.countryParam, matchType]);
  const table = useTableScreen<PpcKeywordRow>('ppc/keywords', domain ? { query: domain, type, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage
      section="ppc"
      title="Paid keywords"
      kind="domain"
      heading={domain}
      month={table.data?.month}
      prompt={{ label: 'See the keywords a domain buys', placeholder: 'Enter a domain', example: 'shopsphere.example' }}
    >
      <ResearchTable
        id="ppc-keywords"
        caption={`Paid keywords of ${domain}`}
        noun="keywords"
        {...table.tableProps}
        {...copyable.tableProps}
        controls={<TypeSelect label="Keywords" value={type} onChange={setType} options={paidSearchTypes.map((value) => ({ value, label: paidSearchTypeWords[value] }))} />}
      />
    </ResearchPage>
  );
}
