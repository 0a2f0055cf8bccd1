import { isAllProjects, type HistoryEntry } from '@serpwise/contracts';
import { formatDate } from '@/lib/format';
import type { MsfParams } from '@/features/projects/msf';

/** 'note-added' → 'Note added'. */
export const historyActionText = (action: string) => {
  const text = action.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The link-details route of a record that names a link, with its project unless it sits in All Projects. */
export const linkRoute = (link: { urlId: string; urlName: string | null; domainId?: string; projectId?: string | null }): MsfParams => ({
  urlId: link.urlId,
  ...(link.urlName ? { urlName: link.urlName } : {}),
  ...(link.domainId ? { domainId: link.domainId } : {}),
  ...(!isAllProjects(link.projectId) ? { projectId: link.projectId! } : {}),
});

/**
 * Outreach history rows, newest first. A row that names a link opens its details; the rest (website moves,
 * imports) have no detail route and are plain text.
 */
export function HistoryRows({ entries, go, label }: { entries: HistoryEntry[]; go: (route: string, params?: MsfParams) => void; label: string }) {
  return (
    <table className="msf-table" aria-label={label}>
      <thead>
        <tr>
          <th>Date</th>
          <th>What</th>
          <th>Details</th>
          <th>Where</th>
          <th>By</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.rowId}>
            <td>{formatDate(entry.createdAt)}</td>
            <td>{historyActionText(entry.action)}</td>
            <td>{entry.details ?? ''}</td>
            <td>
              {entry.urlId && entry.action !== 'link-deleted' ? (
                <button type="button" className="button--link" onClick={() => go('link-details', linkRoute({ urlId: entry.urlId!, urlName: entry.urlName, projectId: entry.projectId }))}>
                  {entry.urlName ?? entry.domainName}
                </button>
              ) : (
                (entry.urlName ?? entry.domainName ?? '')
              )}
            </td>
            <td>{entry.userEmail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
