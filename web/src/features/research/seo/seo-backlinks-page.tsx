import { backlinkStatusWords } from '@serpwise/contracts';
import type { BacklinkRow, BacklinkStatus } from '@serpwise/contracts';
import { useMemo } from 'react';
import { useRowSelection, useSeenRows } from '@/components/ui/table/row-selection';
import { AddSelectedToOutreach, addToOutreachColumn } from '@/features/projects';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { TypeSelect } from '../components/type-select';
import { siteKindOf, useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import type { ResearchSection } from '../navigation';
import { backlinkColumns } from './seo-columns';

const statuses: readonly BacklinkStatus[] = ['all', 'live', 'lost'];
const backlinkKey = (row: BacklinkRow) => `${row.sourceUrl}→${row.targetUrl}→${row.anchor}→${row.firstSeen}`;
/** The linking pages of the chosen backlinks, each once: outreach keeps the page that links, not each of its links. */
const linkingPages = (rows: BacklinkRow[]) => [...new Set(rows.map((row) => row.sourceUrl))].map((url) => ({ url }));

/** Backlinks of a domain or one URL (route seo:backlinks; also /backlinks/backlinks): live and lost links. */
export function SeoBacklinksPage({ kind, section = 'seo' }: { kind?: 'domain' | 'url'; section?: ResearchSection }) {
  const subject = useResearchSubject();
  const subjectKind = kind ?? (subject.query ? siteKindOf(subject.query) : 'domain');
  const [status, setStatus] = useUrlParam<BacklinkStatus>('status', 'all', statuses);
  const columns = useMemo(() => [...backlinkColumns(subject.countryParam), addToOutreachColumn<BacklinkRow>((row) => ({ url: row.sourceUrl }))], [subject.countryParam]);
  const table = useTableScreen<BacklinkRow>('seo/backlinks', subject.query ? { [subjectKind]: subject.query, status, countryCode: subject.countryCode } : null, columns);
  const selection = useRowSelection();
  const rowsOf = useSeenRows(table.data?.rows, backlinkKey);
  return (
    <ResearchPage
      section={section}
      title={subjectKind === 'url' ? 'Backlinks to this page' : 'Backlinks'}
      kind={subjectKind}
      prompt={{ label: 'See who links to a site', placeholder: 'Enter a domain or a URL', example: 'shopsphere.example' }}
    >
      <ResearchTable
        id="seo-backlinks"
        caption={`Backlinks of ${subject.query}`}
        noun="links"
        {...table.tableProps}
        rowKey={backlinkKey}
        selection={selection}
        selectionActions={(selected) => <AddSelectedToOutreach targets={linkingPages(rowsOf(selected))} onAdded={selection.clear} />}
        filterLabel="Filter by linking page or anchor"
        controls={<TypeSelect label="Links" value={status} onChange={setStatus} options={statuses.map((value) => ({ value, label: backlinkStatusWords[value] }))} />}
      />
    </ResearchPage>
  );
}
