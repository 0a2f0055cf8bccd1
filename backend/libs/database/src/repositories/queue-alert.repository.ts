import type { EntityManager } from '@mikro-orm/postgresql';
import { noQueueAlertRules, type QueueAlert, type QueueAlertRuleKind, type QueueAlertRules } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

interface AlertRow {
  id: string;
  queue: string;
  rule: string;
  message: string;
  clear_message: string | null;
  raised_at: Date;
  cleared_at: Date | null;
  raise_email: string;
  raise_webhook: string;
  clear_email: string | null;
  clear_webhook: string | null;
  error: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const toAlert = (row: AlertRow): QueueAlert => ({
  id: row.id,
  queue: row.queue,
  rule: row.rule as QueueAlertRuleKind,
  message: row.message,
  clearMessage: row.clear_message,
  raisedAt: iso(row.raised_at)!,
  clearedAt: iso(row.cleared_at),
  raiseEmail: row.raise_email,
  raiseWebhook: row.raise_webhook,
  clearEmail: row.clear_email,
  clearWebhook: row.clear_webhook,
  error: row.error,
});

/** Which message of an incident a delivery state belongs to. */
export type QueueAlertPhase = 'raise' | 'clear';

/**
 * The queue alerts' thresholds, webhook and incidents (issue 23 point 3). An incident is opened with an insert the
 * partial unique index (queue, rule, not cleared) lets through once, and closed with an update that matches once:
 * whichever process evaluates, each incident is raised and cleared exactly once.
 */
export class QueueAlertRepository {
  constructor(private readonly em: EntityManager) {}

  async thresholds(): Promise<Record<string, QueueAlertRules>> {
    const rows = await this.em.execute<{ queue: string; rules: QueueAlertRules }[]>(`select queue, rules from queue_alert_threshold`);
    return Object.fromEntries(rows.map((row) => [row.queue, { ...noQueueAlertRules, ...row.rules }]));
  }

  async setThresholds(queue: string, rules: QueueAlertRules): Promise<void> {
    await this.em.execute(
      `insert into queue_alert_threshold (queue, rules, updated_at) values (?, ?::jsonb, now())
       on conflict (queue) do update set rules = excluded.rules, updated_at = now()`,
      [queue, JSON.stringify(rules)],
    );
  }

  async webhookUrl(): Promise<string | null> {
    const rows = await this.em.execute<{ webhook_url: string | null }[]>(`select webhook_url from queue_alert_setting where id = 1`);
    return rows[0]?.webhook_url ?? null;
  }

  async setWebhookUrl(url: string | null): Promise<void> {
    await this.em.execute(
      `insert into queue_alert_setting (id, webhook_url, updated_at) values (1, ?, now())
       on conflict (id) do update set webhook_url = excluded.webhook_url, updated_at = now()`,
      [url],
    );
  }

  /** Opens an incident unless one of this queue and rule is open already; the new alert, or null. */
  async raise(input: { queue: string; rule: QueueAlertRuleKind; message: string; webhook: boolean }): Promise<QueueAlert | null> {
    const rows = await this.em.execute<AlertRow[]>(
      `insert into queue_alert (id, queue, rule, message, raised_at, raise_email, raise_webhook) values (?, ?, ?, ?, now(), 'pending', ?)
       on conflict (queue, rule) where cleared_at is null do nothing returning *`,
      [randomUUID(), input.queue, input.rule, input.message, input.webhook ? 'pending' : 'none'],
    );
    return rows[0] ? toAlert(rows[0]) : null;
  }

  /** Closes the open incident of this queue and rule, if any; the cleared alert, or null. */
  async clear(input: { queue: string; rule: QueueAlertRuleKind; message: string; webhook: boolean }): Promise<QueueAlert | null> {
    const rows = await this.em.execute<AlertRow[]>(
      `update queue_alert set cleared_at = now(), clear_message = ?, clear_email = 'pending', clear_webhook = ?
       where queue = ? and rule = ? and cleared_at is null returning *`,
      [input.message, input.webhook ? 'pending' : 'none', input.queue, input.rule],
    );
    return rows[0] ? toAlert(rows[0]) : null;
  }

  /** Notes how the e-mail and the webhook call of one message went (an error is added to the alert's). */
  async delivered(id: string, phase: QueueAlertPhase, email: string, webhook: string, error: string | null): Promise<void> {
    await this.em.execute(
      `update queue_alert set ${phase}_email = ?, ${phase}_webhook = case when ${phase}_webhook = 'none' then 'none' else ? end,
       error = nullif(concat_ws(' ', error, ?::text), '') where id = ?`,
      [email, webhook, error, id],
    );
  }

  async open(): Promise<QueueAlert[]> {
    const rows = await this.em.execute<AlertRow[]>(`select * from queue_alert where cleared_at is null order by raised_at, queue, rule`);
    return rows.map(toAlert);
  }

  async history(limit: number): Promise<QueueAlert[]> {
    const rows = await this.em.execute<AlertRow[]>(`select * from queue_alert order by raised_at desc, id desc limit ?`, [limit]);
    return rows.map(toAlert);
  }

  /** The addresses alerts are mailed to: every admin's. */
  async adminEmails(): Promise<string[]> {
    const rows = await this.em.execute<{ email: string }[]>(`select email from app_user where 'admin' = any(roles) and email is not null order by email`);
    return rows.map((row) => row.email);
  }
}
