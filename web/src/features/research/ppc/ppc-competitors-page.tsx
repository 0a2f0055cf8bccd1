import type { PpcCompetitorRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { hostOf } from '../navigation';
import { ppcCompetitorColumns } from './ppc-columns';

const ppcKombatHref = (domain: string, competitors: readonly string[], countryCode: string | null) => {
  const params = new URLSearchParams({ query: domain, competitors: competitors.join(',') });
  if (countryCode) params.set('countryCode', countryCode);
  return `/ppc/kombat/domain?${params}`;
};

/** PPC competitors: the advertisers bidding on the same keywords; pick one or two to compare in PPC kombat. */
export function PpcCompetitorsPage() {
  const subject = useResearchSubject();
  const domain = subject.query ? hostOf(subject.query) : null;
  const columns = useMemo(() => ppcCompetitorColumns(subject.countryParam), [subject.countryParam]);
  const selection = useRowSelection(2);
  const table = useTableScreen<PpcCompetitorRow>('ppc/competitors', domain ? { query: domain, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage
      section="ppc"
      title="PPC competitors"
      kind="domain"
      heading={domain}
      month={table.data?.month}
      prompt={{ label: 'Find who bids against a domain', placeholder: 'Enter a domain', example: 'shopsphere.example' }}
    >
      <p className="screen-hint">Tick one or two advertisers to compare their paid keywords with {domain} in PPC Kombat.</p>
      <ResearchTable
        id="ppc-competitors"
        caption={`PPC competitors of ${domain}`}
        noun="competitors"
        columns={columns}
        answer={table.data}
        isFetching={table.isFetching}
        error={table.error}
        state={table.state}
        onStateChange={table.change}
        rowKey={(row) => row.domain}
        selection={selection}
        selectionActions={(selected) => (
          <Link className="button button--small button--primary" to={ppcKombatHref(domain!, selected, subject.countryParam)}>
            Compare in PPC Kombat
          </Link>
        )}
        filterLabel="Filter domains"
        exportTarget={table.params ? { table: 'ppc/competitors', params: table.params } : undefined}
      />
    </ResearchPage>
  );
}
