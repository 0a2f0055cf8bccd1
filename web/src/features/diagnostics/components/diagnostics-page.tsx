import { diagnosticSteps, type DiagnosticResult, type JobStatus } from '@serpwise/contracts';
import { useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useJobEvents, type JobTransport } from '@/lib/use-job-events';
import { useStartDiagnostic } from '../api/start-diagnostic';

const transportText: Record<JobTransport, string> = {
  socket: 'Live updates',
  connecting: 'Connecting…',
  polling: 'Connection lost: checking every 3 seconds',
  idle: '',
};

const stateText: Record<JobStatus['state'], string> = {
  queued: 'Queued',
  active: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** System check: starts a diagnostic job and follows it live, step by step, from worker to browser. */
export function DiagnosticsPage() {
  const start = useStartDiagnostic();
  const [started, setStarted] = useState<JobStatus | null>(null);
  const { status, transport } = useJobEvents(started?.id ?? null, started ?? undefined);
  const running = status !== undefined && (status.state === 'queued' || status.state === 'active');
  const result = status?.state === 'completed' ? (status.result as DiagnosticResult) : null;

  return (
    <section className="page diagnostics">
      <h1>System check</h1>
      <p className="lead">
        Runs a background job through every part of Serpwise (database, queue, worker, file store) and shows its progress as the
        worker reports it.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={start.isPending || running}
        onClick={() => start.mutate(undefined, { onSuccess: setStarted })}
      >
        {running ? 'Running…' : status ? 'Run again' : 'Run system check'}
      </button>
      {start.isError && (
        <p role="alert" className="notice notice--error">
          {start.error.message}
        </p>
      )}

      {status && (
        <div className="job-card" data-testid="job-card" data-state={status.state}>
          <div className="job-card__head">
            <strong data-testid="job-state">{stateText[status.state]}</strong>
            <span data-testid="job-percent">{status.percent}%</span>
          </div>
          <ProgressBar percent={status.percent} label="System check progress" tone={status.state === 'failed' ? 'error' : status.state === 'completed' ? 'done' : 'active'} />
          <p className="job-card__message" data-testid="job-message">
            {status.state === 'failed' ? status.error : status.message}
          </p>
          <p className="job-card__meta">
            Step {Math.min(status.done + (running ? 1 : 0), status.total)} of {status.total}
            {status.attempts > 1 && <> · resumed after an interruption (attempt {status.attempts})</>}
            {transportText[transport] && (
              <span className={`transport transport--${transport}`} data-testid="job-transport">
                {' '}
                · {transportText[transport]}
              </span>
            )}
          </p>
          <ol className="steps">
            {diagnosticSteps.map((step, index) => {
              const outcome = result?.steps.find((s) => s.key === step.key);
              const state = index < status.done ? 'done' : index === status.done && running ? 'running' : 'waiting';
              return (
                <li key={step.key} className={`steps__item steps__item--${state}`}>
                  <span>{step.label}</span>
                  {outcome && <small>{outcome.detail}</small>}
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
