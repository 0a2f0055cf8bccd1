import { Link } from 'react-router';
import type { ColumnDef } from '@/components/ui/table/columns';
import { useRowSelection } from '@/components/ui/table/row-selection';
import type { useTableScreen } from '../hooks/use-table-screen';
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
  /** The domain asked about (null: the prompt is shown). */
  domain: string | null;
  countryParam: string | null;
  table: Pick<ReturnType<typeof useTableScreen<Row>>, 'data' | 'tableProps'>;
  columns: ColumnDef<Row>[];
  /** What the ticked rows are compared by, for the hint ("competitors … their keywords"). */
  hint: (domain: string) => string;
  compareLabel: string;
}

/** A competitors screen (SEO and PPC): the domains sharing the most keywords; tick one or two to compare them in kombat. */
export function CompetitorsScreen<Row extends { domain: string }>({ section, title, promptLabel, domain, countryParam, table, columns, hint, compareLabel }: CompetitorsScreenProps<Row>) {
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
        columns={columns}
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
