import { importFormatLabels, isFinished, type ImportStatus } from '@serpwise/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/modal';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RequestError } from '@/components/ui/request-error';
import { errorsOf } from '@/lib/api-client';
import { useSocketConnected } from '@/lib/socket';
import { useJobEvents } from '@/lib/use-job-events';
import { spreadText } from './import-spread';
import { historyExportPath, importStatusPath, useCancelImport, useDeleteImport, useImportsList } from '../api/imports';
import { DeletionState, deletionRunning, useImportDeletion } from './import-deletion';
import { ImportForm } from './import-form';
import { ImportedLinks } from './imported-links';

const count = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));
const stateText: Record<ImportStatus['state'], string> = { queued: 'Waiting', active: 'Importing', completed: 'Imported', failed: 'Refused', cancelled: 'Cancelled' };

/** /account/imports: upload a file, follow its import live (or cancel it), see its counts and error report, delete it. */
export function ImportsPage() {
  const { data, isPending } = useImportsList();
  // Opens the page's socket now, so an upload's progress arrives live from its first step.
  const live = useSocketConnected();

  return (
    <section className="page imports">
      <h1>Import your data</h1>
      <p className="lead">
        Bring your own search data into Serpwise: it shows on your research screens next to everything else, and only you see it. An import is
        yours: delete it and everything it brought goes with it.
      </p>
      <ImportForm />

      <h2>Your imports</h2>
      <p className="imports__transport" data-live={live}>
        {live ? 'Progress updates live.' : 'Progress updates every 3 seconds.'}
      </p>
      <p>
        <a href={historyExportPath} download>
          Download your full history
        </a>{' '}
        (every keyword × day × ranking URL you imported, as a SERP file you can import here or on another installation).
      </p>
      {isPending && <p>Loading…</p>}
      {data && data.length === 0 && <p>Nothing imported yet.</p>}
      {data && data.length > 0 && (
        <table className="imports-table">
          <thead>
            <tr>
              <th>File</th>
              <th>Kind</th>
              <th>State</th>
              <th>Rows read</th>
              <th>Landed</th>
              <th>Already there</th>
              <th>Rejected</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <ImportRow key={item.id} initial={item} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One import, live over the socket while it runs or is being deleted (the 3-s poll while the socket is down). */
function ImportRow({ initial }: { initial: ImportStatus }) {
  const running = !isFinished(initial.state);
  const { status: latest } = useJobEvents(running ? initial.id : null, running ? initial : undefined, importStatusPath);
  const status = ((running ? latest : null) ?? initial) as ImportStatus;
  const remove = useDeleteImport();
  const cancel = useCancelImport();
  const [confirming, setConfirming] = useState(false);
  const deletion = useImportDeletion(initial);
  const deleting = deletionRunning(deletion);
  const done = isFinished(status.state);
  const facts = status.import ?? initial.import;
  return (
    <tr data-testid="import-row" data-state={status.state}>
      <td>{facts.fileName}</td>
      <td>{importFormatLabels[facts.format]}</td>
      <td>
        {!deleting && stateText[status.state]}
        {deletion && <DeletionState deletion={deletion} />}
        {!done && <ProgressBar percent={status.percent} label={`Import of ${facts.fileName}`} />}
        {status.message && !done && <div className="imports__message">{status.message}</div>}
        {status.state === 'completed' && spreadText(facts.spread, facts.months) && <div className="imports__message">{spreadText(facts.spread, facts.months)}</div>}
        {status.state === 'completed' && <ImportedLinks facts={facts} />}
        {status.state === 'failed' && (
          <div className="alert alert--error" role="alert">
            {status.error}
          </div>
        )}
      </td>
      <td>{count(facts.rowsRead)}</td>
      <td>{count(facts.rowsLanded)}</td>
      <td>{count(facts.rowsDuplicate)}</td>
      <td>
        {count(facts.rowsRejected)}
        {facts.errorReportUrl && (
          <>
            {' '}
            <a href={facts.errorReportUrl} download>
              Error report
            </a>
          </>
        )}
      </td>
      <td>
        {done && !deleting ? (
          <button type="button" className="button button--small" onClick={() => setConfirming(true)}>
            Delete
          </button>
        ) : (
          <button type="button" className="button button--small" disabled={cancel.isPending} onClick={() => cancel.mutate(status.id)}>
            Cancel
          </button>
        )}
        {cancel.isError && (
          <div className="alert alert--error" role="alert">
            {errorsOf(cancel.error)[0]}
          </div>
        )}
        <ConfirmModal
          open={confirming}
          title="Delete this import?"
          keepLabel="Keep"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(status.id, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>
            Every row {facts.fileName} brought goes from the research data, with its error report. To keep a copy of your search results, use the
            full-history export first. You can follow the deletion here, and cancel it until it ends: a cancelled deletion removes nothing.
          </p>
          <RequestError error={remove.error} />
        </ConfirmModal>
      </td>
    </tr>
  );
}
