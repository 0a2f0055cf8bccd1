import type { DomainMetricsRow } from '@serpwise/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { topDomainColumns } from './outreach-columns';

/** Outreach domain top lists: the biggest sites of the territory, optionally of one topic (?topic=). */
export function DomainTopListsPage() {
  const subject = useResearchSubject();
  const [params, setParams] = useSearchParams();
  const topic = params.get('topic') ?? '';
  const [text, setText] = useState(topic);
  const columns = useMemo(() => topDomainColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<DomainMetricsRow>('outreach/top-domains', { countryCode: subject.countryCode, topic: topic || undefined }, columns);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['startRow', 'sort', 'dir', 'filter']) next.delete(key);
      if (text.trim()) next.set('topic', text.trim());
      else next.delete('topic');
      return next;
    });
  };
  return (
    <ResearchPage section="outreach" title="Top domains" kind="none" needsQuery={false} heading={topic ? `Top ${topic} domains` : 'Top domains'} month={table.data?.month}>
      <form className="competitor-form" onSubmit={submit}>
        <label htmlFor="topic">Topic</label>
        <input id="topic" value={text} onChange={(event) => setText(event.target.value)} placeholder="Any topic, e.g. travel" />
        <button type="submit" className="button button--small">
          Show
        </button>
      </form>
      <ResearchTable
        id="outreach-top-domains"
        caption="Top domains"
        noun="domains"
        columns={columns}
        {...table.tableProps}
        rowKey={(row) => row.domain}
        filterLabel="Filter domains"
      />
    </ResearchPage>
  );
}
