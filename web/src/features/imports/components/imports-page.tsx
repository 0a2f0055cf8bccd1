import { importFormatLabels, importFormats, isFinished, territories, type ImportFormat, type ImportStatus } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorsOf } from '@/lib/api-client';
import { useSocketConnected } from '@/lib/socket';
import { useJobEvents } from '@/lib/use-job-events';
import { historyExportPath, importStatusPath, useCancelImport, useDeleteImport, useImportsList, useUploadImport } from '../api/imports';

const count = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));
const stateText: Record<ImportStatus['state'], string> = { queued: 'Waiting', active: 'Importing', completed: 'Imported', failed: 'Refused', cancelled: 'Cancelled' };

/** What each format needs besides the file. */
const needs: Record<ImportFormat, { domain: boolean; date: boolean; hint: string }> = {
  gsc: { domain: true, date: false, hint: 'The ZIP from Performance → Export, or its Queries.csv. The site is read from Pages.csv; give it for a Queries.csv alone.' },
  'keyword-planner': { domain: false, date: false, hint: 'The "Keyword Stats … .csv" download as Keyword Planner gives it (tab-separated UTF-16, or a comma-separated CSV).' },
  'organic-positions': { domain: false, date: false, hint: 'An Organic Positions export of one domain (Keyword, Position, Search Volume, URL … columns).' },
  serp: { domain: false, date: true, hint: 'CSV or JSON lines with keyword, territory, date, position, url, title — or a history file exported here.' },
};

/** /account/imports: upload a file, follow its import live (or cancel it), see its counts and error report, delete it. */
export function ImportsPage() {
  const { data, isPending } = useImportsList();
  const upload = useUploadImport();
  const [format, setFormat] = useState<ImportFormat>('gsc');
  const [territory, setTerritory] = useState('US');
  const [domain, setDomain] = useState('');
  const [date, setDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // Opens the page's socket now, so an upload's progress arrives live from its first step.
  const live = useSocketConnected();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate({ format, territory, domain, date, file });
  };

  return (
    <section className="page imports">
      <h1>Import your data</h1>
      <p className="lead">
        Bring your own search data into Serpwise: it shows on your research screens next to everything else, and only you see it. An import is
        yours: delete it and everything it brought goes with it.
      </p>
      <form className="imports__form" onSubmit={submit} aria-label="Import a file">
        <label>
          Kind of file
          <select name="format" value={format} onChange={(event) => setFormat(event.target.value as ImportFormat)}>
            {importFormats.map((value) => (
              <option key={value} value={value}>
                {importFormatLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <p className="imports__hint">{needs[format].hint}</p>
        <label>
          Territory of the searches
          <select name="territory" value={territory} onChange={(event) => setTerritory(event.target.value)}>
            {territories.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {needs[format].domain && (
          <label>
            Site (optional)
            <input name="domain" type="text" placeholder="example.com" value={domain} onChange={(event) => setDomain(event.target.value)} />
          </label>
        )}
        {needs[format].date && (
          <label>
            Date of the results (when the file has none)
            <input name="date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </label>
        )}
        <label>
          File to import
          <input name="file" type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className="button" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Import'}
        </button>
        {upload.isError && (
          <p className="alert alert--error" role="alert">
            {errorsOf(upload.error).join(' ')}
          </p>
        )}
      </form>

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

/** One import, live over the socket while it runs (the 3-s poll while the socket is down). */
function ImportRow({ initial }: { initial: ImportStatus }) {
  const running = !isFinished(initial.state);
  const { status: latest } = useJobEvents(running ? initial.id : null, running ? initial : undefined, importStatusPath);
  const status = ((running ? latest : null) ?? initial) as ImportStatus;
  const remove = useDeleteImport();
  const cancel = useCancelImport();
  const [confirming, setConfirming] = useState(false);
  const done = isFinished(status.state);
  const facts = status.import ?? initial.import;
  return (
    <tr data-testid="import-row" data-state={status.state}>
      <td>{facts.fileName}</td>
      <td>{importFormatLabels[facts.format]}</td>
      <td>
        {stateText[status.state]}
        {!done && <ProgressBar percent={status.percent} label={`Import of ${facts.fileName}`} />}
        {status.message && !done && <div className="imports__message">{status.message}</div>}
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
        {done ? (
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
        <Modal
          open={confirming}
          title="Delete this import?"
          size="small"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
              <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate(status.id)}>
                Delete
              </button>
            </>
          }
        >
          <p>
            Every row {facts.fileName} brought goes from the research data, with its error report. To keep a copy of your search results, use the
            full-history export first.
          </p>
        </Modal>
      </td>
    </tr>
  );
}
