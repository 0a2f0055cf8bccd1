import { isQueuedImport, keywordsOfList, projectLimits, type OutreachImportAnswer } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { readTextFile } from '@/lib/text-file';
import { importOutreach } from '../api/project-imports';
import type { MsfParams, PanelRoute } from '../msf';
import { outreachRowsOf } from '../outreach-csv';
import { useProjectPanel } from '../panel-context';

type Go = (route: PanelRoute, params?: MsfParams) => void;

/** Reads a chosen text file into the text area (a list too long to paste comfortably). */
function FileInput({ label, accept, onText }: { label: string; accept: string; onText: (text: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type="file" accept={accept} onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void readTextFile(file).then(onText);
        }} />
    </label>
  );
}

/**
 * keyword-import: keywords one per line (docs/product/projects.md §5) into the project. Up to 1,000 are imported at once (the usual
 * confirmation with Undo); more run as a job and the panel follows it on import-progress.
 */
export function KeywordImportView({ projectId, projectName }: { projectId: string; projectName: string }) {
  const panel = useProjectPanel();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const terms = keywordsOfList(text);
  const tooMany = terms.length > projectLimits.maxKeywordsPerImport;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await panel.importTerms(projectId, terms);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label="Import keywords" onSubmit={(event) => void onSubmit(event)}>
      <h3>Import keywords to {projectName}</h3>
      <label className="field">
        <span>Keywords, one per line</span>
        <textarea rows={10} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <FileInput label="Or choose a text file" accept=".txt,.csv,text/plain,text/csv" onText={setText} />
      <p>
        {formatNumber(terms.length)} keywords
        {terms.length > projectLimits.keywordImportJobThreshold && !tooMany ? ' (imported in the background, with its progress shown here)' : ''}
      </p>
      {tooMany && <p role="alert">Import at most {formatNumber(projectLimits.maxKeywordsPerImport)} keywords at a time.</p>}
      <button type="submit" className="button button--primary" disabled={busy || !terms.length || tooMany}>
        Import
      </button>
    </form>
  );
}

/**
 * outreach-import: a CSV of websites, links and contacts into the project (or All Projects). A bad row refuses the
 * whole file, named; up to 200 rows are imported at once, more run as a job followed on import-progress.
 */
export function OutreachImportView({ projectId, go }: { projectId: string | undefined; go: Go }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [answer, setAnswer] = useState<OutreachImportAnswer | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { rows, error } = outreachRowsOf(text);
    setAnswer(null);
    if (error) {
      setErrors([error]);
      return;
    }
    setBusy(true);
    try {
      const result = await importOutreach(projectId, rows);
      setErrors([]);
      if (isQueuedImport(result)) {
        notify(result.message, { type: 'info' });
        go('import-progress', { jobId: result.jobId, ...(result.projectId ? { projectId: result.projectId } : {}) });
      } else setAnswer(result);
    } catch (failure) {
      setErrors(errorsOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label="Import outreach" onSubmit={(event) => void onSubmit(event)}>
      <h3>Import websites, links and contacts</h3>
      <p>A CSV file whose first line names its columns: url, domain, contactName, contactEmail, contactRole, relationship, rating, tags (separated by ;), note.</p>
      <label className="field">
        <span>Rows (CSV)</span>
        <textarea rows={10} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <FileInput label="Or choose a CSV file" accept=".csv,text/csv" onText={setText} />
      {errors.length > 0 && (
        <ul role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {answer && (
        <p role="status">
          Imported {formatNumber(answer.rowCount)} rows: {formatNumber(answer.websitesAdded)} websites, {formatNumber(answer.linksAdded)} links,{' '}
          {formatNumber(answer.contactsAdded)} contacts and {formatNumber(answer.notesAdded)} notes added.
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !text.trim()}>
        Import
      </button>
    </form>
  );
}
