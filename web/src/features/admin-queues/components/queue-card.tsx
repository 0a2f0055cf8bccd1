import { queueCountKeys, type AdminJobSummary, type QueueSample, type QueueSnapshot } from '@serpwise/contracts';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { errorsOf } from '@/lib/api-client';
import { useFailedJobs, type QueueAction } from '../api/admin-queues';
import { spreadText, timeText } from './console-format';
import { QueueCharts } from './queue-charts';

export interface CardActions {
  run: (action: QueueAction) => void;
  showHistory: (id: string) => void;
  busy: boolean;
}

const countLabels: Record<(typeof queueCountKeys)[number], string> = {
  waiting: 'Waiting',
  active: 'Active',
  completed: 'Completed',
  failed: 'Failed',
  delayed: 'Delayed',
  paused: 'Paused',
};

/** One queue: its counts, throughput and latency now, its 24-hour charts, its jobs and failures, and its actions. */
export function QueueCard({ queue, samples, range, actions }: { queue: QueueSnapshot; samples: readonly QueueSample[] | null; range: { from: string; to: string } | null; actions: CardActions }) {
  const { run, busy } = actions;
  return (
    <section className={`admin-card${queue.isPaused ? ' admin-card--paused' : ''}`} data-testid={`queue-${queue.name}`} data-paused={String(queue.isPaused)} aria-label={`Queue ${queue.name}`}>
      <div className="admin-card__head">
        <h2>{queue.name}</h2>
        {queue.isPaused && (
          <span className="admin-badge" data-testid="queue-paused-badge">
            Paused
          </span>
        )}
        <div className="admin-card__actions">
          {queue.isPaused ? (
            <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => run({ kind: 'resume', queue: queue.name })}>
              Resume {queue.name}
            </button>
          ) : (
            <button type="button" className="button button--small" disabled={busy} onClick={() => run({ kind: 'pause', queue: queue.name })}>
              Pause {queue.name}
            </button>
          )}
          <button type="button" className="button button--small" disabled={busy || queue.counts.failed === 0} onClick={() => run({ kind: 'retry-all', queue: queue.name })}>
            Retry all failed
          </button>
        </div>
      </div>
      <dl className="admin-stats">
        {queueCountKeys.map((key) => (
          <div key={key} className={`admin-stats__${key}`}>
            <dt>{countLabels[key]}</dt>
            <dd data-testid={`count-${key}`} data-count={queue.counts[key]}>
              {queue.counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="admin-card__figures" data-testid="queue-figures">
        {queue.throughputPerMinute} / min · wait {spreadText(queue.waitMs)} · run {spreadText(queue.runMs)}
      </p>
      {samples && range ? <QueueCharts queue={queue.name} samples={samples} from={range.from} to={range.to} /> : <p className="admin-charts__empty">Loading the last 24 hours…</p>}
      <JobsTable jobs={queue.jobs} queue={queue.name} actions={actions} />
      <FailedJobs queue={queue.name} count={queue.counts.failed} actions={actions} />
    </section>
  );
}

const unfinished = ['active', 'waiting', 'paused', 'delayed'];

export function jobColumns(queue: string, { run, showHistory, busy }: CardActions): SimpleColumn<AdminJobSummary>[] {
  return [
    { header: 'Job', cell: (job) => <code>{job.id.slice(0, 8)}</code> },
    { header: 'Name', cell: (job) => job.name },
    { header: 'State', cell: (job) => <span className={`admin-state admin-state--${job.state}`} data-testid="admin-job-state">{job.state}</span> },
    { header: 'Progress', className: 'num', cell: (job) => <span data-testid="admin-job-percent">{Math.round(job.percent)}%</span> },
    { header: 'Attempts', className: 'num', cell: (job) => job.attemptsMade },
    { header: 'Created', cell: (job) => timeText(job.createdAt) },
    {
      headerLabel: 'Actions',
      cell: (job) => (
        <span className="admin-table__actions">
          <button type="button" className="button button--small button--ghost" onClick={() => showHistory(job.id)}>
            History
          </button>
          {unfinished.includes(job.state) && (
            <button type="button" className="button button--small" disabled={busy} onClick={() => run({ kind: 'cancel', queue, jobId: job.id })}>
              Cancel
            </button>
          )}
          {job.state === 'delayed' && (
            <button type="button" className="button button--small" disabled={busy} onClick={() => run({ kind: 'promote', queue, jobId: job.id })}>
              Run now
            </button>
          )}
          {job.state === 'failed' && (
            <button type="button" className="button button--small" disabled={busy} onClick={() => run({ kind: 'retry', queue, jobId: job.id })}>
              Retry
            </button>
          )}
          {!unfinished.includes(job.state) && (
            <button type="button" className="button button--small" disabled={busy} onClick={() => run({ kind: 'remove', queue, jobId: job.id })}>
              Remove
            </button>
          )}
        </span>
      ),
    },
  ];
}

function JobsTable({ jobs, queue, actions }: { jobs: AdminJobSummary[]; queue: string; actions: CardActions }) {
  if (jobs.length === 0) return <p className="admin-empty">No jobs.</p>;
  return (
    <SimpleTable
      className="admin-table"
      label={`Jobs of ${queue}`}
      columns={jobColumns(queue, actions)}
      rows={jobs}
      rowKey={(job) => job.id}
      rowAttributes={(job) => ({ 'data-testid': 'admin-job', 'data-job-id': job.id, 'data-state': job.state })}
    />
  );
}

function FailedJobs({ queue, count, actions }: { queue: string; count: number; actions: CardActions }) {
  const failed = useFailedJobs(queue, count);
  if (count === 0) return null;
  if (failed.isError) return <p role="alert">{errorsOf(failed.error).join(' ')}</p>;
  if (!failed.data?.length) return null;
  return (
    <details className="admin-failed" data-testid={`failed-${queue}`} open>
      <summary>Failed jobs ({count})</summary>
      <ul>
        {failed.data.map((job) => (
          <li key={job.id} data-testid="failed-job" data-job-id={job.id}>
            <strong>{job.name}</strong> <code>{job.id.slice(0, 8)}</code>: <span data-testid="failed-reason">{job.failedReason}</span> (attempts {job.attemptsMade}){' '}
            <button type="button" className="button button--small" disabled={actions.busy} onClick={() => actions.run({ kind: 'retry', queue, jobId: job.id })}>
              Retry
            </button>{' '}
            <button type="button" className="button button--small" disabled={actions.busy} onClick={() => actions.run({ kind: 'remove', queue, jobId: job.id })}>
              Remove
            </button>
            {job.stacktrace.length > 0 && <pre className="admin-stack">{job.stacktrace.at(-1)}</pre>}
          </li>
        ))}
      </ul>
    </details>
  );
}
