import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@/components/ui/table/columns';
import { useRowSelection } from '@/components/ui/table/row-selection';
import type { ResearchParams } from '../api/research-request';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { ResearchPage } from './research-page';
import { ResearchTable } from './research-table';

/** The kombat of a section comparing a domain with the chosen competitors. */
export const kombatHref = (section: 'seo' | 'ppc', domain: string, competitors: readonly string[], countryCode: string | null) => {
  const params = new URLSearchParams({ query: domain, competitors: competitors.join(',') });
  if (countryCode) params.set('countryCode', countryCode);
  return `/${section}/kombat/domain?${params}`;
};

interface CompetitorsScreenProps<Row extends { domain: string }> {
  section: 'seo' | 'ppc';
  title: string;
  promptLabel: string;
  /** The table's endpoint and its request for the domain asked about (the URL's; null: the prompt is shown). */
  endpoint: string;
  request: (domain: string, countryCode: string) => ResearchParams;
  columnsOf: (countryParam: string | null) => ColumnDef<Row>[];
  /** What the ticked rows are compared by, for the hint ("competitors … their keywords"). */
  hint: (domain: string) => string;
  compareLabel: string;
}

/** A competitors screen (SEO and PPC): the domains sharing the most keywords; tick one or two to compare them in kombat. */
export function CompetitorsScreen<Row extends { domain: string }>({ section, title, promptLabel, endpoint, request, columnsOf, hint, compareLabel }: CompetitorsScreenProps<Row>) {
  const { domain, countryParam, countryCode } = useResearchDomain();
  const columns = useMemo(() => columnsOf(countryParam), [columnsOf, countryParam]);
  const table = useTableScreen<Row>(endpoint, domain ? request(domain, countryCode) : null, columns);
  const selection = useRowSelection(2);
  return (
    <ResearchPage
      section={section}
      title={title}
      kind="domain"
      heading={domain}
      month={table.data?.month}
      prompt={{ label: promptLabel, placeholder: 'Enter a domain', example: 'shopsphere.example' }}
    >
      <p className="screen-hint">{hint(domain ?? '')}</p>
      <ResearchTable
        id={`${section}-competitors`}
        caption={`${title} of ${domain}`}
        noun="competitors"
        {...table.tableProps}
        rowKey={(row) => row.domain}
        selection={selection}
        selectionActions={(selected) => (
          <Link className="button button--small button--primary" to={kombatHref(section, domain!, selected, countryParam)}>
            {compareLabel}
          </Link>
        )}
        filterLabel="Filter domains"
      />
    </ResearchPage>
  );
}
