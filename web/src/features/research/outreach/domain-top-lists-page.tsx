import type { DomainMetricsRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { InlineTextForm } from '../components/inline-text-form';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { topDomainColumns } from './outreach-columns';

/** Outreach domain top lists: the biggest sites of the territory, optionally of one topic (?topic=). */
export function DomainTopListsPage() {
  const subject = useResearchSubject();
  const [topic, setTopic] = useUrlParam<string>('topic', '');
  const columns = useMemo(() => topDomainColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<DomainMetricsRow>('outreach/top-domains', { countryCode: subject.countryCode, topic: topic || undefined }, columns);
  return (
    <ResearchPage section="outreach" title="Top domains" kind="none" needsQuery={false} heading={topic ? `Top ${topic} domains` : 'Top domains'} month={table.data?.month}>
      <InlineTextForm id="topic" label="Topic" placeholder="Any topic, e.g. travel" action="Show" initial={topic} onSubmit={(text) => setTopic(text.trim() || null)} />
      <ResearchTable
        id="outreach-top-domains"
        caption="Top domains"
        noun="domains"
        {...table.tableProps}
        rowKey={(row) => row.domain}
        filterLabel="Filter domains"
      />
    </ResearchPage>
  );
}
