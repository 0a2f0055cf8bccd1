import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { useSocketLink, type SocketLink } from '@/lib/socket';
import { AdminActionsSwitch } from './admin-actions-switch';
import { useAdminQueues, useQueueAction, useQueueSamples, type QueueAction } from '../api/admin-queues';
import '../admin-queues.css';
import { timeText } from './console-format';
import { AlertsPanel, OpenAlerts } from './alerts-panel';
import { SchedulesPanel, TroublePanel, WorkersPanel } from './console-panels';
import { JobHistory } from './job-history';
import { QueueCard } from './queue-card';

const linkText: Record<SocketLink, string> = {
  connected: 'Live updates',
  connecting: 'Connecting…',
  lost: 'Connection lost: checking every 3 seconds',
};

/**
 * /admin/queues, the queue console (issues 7 and 23): one card per queue with its live counts, throughput and latency
 * and the last 24 hours as charts; the workers; retried and stalled jobs; the recurring schedules in words; the queue alerts (open ones live, thresholds, history).
 */
export function AdminQueuesPage() {
  const overview = useAdminQueues();
  const samples = useQueueSamples();
  const link = useSocketLink();
  const action = useQueueAction();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const actions = { run: (next: QueueAction) => action.mutate(next), showHistory: setHistoryOf, busy: action.isPending };

  if (overview.isPending) return <Spinner size="large" label="Loading the queues" />;
  if (overview.isError) return <p className="page" role="alert">{errorsOf(overview.error).join(' ')}</p>;
  const data = overview.data;
  const range = samples.data ? { from: samples.data.from, to: samples.data.to } : null;

  return (
    <section className="page admin-console" aria-labelledby="admin-queues-title">
      <h1 id="admin-queues-title">Queue console</h1>
      <div className="admin-console__bar">
        <p className={`admin-console__transport admin-console__transport--${link === 'connected' ? 'live' : link}`} data-testid="admin-transport">
          {linkText[link]} · figures of {timeText(data.at)}
        </p>
        <AdminActionsSwitch />
        <span className="admin-console__links">
          <Link to="/admin/jobs">Jobs</Link>
          <Link to="/admin/audit-log">Audit log</Link>
          <a href="/admin/bull-board/">Open bull-board</a>
        </span>
      </div>
      {action.isError && (
        <p role="alert" className="notice notice--error" data-testid="admin-error">
          {errorsOf(action.error).join(' ')}
        </p>
      )}
      <OpenAlerts alerts={data.alerts} />
      {samples.isError && <p role="alert">The 24-hour history could not be read: {errorsOf(samples.error).join(' ')}</p>}

      <div className="admin-console__grid">
        {data.queues.map((queue) => (
          <QueueCard key={queue.name} queue={queue} samples={samples.data ? (samples.data.queues[queue.name] ?? []) : null} range={range} actions={actions} />
        ))}
        <WorkersPanel overview={data} />
        <TroublePanel overview={data} actions={actions} />
        <SchedulesPanel overview={data} />
        <AlertsPanel open={data.alerts} />
      </div>

      {historyOf && <JobHistory id={historyOf} close={() => setHistoryOf(null)} />}
    </section>
  );
}
