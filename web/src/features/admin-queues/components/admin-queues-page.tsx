import type { AdminJobSummary, DurationPercentiles, QueueSnapshot } from '@serpwise/contracts';
import { queueCountKeys } from '@serpwise/contracts';
import { useState } from 'react';
import { errorsOf } from '@/lib/api-client';
import { useSocketConnected } from '@/lib/socket';
import { useAdminQueues, useEnableAdminActions, useFailedJobs, useJobHistory, useQueueAction, type QueueAction } from '../api/admin-queues';

const ms = (value: number | null) => (value === null ? '–' : value < 1_000 ? `${value} ms` : `${(value / 1_000).toFixed(1)} s`);
const spread = (p: DurationPercentiles) => `p50 ${ms(p.p50)} · p95 ${ms(p.p95)} · p99 ${ms(p.p99)}`;
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '–');

/** /admin/queues: every queue's figures, jobs, failures and schedules, live over the socket (issue 7). */
export function AdminQueuesPage() {
  const overview = useAdminQueues();
  const connected = useSocketConnected();
  const action = useQueueAction();
  const enable = useEnableAdminActions();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const run = (next: QueueAction) => action.mutate(next);

  if (overview.isPending) return <p className="page">Loading…</p>;
  if (overview.isError) return <p className="page" role="alert">{errorsOf(overview.error).join(' ')}</p>;
  const data = overview.data;

  return (
    <section className="page admin-queues" aria-labelledby="admin-queues-title">
      <h1 id="admin-queues-title">Queues</h1>
      <p data-testid="admin-transport">{connected ? 'Live updates' : 'Connection lost: checking every 3 seconds'} · figures of {time(data.at)}</p>
      <p>
        <button type="button" onClick={() => enable.mutate()} disabled={enable.isPending}>
          Enable admin actions (1 hour)
        </button>{' '}
        {enable.data && <span data-testid="admin-actions-until">Admin actions on until {time(enable.data.adminActionsUntil)}</span>}
        <a href="/admin/bull-board/" style={{ marginLeft: '1rem' }}>
          Open bull-board
        </a>
      </p>
      {(action.isError || enable.isError) && (
        <p role="alert" data-testid="admin-error">
          {errorsOf(action.error ?? enable.error).join(' ')}
        </p>
      )}

      {data.queues.map((queue) => (
        <QueuePanel key={queue.name} queue={queue} run={run} showHistory={setHistoryOf} busy={action.isPending} />
      ))}

      {historyOf && <JobHistory id={historyOf} close={() => setHistoryOf(null)} />}

      <h2>Workers</h2>
      <table data-testid="admin-workers">
        <thead>
          <tr><th>Host</th><th>PID</th><th>Concurrency</th><th>Queues</th><th>Last heartbeat</th></tr>
        </thead>
        <tbody>
          {data.workers.length === 0 && <tr><td colSpan={5}>No worker is connected.</td></tr>}
          {data.workers.map((worker) => (
            <tr key={worker.id} data-testid="admin-worker">
              <td>{worker.host}</td><td>{worker.pid}</td><td>{worker.concurrency}</td><td>{worker.queues.join(', ')}</td><td>{time(worker.lastHeartbeat)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Scheduled jobs</h2>
      <table data-testid="admin-scheduled">
        <thead>
          <tr><th>Job</th><th>Every</th><th>Next run</th></tr>
        </thead>
        <tbody>
          {data.scheduled.length === 0 && <tr><td colSpan={3}>Nothing is scheduled.</td></tr>}
          {data.scheduled.map((scheduled) => (
            <tr key={scheduled.key} data-testid="admin-scheduled-job">
              <td>{scheduled.name}</td>
              <td>{scheduled.everyMs ? `${Math.round(scheduled.everyMs / 60_000)} min` : (scheduled.pattern ?? '–')}</td>
              <td>{scheduled.nextRun ? new Date(scheduled.nextRun).toLocaleString() : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function QueuePanel({ queue, run, showHistory, busy }: { queue: QueueSnapshot; run: (action: QueueAction) => void; showHistory: (id: string) => void; busy: boolean }) {
  return (
    <section data-testid={`queue-${queue.name}`} data-paused={String(queue.isPaused)} aria-label={`Queue ${queue.name}`}>
      <h2>
        {queue.name} {queue.isPaused && <span data-testid="queue-paused-badge">(paused)</span>}
      </h2>
      <dl className="admin-queues__counts">
        {queueCountKeys.map((key) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd data-testid={`count-${key}`}>{queue.counts[key]}</dd>
          </div>
        ))}
      </dl>
      <p data-testid="queue-figures">
        {queue.throughputPerMinute} / min · wait {spread(queue.waitMs)} · run {spread(queue.runMs)}
      </p>
      <p>
        {queue.isPaused ? (
          <button type="button" disabled={busy} onClick={() => run({ kind: 'resume', queue: queue.name })}>Resume {queue.name}</button>
        ) : (
          <button type="button" disabled={busy} onClick={() => run({ kind: 'pause', queue: queue.name })}>Pause {queue.name}</button>
        )}{' '}
        <button type="button" disabled={busy || queue.counts.failed === 0} onClick={() => run({ kind: 'retry-all', queue: queue.name })}>
          Retry all failed
        </button>
      </p>
      <table>
        <thead>
          <tr><th>Job</th><th>Name</th><th>State</th><th>Progress</th><th>Attempts</th><th>Created</th><th /></tr>
        </thead>
        <tbody>
          {queue.jobs.length === 0 && <tr><td colSpan={7}>No jobs.</td></tr>}
          {queue.jobs.map((job) => (
            <JobRow key={job.id} job={job} queue={queue.name} run={run} showHistory={showHistory} busy={busy} />
          ))}
        </tbody>
      </table>
      <FailedJobs queue={queue.name} count={queue.counts.failed} run={run} busy={busy} />
    </section>
  );
}

function JobRow({ job, queue, run, showHistory, busy }: { job: AdminJobSummary; queue: string; run: (action: QueueAction) => void; showHistory: (id: string) => void; busy: boolean }) {
  const running = ['active', 'waiting', 'paused', 'delayed'].includes(job.state);
  return (
    <tr data-testid="admin-job" data-job-id={job.id} data-state={job.state}>
      <td><code>{job.id.slice(0, 8)}</code></td>
      <td>{job.name}</td>
      <td data-testid="admin-job-state">{job.state}</td>
      <td data-testid="admin-job-percent">{Math.round(job.percent)}%</td>
      <td>{job.attemptsMade}</td>
      <td>{time(job.createdAt)}</td>
      <td>
        <button type="button" onClick={() => showHistory(job.id)}>History</button>
        {running && <button type="button" disabled={busy} onClick={() => run({ kind: 'cancel', queue, jobId: job.id })}>Cancel</button>}
        {job.state === 'failed' && <button type="button" disabled={busy} onClick={() => run({ kind: 'retry', queue, jobId: job.id })}>Retry</button>}
        {!running && <button type="button" disabled={busy} onClick={() => run({ kind: 'remove', queue, jobId: job.id })}>Remove</button>}
      </td>
    </tr>
  );
}

function FailedJobs({ queue, count, run, busy }: { queue: string; count: number; run: (action: QueueAction) => void; busy: boolean }) {
  const failed = useFailedJobs(queue, count);
  if (count === 0 || !failed.data?.length) return null;
  return (
    <details data-testid={`failed-${queue}`} open>
      <summary>Failed jobs ({count})</summary>
      <ul>
        {failed.data.map((job) => (
          <li key={job.id} data-testid="failed-job" data-job-id={job.id}>
            <strong>{job.name}</strong> <code>{job.id.slice(0, 8)}</code>: <span data-testid="failed-reason">{job.failedReason}</span> (attempts {job.attemptsMade})
            <button type="button" disabled={busy} onClick={() => run({ kind: 'retry', queue, jobId: job.id })}>Retry</button>
            <button type="button" disabled={busy} onClick={() => run({ kind: 'remove', queue, jobId: job.id })}>Remove</button>
            {job.stacktrace.length > 0 && <pre className="admin-queues__stack">{job.stacktrace.at(-1)}</pre>}
          </li>
        ))}
      </ul>
    </details>
  );
}

function JobHistory({ id, close }: { id: string; close: () => void }) {
  const history = useJobHistory(id);
  return (
    <aside data-testid="admin-job-history" aria-label="Job history">
      <h2>Job {id.slice(0, 8)}</h2>
      <button type="button" onClick={close}>Close</button>
      {history.isPending && <p>Loading…</p>}
      {history.isError && <p role="alert">{errorsOf(history.error).join(' ')}</p>}
      {history.data && (
        <>
          <dl>
            <dt>Asked by</dt><dd>{history.data.requestedBy.email ?? `visitor session ${history.data.requestedBy.sessionId.slice(0, 8)}`}</dd>
            <dt>Asked at</dt><dd>{new Date(history.data.createdAt).toLocaleString()}</dd>
            <dt>State</dt><dd>{history.data.state}</dd>
            <dt>Attempts</dt><dd>{history.data.attempts}</dd>
            <dt>Duration</dt><dd>{ms(history.data.durationMs)}</dd>
            {history.data.error && (<><dt>Error</dt><dd>{history.data.error}</dd></>)}
          </dl>
          <h3>Admin actions</h3>
          <ul>
            {history.data.audit.length === 0 && <li>None.</li>}
            {history.data.audit.map((entry) => (
              <li key={entry.id}>{new Date(entry.createdAt).toLocaleString()}: {entry.action}</li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
