import type { LeadRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { AddSelectedToOutreach, addToOutreachColumn } from '@/features/projects';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { InlineTextForm } from '../components/inline-text-form';
import { useAutoCompetitors } from '../components/kombat-setup';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { type ResearchSection } from '../navigation';
import { leadColumns } from './outreach-columns';

/**
 * Link leads (/outreach/leads, /backlinks/backlinks-outreach): sites that link to your competitors and not to you.
 * Without ?competitors= it uses the domain's two closest organic competitors.
 */
export function LeadsPage({ section = 'outreach' }: { section?: ResearchSection }) {
  const { domain, ...subject } = useResearchDomain();
  const [competitors, setCompetitors] = useUrlParam<string>('competitors', '');
  const suggesting = useAutoCompetitors('seo/competitors', domain && !competitors ? { domain, countryCode: subject.countryCode } : null);
  const columns = useMemo(() => [...leadColumns(subject.countryParam), addToOutreachColumn<LeadRow>((row) => ({ domain: row.domain }))], [subject.countryParam]);
  const selection = useRowSelection();
  const table = useTableScreen<LeadRow>('outreach/leads', domain && competitors ? { domain, competitors, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage
      section={section}
      title="Link leads"
      kind="domain"
      heading={domain}
      prompt={{ label: 'Find sites that link to your competitors but not to you', placeholder: 'Enter your domain', example: 'halovatech.example' }}
    >
      <InlineTextForm
        key={competitors}
        id="lead-competitors"
        label="Competitors (up to 5)"
        placeholder="rival.com, other.com"
        action="Find leads"
        initial={competitors}
        onSubmit={(text) => setCompetitors(text.split(/[\s,]+/).filter(Boolean).slice(0, 5).join(','))}
      />
      {!competitors ? (
        <p className="research-empty">{suggesting ? 'Finding the closest competitors…' : 'Enter one to five competitors.'}</p>
      ) : (
        <ResearchTable
          id="outreach-leads"
          caption={`Link leads for ${domain}`}
          noun="sites"
          {...table.tableProps}
          rowKey={(row) => row.domain}
          selection={selection}
          selectionActions={(selected) => <AddSelectedToOutreach targets={selected.map((domain) => ({ domain }))} onAdded={selection.clear} />}
          filterLabel="Filter sites"
        />
      )}
    </ResearchPage>
  );
}
