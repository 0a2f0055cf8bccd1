import { panelUpsell } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { errorsOf } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { projectKeys } from '../api/base';
import { deleteLabels, useLabels } from '../api/labels';
import { getContacts, getHistory, getLink, getLinks, getWebsites, useOutreachList } from '../api/outreach';
import { useQuery } from '@tanstack/react-query';
import type { MsfParams } from '../msf';
import { ConfirmDelete } from './confirm-delete';

/** The panel for users who are not full (02 §1). */
export function PanelUpsell() {
  return (
    <div className="msf-upsell">
      <h3>{panelUpsell.heading}</h3>
      <ul>
        {panelUpsell.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <p>{panelUpsell.text}</p>
      <a className="button button--primary" href={panelUpsell.href}>
        {panelUpsell.button}
      </a>
    </div>
  );
}

/** An unknown panel route, or a panel never opened (02 §2). */
export function PanelNotFound({ go }: { go: (route: string) => void }) {
  return (
    <div className="msf-not-found">
      <h3>404</h3>
      <p>This part of your projects does not exist.</p>
      <button type="button" className="button--link" onClick={() => go('projects')}>
        Go to projects
      </button>
    </div>
  );
}

/** Routes named by the documents whose screens come later. */
export function PanelLater({ title }: { title: string }) {
  return (
    <div className="msf-later">
      <h3>{title}</h3>
      <p>This view is not available yet.</p>
    </div>
  );
}

/** Labels of a project (02 §2): name and keyword count; a row opens its details; selected labels can be deleted. */
export function LabelsView({ projectId, go }: { projectId: string; go: (route: string, params?: MsfParams) => void }) {
  const labels = useLabels(projectId);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rows = labels.data ?? [];
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteLabels(projectId, selected);
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  if (labels.isLoading) return <Spinner label="Loading labels" />;
  return (
    <section aria-label="Labels">
      {selected.length > 0 && (
        <button type="button" className="button button--small button--danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {rows.length === 0 ? (
        <p className="msf-empty">No labels yet.</p>
      ) : (
        <table className="msf-table" aria-label="Labels of the project">
          <thead>
            <tr>
              <th />
              <th>Label</th>
              <th>Keywords</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((label) => (
              <tr key={label.labelHash}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${label.labelName}`}
                    checked={selected.includes(label.labelHash)}
                    onChange={(event) => setSelected((current) => (event.target.checked ? [...current, label.labelHash] : current.filter((hash) => hash !== label.labelHash)))}
                  />
                </td>
                <td>
                  <button type="button" className="button--link" onClick={() => go('label-details', { projectId, labelHash: label.labelHash, labelName: label.labelName })}>
                    {label.labelName}
                  </button>
                </td>
                <td>{formatNumber(label.numberOfKeywords)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDelete open={confirming} text="The labels are removed from every keyword." confirmText="Delete" deleting={deleting} onConfirm={() => void remove()} onClose={() => setConfirming(false)} />
    </section>
  );
}

/** Simple outreach lists (websites, links, contacts) and the history; the CRM detail screens come later. */
export function OutreachList({ kind, projectId, go }: { kind: 'websites' | 'links' | 'contacts' | 'history'; projectId?: string; go: (route: string, params?: MsfParams) => void }) {
  const fetchers = { websites: getWebsites, links: getLinks, contacts: getContacts, history: getHistory } as const;
  const list = useOutreachList<object>(kind, projectId, fetchers[kind] as (projectId?: string) => Promise<object[]>);
  if (list.isLoading) return <Spinner label={`Loading ${kind}`} />;
  if (list.error) return <p role="alert">{errorsOf(list.error).join(' ')}</p>;
  const rows = (list.data ?? []) as Record<string, unknown>[];
  if (!rows.length) return <p className="msf-empty">{kind === 'history' ? 'Nothing has happened here yet.' : `No ${kind} yet.`}</p>;
  return (
    <ul className="msf-list" aria-label={kind}>
      {rows.map((row, index) => {
        const text = String(row.urlName ?? row.domainName ?? row.name ?? row.email ?? row.action ?? '');
        const key = String(row.urlId ?? row.domainId ?? row.contactId ?? row.rowId ?? index);
        if (kind === 'links')
          return (
            <li key={key}>
              <button type="button" className="button--link" onClick={() => go('link-details', { urlId: String(row.urlId), urlName: text, ...(projectId ? { projectId } : {}) })}>
                {text}
              </button>
            </li>
          );
        return <li key={key}>{kind === 'history' ? `${String(row.createdAt).slice(0, 10)} ${text} ${String(row.details ?? row.urlName ?? '')}` : text}</li>;
      })}
    </ul>
  );
}


/** link-details: the link's summary; its notes, tasks and contact events (the CRM screens) come later. */
export function LinkDetailsView({ urlId, projectId }: { urlId: string; projectId?: string }) {
  const link = useQuery({ queryKey: [...projectKeys.all, 'link', urlId], queryFn: () => getLink(urlId, projectId) });
  if (link.isLoading) return <Spinner label="Loading the link" />;
  if (link.error || !link.data) return <p role="alert">{errorsOf(link.error).join(' ')}</p>;
  const data = link.data;
  return (
    <section aria-label="Link details">
      <h3>{data.urlName}</h3>
      <dl className="msf-group-details">
        <div>
          <dt>Website</dt>
          <dd>{data.domainName}</dd>
        </div>
        <div>
          <dt>Monthly organic clicks</dt>
          <dd>{data.urlMonthlyOrganicClicks === null ? '–' : formatNumber(data.urlMonthlyOrganicClicks)}</dd>
        </div>
        <div>
          <dt>Ranked keywords</dt>
          <dd>{data.urlRankedKeywords === null ? '–' : formatNumber(data.urlRankedKeywords)}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{'★'.repeat(data.rating)}{'☆'.repeat(Math.max(0, 3 - data.rating))}</dd>
        </div>
      </dl>
    </section>
  );
}
