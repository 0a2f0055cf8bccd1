import { isAllProjects, type HistoryEntry } from '@serpwise/contracts';
import { formatDate } from '@/lib/format';
import type { MsfParams } from '@/features/projects/msf';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';

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
  const columns: SimpleColumn<HistoryEntry>[] = [
    { header: 'Date', cell: (entry) => formatDate(entry.createdAt) },
    { header: 'What', cell: (entry) => historyActionText(entry.action) },
    { header: 'Details', cell: (entry) => entry.details ?? '' },
    {
      header: 'Where',
      cell: (entry) =>
        entry.urlId && entry.action !== 'link-deleted' ? (
          <button type="button" className="button--link" onClick={() => go('link-details', linkRoute({ urlId: entry.urlId!, urlName: entry.urlName, projectId: entry.projectId }))}>
            {entry.urlName ?? entry.domainName}
          </button>
        ) : (
          (entry.urlName ?? entry.domainName ?? '')
        ),
    },
    { header: 'By', cell: (entry) => entry.userEmail ?? '' },
  ];
  return <SimpleTable className="msf-table" label={label} columns={columns} rows={entries} rowKey={(entry) => entry.rowId} />;
}
