import type { CompetitorRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { hostOf } from '../navigation';
import { competitorColumns } from './seo-columns';

export const kombatHref = (domain: string, competitors: readonly string[], countryCode: string | null) => {
  const params = new URLSearchParams({ query: domain, competitors: competitors.join(',') });
  if (countryCode) params.set('countryCode', countryCode);
  return `/seo/kombat/domain?${params}`;
};

/** SEO competitors: the domains sharing the most keywords; pick one or two to compare in kombat. */
export function SeoCompetitorsPage() {
  const subject = useResearchSubject();
  const domain = subject.query ? hostOf(subject.query) : null;
  const columns = useMemo(() => competitorColumns(subject.countryParam), [subject.countryParam]);
  const selection = useRowSelection(2);
  const table = useTableScreen<CompetitorRow>('seo/competitors', domain ? { domain, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage
      section="seo"
      title="Organic competitors"
      kind="domain"
      heading={domain}
      month={table.data?.month}
      prompt={{ label: 'Find the organic competitors of a domain', placeholder: 'Enter a domain', example: 'shopsphere.example' }}
    >
      <p className="screen-hint">Tick one or two competitors to compare their keywords with {domain} in Kombat.</p>
      <ResearchTable
        id="seo-competitors"
        caption={`Organic competitors of ${domain}`}
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
          <Link className="button button--small button--primary" to={kombatHref(domain!, selected, subject.countryParam)}>
            Compare in Kombat
          </Link>
        )}
        filterLabel="Filter domains"
        exportTarget={table.params ? { table: 'seo/competitors', params: table.params } : undefined}
      />
    </ResearchPage>
  );
}
