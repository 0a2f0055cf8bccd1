import type { ExportStatus } from '@serpwise/contracts';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { useCancelExport } from '../api/cancel-export';
import { useExportsList } from '../api/list-exports';
import { GoogleAuthorisationPanel } from './google-authorisation-panel';

const stateText: Record<ExportStatus['state'], string> = { queued: 'Pending', active: 'Generating', completed: 'Ready', failed: 'Error', cancelled: 'Cancelled' };
const formatText = { csv: 'CSV', xlsx: 'Excel', sheets: 'Google Sheets' } as const;

/** /exports: the user's own exports (REST view), with their state, size, download link and cancel. */
export function ExportsPage() {
  const { data, isPending, refetch } = useExportsList();
  const cancel = useCancelExport();
  const columns: SimpleColumn<ExportStatus>[] = [
    { header: 'Table', cell: (job) => job.export.table },
    { header: 'Format', cell: (job) => formatText[job.export.format] },
    {
      header: 'Rows',
      cell: (job) => (job.state === 'completed' ? (job.result as { rows: number }).rows.toLocaleString('en-US') : `${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')}`),
    },
    { header: 'State', cell: (job) => stateText[job.state] },
    { header: 'Started', cell: (job) => new Date(job.createdAt).toLocaleString() },
    {
      cell: (job) => (
        <>
          {job.export.downloadUrl && (
            <a href={job.export.downloadUrl} download>
              Download
            </a>
          )}
          {job.export.spreadsheetUrl && (
            <a href={job.export.spreadsheetUrl} target="_blank" rel="noopener noreferrer">
              Open in Google Sheets
            </a>
          )}
          {(job.state === 'queued' || job.state === 'active') && (
            <button type="button" className="button button--small" onClick={() => cancel.mutate(job.id)}>
              Cancel
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <section className="page exports">
      <h1>Your exports</h1>
      <p className="lead">
        Exports run in the background; files are kept for a limited time. <button type="button" className="button button--small button--ghost" onClick={() => void refetch()}>Refresh</button>
      </p>
      <GoogleAuthorisationPanel />
      {isPending && <p>Loading…</p>}
      {data && data.length === 0 && <p>You have not exported anything yet. Use the Export menu of any research table.</p>}
      {data && data.length > 0 && (
        <SimpleTable
          className="exports-table"
          columns={columns}
          rows={data}
          rowKey={(job) => job.id}
          rowAttributes={(job) => ({ 'data-testid': 'export-row', 'data-state': job.state })}
        />
      )}
    </section>
  );
}
