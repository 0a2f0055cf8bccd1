import { isAllProjects, type LinkSummary } from '@serpwise/contracts';
import { useState } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { addLink } from '../api/outreach';
import { useOptionalProjectPanel } from '../panel-context';

/** A full address for Link/AddLink: research rows may leave the scheme out. */
export const fullUrlOf = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/**
 * Adding a URL (docs/product/projects.md §4): logged-in users import it and the button turns into a green View that opens link-details;
 * logged-out users get the sign-up / login overlay.
 */
export function AddUrlButton({ url, clicks, keywords }: { url: string; clicks?: number; keywords?: number }) {
  const panel = useOptionalProjectPanel();
  const [link, setLink] = useState<LinkSummary | null>(null);
  const [busy, setBusy] = useState(false);
  if (!panel) return null;
  if (link)
    return (
      <button
        type="button"
        className="button button--small msf-view"
        onClick={() => panel.msf.go('link-details', { domainId: link.domainId, projectId: link.projectId, urlId: link.urlId, urlName: link.urlName })}
      >
        View
      </button>
    );
  const add = async () => {
    if (!panel.isLoggedIn) return panel.openSignUpOverlay('urls');
    setBusy(true);
    try {
      const projectId = panel.state.activeProjectId;
      setLink(await addLink({ fullUrl: fullUrlOf(url), pageMonthlyOrganicClicks: clicks, rankedKeywords: keywords, ...(isAllProjects(projectId) ? {} : { projectId }) }));
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--small" aria-label={`Add ${url} to projects`} disabled={busy} onClick={() => void add()}>
      Add
    </button>
  );
}

export function addUrlColumn<Row>(of: (row: Row) => { url: string; clicks?: number; keywords?: number }): ColumnDef<Row> {
  return { key: 'msfAddUrl', label: 'Project', kind: 'text', sortable: false, render: (row) => <AddUrlButton {...of(row)} /> };
}
