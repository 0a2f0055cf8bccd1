import { isFinished, type JobCenterEntry } from '@serpwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ShareLinkButton } from '@/features/exports';
import { cancelJob, retryJob, runExportAgain } from '../api/jobs-api';
import { describeJob, formatBytes, formatWhen, jobFileBytes, jobStateWords } from '../job-words';
import { useReloadJobs } from '../use-live-jobs';

/** The file a finished job made, where it still is: Download (an export), Open (a sheet, a PDF), the error report of an import. */
function FileLinks({ job }: { job: JobCenterEntry }) {
  return (
    <>
      {job.export?.downloadUrl && (
        <a className="button button--small button--primary" href={job.export.downloadUrl} download data-testid="job-download">
          Download
        </a>
      )}
      {job.export?.spreadsheetUrl && (
        <a className="button button--small" href={job.export.spreadsheetUrl} target="_blank" rel="noopener noreferrer">
          Open in Google Sheets
        </a>
      )}
      {job.pdf?.url && (
        <a className="button button--small button--primary" href={job.pdf.url} target="_blank" rel="noopener noreferrer" data-testid="job-download">
          Open PDF
        </a>
      )}
      {job.import?.errorReportUrl && (
        <a className="button button--small" href={job.import.errorReportUrl} download>
          Error report
        </a>
      )}
    </>
  );
}

/**
 * Cancel (waiting or running), Retry (failed), Run again (a finished export: its same request posted again), Share link
 * (a finished report whose PDF is kept, not in the header's tray).
 */
function JobActions({ job, compact }: { job: JobCenterEntry; compact: boolean }) {
  const reload = useReloadJobs();
  const cancel = useMutation({ mutationFn: cancelJob, onSettled: reload });
  const retry = useMutation({ mutationFn: retryJob, onSettled: reload });
  const again = useMutation({ mutationFn: runExportAgain, onSettled: reload });
  const failure = cancel.error ?? retry.error ?? again.error;
  return (
    <div className="job-entry__actions">
      <FileLinks job={job} />
      {!isFinished(job.state) && (
        <button type="button" className="button button--small button--ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
          Cancel
        </button>
      )}
      {job.state === 'failed' && (
        <button type="button" className="button button--small" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
          Retry
        </button>
      )}
      {!compact && job.pdf?.url && job.state === 'completed' && <ShareLinkButton jobId={job.id} title={job.pdf.title ?? describeJob(job).title} />}
      {job.export && isFinished(job.state) && (
        <button type="button" className="button button--small button--ghost" disabled={again.isPending} onClick={() => again.mutate({ export: job.export! })}>
          Run again
        </button>
      )}
      {failure && (
        <p className="job-entry__error" role="alert">
          {failure.message}
        </p>
      )}
    </div>
  );
}

/**
 * One job of the job center: what it is, where it stands (with its progress while it runs), when it started and
 * ended, its file's size and what can be done with it. The list on /exports and the header's tray show the same.
 */
export function JobEntry({ job, compact = false }: { job: JobCenterEntry; compact?: boolean }) {
  const what = describeJob(job);
  const state = jobStateWords(job);
  const size = formatBytes(jobFileBytes(job));
  const started = formatWhen(job.startedAt ?? job.createdAt);
  const ended = formatWhen(job.finishedAt);
  const until = job.state === 'completed' && job.export?.fileExpiresAt ? formatWhen(job.export.fileExpiresAt) : null;
  return (
    <li className={`job-entry job-entry--${state.key}${compact ? ' job-entry--compact' : ''}`} data-testid="job-row" data-state={state.key} data-job-id={job.id}>
      <div className="job-entry__what">
        <span className="job-entry__kind">{what.kind}</span>
        <strong className="job-entry__title">{what.title}</strong>
        {what.details.length > 0 && <span className="job-entry__details">{what.details.join(' · ')}</span>}
      </div>
      <div className="job-entry__state" data-testid="job-state">
        <span className="job-entry__label">{state.label}</span>
        {(state.key === 'running' || state.key === 'retrying') && <ProgressBar percent={job.percent} label={`${what.kind} progress`} />}
        {state.detail && <span className="job-entry__detail">{state.detail}</span>}
      </div>
      {!compact && (
        <dl className="job-entry__facts">
          <dt>{job.startedAt ? 'Started' : 'Asked'}</dt>
          <dd>{started}</dd>
          {ended && (
            <>
              <dt>Ended</dt>
              <dd>{ended}</dd>
            </>
          )}
          {size && (
            <>
              <dt>Size</dt>
              <dd>{size}</dd>
            </>
          )}
          {until && (
            <>
              <dt>Available until</dt>
              <dd>{until}</dd>
            </>
          )}
        </dl>
      )}
      <JobActions job={job} compact={compact} />
    </li>
  );
}
