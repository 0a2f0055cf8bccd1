import type { QueueAlert, QueueAlertRules } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { errorsOf } from '@/lib/api-client';
import { useQueueAlerts, useSetThresholds, useSetWebhook } from '../api/queue-alerts';
import { AdminCard, AdminTable } from './admin-card';
import { timeText } from './console-format';

/** The alerts raised and not cleared yet, at the top of the console; they arrive live with the overview. */
export function OpenAlerts({ alerts }: { alerts: QueueAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="admin-alerts" aria-label="Open queue alerts">
      {alerts.map((alert) => (
        <li key={alert.id} className="admin-alerts__item" role="alert" data-testid="queue-alert-open" data-queue={alert.queue} data-rule={alert.rule}>
          <strong>Alert</strong> {alert.message} <span className="admin-alerts__since">since {timeText(alert.raisedAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A number field's text as a threshold: blank is off (null); anything else must be a whole number. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function ThresholdForm({ queue, rules }: { queue: string; rules: QueueAlertRules }) {
  const save = useSetThresholds();
  const [failedCount, setFailedCount] = useState(textOf(rules.failed?.count));
  const [failedMinutes, setFailedMinutes] = useState(textOf(rules.failed?.minutes ?? 10));
  const [waiting, setWaiting] = useState(textOf(rules.waiting));
  const [oldest, setOldest] = useState(textOf(rules.oldestWaitingMinutes));
  const [noWorker, setNoWorker] = useState(rules.noWorker);
  const [memory, setMemory] = useState(textOf(rules.workerMemoryMb));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = numberOrNull(failedCount);
    save.mutate({
      queue,
      rules: {
        failed: count === null ? null : { count, minutes: numberOrNull(failedMinutes) ?? 10 },
        waiting: numberOrNull(waiting),
        oldestWaitingMinutes: numberOrNull(oldest),
        noWorker,
        workerMemoryMb: numberOrNull(memory),
      },
    });
  };
  const field = (label: string, value: string, set: (next: string) => void, name: string) => (
    <label>
      {label}
      <input type="number" min={0} step={1} inputMode="numeric" value={value} onChange={(event) => set(event.target.value)} name={name} placeholder="off" />
    </label>
  );
  return (
    <form className="admin-thresholds__queue" onSubmit={submit} aria-label={`Alert thresholds of ${queue}`} data-testid="alert-thresholds" data-queue={queue}>
      <h3>{queue}</h3>
      <div className="admin-filters">
        {field('Failed jobs above', failedCount, setFailedCount, 'failedCount')}
        {field('in the last (minutes)', failedMinutes, setFailedMinutes, 'failedMinutes')}
        {field('Waiting above', waiting, setWaiting, 'waiting')}
        {field('Oldest waiting over (minutes)', oldest, setOldest, 'oldestWaitingMinutes')}
        {field('Worker memory over (MB)', memory, setMemory, 'workerMemoryMb')}
        <label className="admin-thresholds__check">
          <input type="checkbox" checked={noWorker} onChange={(event) => setNoWorker(event.target.checked)} name="noWorker" />
          No live worker
        </label>
        <button type="submit" className="button button--small" disabled={save.isPending}>
          Save thresholds
        </button>
        {save.isSuccess && !save.isPending && <span data-testid="thresholds-saved">Saved.</span>}
      </div>
      {save.isError && (
        <p role="alert" className="notice notice--error">
          {errorsOf(save.error).join(' ')}
        </p>
      )}
    </form>
  );
}

function WebhookForm({ webhookUrl }: { webhookUrl: string | null }) {
  const save = useSetWebhook();
  const [url, setUrl] = useState(webhookUrl ?? '');
  return (
    <form
      className="admin-filters"
      aria-label="Alert webhook"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(url.trim() === '' ? null : url.trim());
      }}
    >
      <label className="admin-thresholds__webhook">
        Webhook (Slack-compatible; blank: none)
        <input type="url" value={url} onChange={(event) => setUrl(event.target.value)} name="webhookUrl" placeholder="https://hooks.slack.com/services/…" />
      </label>
      <button type="submit" className="button button--small" disabled={save.isPending}>
        Save webhook
      </button>
      {save.isSuccess && !save.isPending && <span data-testid="webhook-saved">Saved.</span>}
      {save.isError && (
        <p role="alert" className="notice notice--error">
          {errorsOf(save.error).join(' ')}
        </p>
      )}
    </form>
  );
}

const delivery = (email: string | null, webhook: string | null) => (email === null ? '' : `mail ${email}${webhook && webhook !== 'none' ? ` · webhook ${webhook}` : ''}`);

/**
 * Alerts (issue 23 point 3): each queue's thresholds and the webhook (changing them needs admin actions on, and is
 * audited), and the latest incidents with when each was raised and cleared and how its messages went.
 */
export function AlertsPanel({ open }: { open: QueueAlert[] }) {
  const alerts = useQueueAlerts(open.map((alert) => alert.id).join(','));
  return (
    <AdminCard title="Alerts">
      {alerts.isPending && <p className="admin-empty">Loading the alert settings…</p>}
      {alerts.isError && <p role="alert">{errorsOf(alerts.error).join(' ')}</p>}
      {alerts.data && (
        <>
          <p className="admin-empty">Alerts are mailed to every admin and posted to the webhook, once when raised and once when cleared. Leave a threshold blank to turn it off.</p>
          <WebhookForm webhookUrl={alerts.data.webhookUrl} />
          <div className="admin-thresholds">
            {Object.entries(alerts.data.thresholds).map(([queue, rules]) => (
              <ThresholdForm key={queue} queue={queue} rules={rules} />
            ))}
          </div>
          <h3>History</h3>
          <AdminTable
            empty="No alert has been raised."
            label="Alert history"
            rows={alerts.data.history}
            rowKey={(alert) => alert.id}
            rowAttributes={(alert) => ({ 'data-testid': 'alert-history', 'data-queue': alert.queue, 'data-state': alert.clearedAt ? 'cleared' : 'open' })}
            columns={[
              { header: 'Queue', cell: (alert) => alert.queue },
              { header: 'Raised', cell: (alert) => timeText(alert.raisedAt) },
              { header: 'Alert', cell: (alert) => alert.message },
              { header: 'Cleared', cell: (alert) => (alert.clearedAt ? `${timeText(alert.clearedAt)}: ${alert.clearMessage ?? ''}` : <strong>open</strong>) },
              { header: 'Sent', cell: (alert) => [delivery(alert.raiseEmail, alert.raiseWebhook), delivery(alert.clearEmail, alert.clearWebhook)].filter(Boolean).join('; ') },
            ]}
          />
        </>
      )}
    </AdminCard>
  );
}
