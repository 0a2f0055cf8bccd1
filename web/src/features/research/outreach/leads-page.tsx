import type { LeadRow } from '@serpwise/contracts';
import { useMemo, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { AddSelectedToOutreach, addToOutreachColumn } from '@/features/projects';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useAutoCompetitors } from '../components/kombat-setup';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { type ResearchSection } from '../navigation';
import { leadColumns } from './outreach-columns';

/**
 * Link leads (/outreach/leads, /backlinks/backlinks-outreach): sites that link to your competitors and not to you.
 * Without ?competitors= it uses the domain's two closest organic competitors.
 */
export function LeadsPage({ section = 'outreach' }: { section?: ResearchSection }) {
  const { domain, ...subject } = useResearchDomain();
  const [params, setParams] = useSearchParams();
  const competitors = params.get('competitors') ?? '';
  const suggesting = useAutoCompetitors('seo/competitors', domain && !competitors ? { domain, countryCode: subject.countryCode } : null);
  const columns = useMemo(() => [...leadColumns(subject.countryParam), addToOutreachColumn<LeadRow>((row) => ({ domain: row.domain }))], [subject.countryParam]);
  const selection = useRowSelection();
  const table = useTableScreen<LeadRow>('outreach/leads', domain && competitors ? { domain, competitors, countryCode: subject.countryCode } : null, columns);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('competitors') ?? '');
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['startRow', 'sort', 'dir', 'filter']) next.delete(key);
      next.set('competitors', text.split(/[\s,]+/).filter(Boolean).slice(0, 5).join(','));
      return next;
    });
  };
  return (
    <ResearchPage
      section={section}
      title="Link leads"
      kind="domain"
      heading={domain}
      prompt={{ label: 'Find sites that link to your competitors but not to you', placeholder: 'Enter your domain', example: 'halovatech.example' }}
    >
      <form className="competitor-form" onSubmit={submit} key={competitors}>
        <label htmlFor="lead-competitors">Competitors (up to 5)</label>
        <input id="lead-competitors" name="competitors" defaultValue={competitors} placeholder="rival.com, other.com" />
        <button type="submit" className="button button--small">
          Find leads
        </button>
      </form>
      {!competitors ? (
        <p className="research-empty">{suggesting ? 'Finding the closest competitors…' : 'Enter one to five competitors.'}</p>
      ) : (
        <ResearchTable
          id="outreach-leads"
          caption={`Link leads for ${domain}`}
          noun="sites"
          columns={columns}
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
