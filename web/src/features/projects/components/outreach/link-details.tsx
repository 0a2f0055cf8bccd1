import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { deleteLink, getHistory, getLink, getUrlContext, useOutreachRecord } from '@/features/projects/api/outreach';
import type { MsfParams } from '@/features/projects/msf';
import { useProjectPanel } from '@/features/projects/panel-context';
import { ConfirmDelete } from '../confirm-delete';
import { LinkContactEvents } from './link-events';
import { LinkNotes } from './link-notes';
import { LinkTasks } from './link-tasks';
import { HistoryRows, linkRoute } from './outreach-history';
import { OutreachAttributes } from './outreach-attributes';
import { projectNameOf } from './project-name';
import { useOutreachChange } from './use-outreach-change';
import { FactList } from '../fact-list';
import { AlsoKeptIn } from './also-kept-in';

type Go = (route: string, params?: MsfParams) => void;

function LinkHistory({ urlId, go }: { urlId: string; go: Go }) {
  const history = useOutreachRecord('history', urlId, () => getHistory(undefined, urlId));
  if (history.isLoading) return <Spinner label="Loading the history" />;
  if (history.error) return <p role="alert">{errorsOf(history.error).join(' ')}</p>;
  if (!history.data?.length) return <p className="msf-empty">Nothing has happened here yet.</p>;
  return <HistoryRows entries={history.data} go={go} label="History of the link" />;
}

/** Contexts/GetUrl: the same address kept in other projects. */
function UrlContextNote({ urlId, go }: { urlId: string; go: Go }) {
  const context = useOutreachRecord('url-context', urlId, () => getUrlContext(urlId));
  const others = context.data?.links.filter((link) => link.urlId !== urlId) ?? [];
  return <AlsoKeptIn copies={others.map((link) => ({ key: link.urlId, projectId: link.projectId, open: () => go('link-details', linkRoute(link)) }))} />;
}

/**
 * link-details (params domainId, projectId, urlId, urlName): the link's numbers, rating, relationship and tags, its
 * notes, tasks, contact events and history; deleting it asks 'Are you absolutely sure?'.
 */
export function LinkDetailsView({ urlId, projectId, go }: { urlId: string; projectId?: string; go: Go }) {
  const panel = useProjectPanel();
  const run = useOutreachChange();
  const link = useOutreachRecord('link', urlId, () => getLink(urlId, projectId));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (link.isLoading) return <Spinner label="Loading the link" />;
  if (link.error || !link.data) return <p role="alert">{errorsOf(link.error).join(' ')}</p>;
  const data = link.data;
  const subject = { kind: 'link', urlId: data.urlId } as const;
  const remove = async () => {
    setDeleting(true);
    const answer = await run(() => deleteLink(data.urlId));
    setDeleting(false);
    setConfirming(false);
    if (answer !== false) go('links');
  };
  return (
    <section aria-label="Link details" className="msf-details">
      <div className="table-toolbar">
        <h3>{data.urlName}</h3>
        <span className="table-toolbar__spacer" />
        <button type="button" className="button button--small button--danger" onClick={() => setConfirming(true)}>
          Delete link
        </button>
      </div>
      <FactList
        facts={[
          ['Website', <button type="button" className="button--link" onClick={() => go('website-details', { domainId: data.domainId })}>{data.domainName}</button>],
          ['Project', projectNameOf(panel.projects, data.projectId)],
          ['Monthly organic clicks', data.urlMonthlyOrganicClicks === null ? '–' : formatNumber(data.urlMonthlyOrganicClicks)],
          ['Ranked keywords', data.urlRankedKeywords === null ? '–' : formatNumber(data.urlRankedKeywords)],
        ]}
      />
      <UrlContextNote urlId={data.urlId} go={go} />
      <OutreachAttributes subject={subject} rating={data.rating} relationship={data.relationship} tags={data.tags} />
      <Tabs
        label="Link records"
        tabs={[
          { id: 'notes', label: `Notes (${data.noteCount})`, content: <LinkNotes urlId={data.urlId} /> },
          { id: 'tasks', label: `Tasks (${data.openTaskCount} open)`, content: <LinkTasks urlId={data.urlId} /> },
          { id: 'events', label: 'Contact events', content: <LinkContactEvents urlId={data.urlId} contacts={data.contacts} /> },
          { id: 'history', label: 'History', content: <LinkHistory urlId={data.urlId} go={go} /> },
        ]}
      />
      <ConfirmDelete
        open={confirming}
        text={`This permanently deletes the link ${data.urlName} with its notes, tasks and contact events.`}
        confirmText="Delete link"
        deleting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
