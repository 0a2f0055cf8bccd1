import { keywordImportJob, type ImportAnswer, type JobStatus, type OutreachImportAnswer } from '@serpwise/contracts';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useJobEvents } from '@/lib/use-job-events';
import type { MsfParams } from '../msf';
import { useProjectPanel } from '../panel-context';
import { FactList } from './fact-list';

/**
 * import-progress (docs/product/projects.md §2): a large keyword or outreach import running as a job. The bar moves with the job's
 * socket events (job.updated); while the socket is down the status is polled every 3 s (useJobEvents). Then the
 * outcome: the counts, and Undo for a keyword import.
 */
export function ImportProgressView({ params, go }: { params: MsfParams; go: (route: 'keyword-list', params: MsfParams) => void }) {
  const panel = useProjectPanel();
  const jobId = params.jobId ?? null;
  const { status, transport } = useJobEvents(jobId);
  const refreshed = useRef(false);
  const state = status?.state;
  // Once the import is done, the lists and the Add/Added buttons learn about the new keywords.
  useEffect(() => {
    if (state === 'completed' && !refreshed.current) {
      refreshed.current = true;
      panel.refresh();
    }
  }, [state, panel]);

  if (!jobId) return <p role="alert">No import to follow.</p>;
  if (!status) return <Spinner label="Loading the import" />;
  const isKeywords = status.name === keywordImportJob.name;
  const what = isKeywords ? 'keywords' : 'rows';
  return (
    <section aria-label="Import progress" className="msf-import-progress" data-state={status.state}>
      <h3>{isKeywords ? 'Keyword import' : 'Outreach import'}</h3>
      {status.state === 'queued' || status.state === 'active' ? (
        <>
          <ProgressBar percent={status.percent} label={`Import of ${formatNumber(status.total)} ${what}`} />
          <p>{status.message ?? 'Waiting for a worker…'}</p>
          <p className="msf-import-progress__transport" data-transport={transport}>
            {transport === 'polling' ? 'Connection lost: checking every 3 seconds.' : transport === 'connecting' ? 'Connecting…' : 'Live'}
          </p>
        </>
      ) : status.state === 'completed' ? (
        isKeywords ? (
          <KeywordOutcome answer={status.result as ImportAnswer} onOpen={(projectId) => go('keyword-list', { projectId })} />
        ) : (
          <OutreachOutcome answer={status.result as OutreachImportAnswer} />
        )
      ) : (
        <p role="alert">{failureText(status)}</p>
      )}
    </section>
  );
}

function failureText(status: JobStatus): string {
  if (status.state === 'cancelled') return 'The import was cancelled; nothing was imported.';
  return `The import failed; nothing was imported. ${status.error ?? ''}`.trim();
}

function KeywordOutcome({ answer, onOpen }: { answer: ImportAnswer; onOpen: (projectId: string) => void }) {
  const panel = useProjectPanel();
  const [undo, setUndo] = useState<'idle' | 'busy' | 'done'>('idle');
  if (answer.hasReachedLimit) return <p role="alert">{answer.message}</p>;
  const importId = answer.importId;
  const onUndo = async () => {
    if (!importId) return;
    setUndo('busy');
    // The panel says how it went (the documented Undo messages); the view keeps the button until it worked.
    setUndo((await panel.undo(importId)) ? 'done' : 'idle');
  };
  return (
    <div>
      <ProgressBar percent={100} label="Import done" tone="done" />
      <p role="status">{undo === 'done' ? 'The import was undone.' : answer.message}</p>
      <FactList
        facts={[
          ['Keywords added', formatNumber(answer.termCount)],
          ['Already present', formatNumber(answer.alreadyActiveTerms.length)],
          ['Keywords tracked', <>{formatNumber(answer.usedCount)} / {formatNumber(answer.totalCount)}</>],
        ]}
      />
      <p>
        {importId && undo !== 'done' && (
          <button type="button" className="button" disabled={undo === 'busy'} onClick={() => void onUndo()}>
            Undo
          </button>
        )}{' '}
        <button type="button" className="button" onClick={() => onOpen(answer.projectId)}>
          Open the keyword list
        </button>
      </p>
    </div>
  );
}

function OutreachOutcome({ answer }: { answer: OutreachImportAnswer }) {
  const facts: [string, number][] = [
    ['Rows', answer.rowCount],
    ['Websites added', answer.websitesAdded],
    ['Links added', answer.linksAdded],
    ['Contacts added', answer.contactsAdded],
    ['Notes added', answer.notesAdded],
  ];
  return (
    <div>
      <ProgressBar percent={100} label="Import done" tone="done" />
      <p role="status">Imported {formatNumber(answer.rowCount)} rows.</p>
      <FactList facts={facts.map(([label, value]) => [label, formatNumber(value)])} />
    </div>
  );
}
