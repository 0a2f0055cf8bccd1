import { hostOfText, type PaidSearchType, paidSearchTypes, type PpcKeywordRow } from '@serpwise/contracts';
import { useMemo, useState } from 'react';
import type { MatchType } from '@/components/ui/table/column-picker-rules';
import { withMatchType } from '@/components/ui/table/column-picker-rules';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { CopyButton } from '../components/copy-button';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { TypeSelect } from '../components/type-select';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { ppcKeywordColumns } from './ppc-columns';

const typeLabels: Record<PaidSearchType, string> = { mostsuccessful: 'Most successful', newkeywords: 'New keywords' };

/** PPC keywords (route ppc:keywords, marked new): what the domain buys, with the ad shown; copy them in a match type. */
export function PpcKeywordsPage() {
  const subject = useResearchSubject();
  const domain = subject.query ? hostOfText(subject.query) : null;
  const [type, setType] = useUrlParam<PaidSearchType>('type', 'mostsuccessful', paidSearchTypes);
  const [matchTypes, setMatchTypes] = useState<Record<string, MatchType>>({});
  const matchType = matchTypes.adKeyword ?? 'broad';
  const columns = useMemo(() => ppcKeywordColumns(subject.countryParam, matchType), [subject.countryParam, matchType]);
  const selection = useRowSelection();
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
        columns={columns}
        {...table.tableProps}
        rowKey={(row) => row.keyword}
        selection={selection}
        selectionActions={(selected) => <CopyButton text={selected.map((keyword) => withMatchType(keyword, matchType)).join('\n')} label={`Copy as ${matchType}`} />}
        onMatchTypesChange={setMatchTypes}
        controls={<TypeSelect label="Keywords" value={type} onChange={setType} options={paidSearchTypes.map((value) => ({ value, label: typeLabels[value] }))} />}
      />
    </ResearchPage>
  );
}
