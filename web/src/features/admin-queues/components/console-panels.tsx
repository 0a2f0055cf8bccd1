import { scheduleInWords, type AdminQueuesOverview, type QueueSnapshot } from '@serpwise/contracts';
import { SimpleTable } from '@/components/ui/simple-table';
import { AdminCard, AdminTable } from './admin-card';
import { megabytesText, timeText, uptimeText } from './console-format';
import { jobColumns, type CardActions } from './queue-card';

/** WORKER_CONCURRENCY, and each queue whose own concurrency differs from it ("4 · reports 2"). */
function concurrencyText(worker: AdminQueuesOverview['workers'][number]): string {
  const own = Object.entries(worker.queueConcurrency ?? {}).filter(([, concurrency]) => concurrency !== worker.concurrency);
  return [String(worker.concurrency), ...own.map(([queue, concurrency]) => `${queue} ${concurrency}`)].join(' · ');
}

/** The live worker processes: host, pid, concurrency, uptime, memory and the jobs each runs now. */
export function WorkersPanel({ overview }: { overview: AdminQueuesOverview }) {
  const now = Date.parse(overview.at);
  return (
    <AdminCard title="Workers">
      <AdminTable
        empty="No worker is connected."
        emptyTestId="admin-workers"
        label="Workers"
        rows={overview.workers}
        rowKey={(worker) => worker.id}
        rowAttributes={() => ({ 'data-testid': 'admin-worker' })}
        columns={[
          { header: 'Host', cell: (worker) => worker.host },
          { header: 'PID', className: 'num', cell: (worker) => worker.pid },
          { header: 'Concurrency', className: 'num', cell: concurrencyText },
          { header: 'Uptime', cell: (worker) => <span data-testid="worker-uptime">{uptimeText(worker.startedAt, now)}</span> },
          { header: 'Memory (RSS · heap)', cell: (worker) => `${megabytesText(worker.rssBytes)} · ${megabytesText(worker.heapUsedBytes)}` },
          {
            header: 'Current jobs',
            cell: (worker) =>
              worker.currentJobs.length === 0 ? (
                <span className="admin-empty">idle</span>
              ) : (
                <span data-testid="worker-jobs">{worker.currentJobs.map((job) => `${job.name} ${job.id.slice(0, 8)}`).join(', ')}</span>
              ),
          },
          { header: 'Last heartbeat', cell: (worker) => timeText(worker.lastHeartbeat) },
        ]}
      />
    </AdminCard>
  );
}

/** Jobs on a second or later attempt, across queues, and the jobs workers found stalled. */
export function TroublePanel({ overview, actions }: { overview: AdminQueuesOverview; actions: CardActions }) {
  const retrying = overview.queues.filter((queue): queue is QueueSnapshot => queue.retrying.length > 0);
  return (
    <AdminCard title="Retried and stalled jobs">
      <h3>Retrying</h3>
      {retrying.length === 0 && <p className="admin-empty">No job is on a second attempt.</p>}
      {retrying.map((queue) => (
        <SimpleTable
          key={queue.name}
          className="admin-table"
          label={`Retrying jobs of ${queue.name}`}
          columns={[{ header: 'Queue', cell: () => queue.name }, ...jobColumns(queue.name, actions)]}
          rows={queue.retrying}
          rowKey={(job) => job.id}
          rowAttributes={(job) => ({ 'data-testid': 'retrying-job', 'data-job-id': job.id })}
        />
      ))}
      <h3>Stalled</h3>
      {overview.stalled.length === 0 ? (
        <p className="admin-empty">No job has stalled lately.</p>
      ) : (
        <SimpleTable
          className="admin-table"
          label="Stalled jobs"
          rows={overview.stalled}
          rowKey={(job) => `${job.queue}:${job.id}:${job.at}`}
          rowAttributes={(job) => ({ 'data-testid': 'stalled-job', 'data-job-id': job.id })}
          columns={[
            { header: 'When', cell: (job) => new Date(job.at).toLocaleString() },
            { header: 'Queue', cell: (job) => job.queue },
            { header: 'Job', cell: (job) => <code>{job.id.slice(0, 8)}</code> },
            {
              headerLabel: 'Actions',
              cell: (job) => (
                <button type="button" className="button button--small button--ghost" onClick={() => actions.showHistory(job.id)}>
                  History
                </button>
              ),
            },
          ]}
        />
      )}
    </AdminCard>
  );
}

/** The recurring schedules, in words ("every Monday 06:24 UTC"), with their next run. */
export function SchedulesPanel({ overview }: { overview: AdminQueuesOverview }) {
  return (
    <AdminCard title="Recurring schedules">
      <AdminTable empty="Nothing is scheduled." emptyTestId="admin-scheduled" label="Recurring schedules" rows={overview.scheduled}
        rowKey={(scheduled) => scheduled.key}
        rowAttributes={() => ({ 'data-testid': 'admin-scheduled-job' })}
        columns={[
          { header: 'Job', cell: (scheduled) => scheduled.name },
          { header: 'Runs', cell: (scheduled) => <span data-testid="schedule-words">{scheduleInWords(scheduled)}</span> },
          { header: 'Next run', cell: (scheduled) => (scheduled.nextRun ? new Date(scheduled.nextRun).toLocaleString() : '–') },
        ]}
      />
    </AdminCard>
  );
}
