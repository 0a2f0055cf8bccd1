import type { EntityManager } from '@mikro-orm/postgresql';
import { rankAlertRuleSchema, type RankAlertRule } from '@serpwise/contracts';
import { escapeHtml, rankChanges, sightingOf, type RankChange, type RankSighting } from '@serpwise/domain';
import { postWebhook, WebhookAddressRefused, type Mailer, type SerpPage } from '@serpwise/platform';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

/** A tracked keyword of a project that this refresh fetched a page for. */
export interface RefreshedKeyword {
  projectId: string;
  term: string;
  page: SerpPage;
}

interface ProjectRow {
  id: string;
  name: string;
  domain: string;
  owner_user_id: string;
}

interface AlertRow {
  id: string;
  project_id: string;
  owner_user_id: string;
  name: string;
  recipients: { emailAddress: string; isActive: boolean }[];
  rules: unknown;
  webhook_url: string | null;
}

interface EventRow {
  id: string;
  alert_id: string;
  message: string;
  email_state: string;
  webhook_state: string;
}

/** How rank alerts are sent. */
export interface RankAlertSendOptions {
  /** WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: let webhooks reach private, loopback and link-local addresses (tests, intranets). */
  allowPrivateWebhooks: boolean;
  /** Tries per e-mail and per webhook call before the change is saved as failed. */
  attempts: number;
  /** The pause before the second try; each further one is four times longer. */
  retryDelayMs: number;
}

export const defaultRankAlertSendOptions: RankAlertSendOptions = { allowPrivateWebhooks: false, attempts: 3, retryDelayMs: 2_000 };

/** Marks an error that trying again cannot fix (a refused address). */
const permanentMark = '\u0000permanent:';

const storedRules = rankAlertRuleSchema.array();

/** How long a webhook may take to answer before its call counts as failed. */
const webhookTimeoutMs = 10_000;

/**
 * Rank alerts after each rank refresh (issue 22 point 6). For every project with refreshed keywords: the project's
 * sighting of each keyword (its position, the top 10's sites) is compared with the one the last refresh left
 * (project_rank_snapshot), each active alert's rules decide the changes, and each change is written once
 * (rank_alert_event, unique per alert, refresh, keyword, rule and competitor) in the same transaction that moves
 * the snapshot on. Then every change not yet sent goes out: one e-mail per alert to its active recipients and one
 * Slack-compatible webhook call ({ text }), each tried again after a failure, and its history line says how each went. A refresh run again (a retry
 * after a crash) finds its changes written and the snapshot moved on: nothing is sent twice.
 */
export class RankAlerts {
  constructor(
    private readonly em: () => EntityManager,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: RankAlertSendOptions = defaultRankAlertSendOptions,
  ) {}

  async afterRefresh(runId: string, refreshed: readonly RefreshedKeyword[]): Promise<{ changes: number; sent: number }> {
    const byProject = new Map<string, RefreshedKeyword[]>();
    for (const keyword of refreshed) byProject.set(keyword.projectId, [...(byProject.get(keyword.projectId) ?? []), keyword]);
    if (!byProject.size) return { changes: 0, sent: 0 };
    const projectIds = `{${[...byProject.keys()].join(',')}}`;
    const projects = await this.em().execute<ProjectRow[]>('select id, name, domain, owner_user_id from project where id = any(?::uuid[])', [projectIds]);
    const alerts = await this.em().execute<AlertRow[]>(
      `select id, project_id, owner_user_id, name, recipients, rules, webhook_url from project_alert
       where is_active and project_id = any(?::uuid[]) and jsonb_array_length(rules) > 0`,
      [projectIds],
    );
    let changes = 0;
    for (const project of projects) changes += await this.compare(runId, project, byProject.get(project.id) ?? [], alerts.filter((alert) => alert.project_id === project.id));
    const sent = await this.sendPending(alerts, new Map(projects.map((project) => [project.id, project])));
    return { changes, sent };
  }

  /** One project: its changes written once, its snapshot moved on, in one transaction. */
  private async compare(runId: string, project: ProjectRow, keywords: readonly RefreshedKeyword[], alerts: readonly AlertRow[]): Promise<number> {
    const domain = project.domain.toLowerCase();
    return this.em().transactional(async (em) => {
      const previous = await em.execute<{ term: string; position: number | null; top10: string[] }[]>(
        // Locked: two refreshes at once compare with the same snapshot one at a time.
        'select term, position, top10 from project_rank_snapshot where project_id = ? and term in (select jsonb_array_elements_text(?::jsonb)) for update',
        [project.id, JSON.stringify(keywords.map((keyword) => keyword.term))],
      );
      const before = new Map<string, RankSighting>(previous.map((row) => [row.term, { position: row.position, top10: row.top10 }]));
      let written = 0;
      for (const keyword of keywords) {
        const now = sightingOf(keyword.page.results, domain);
        for (const alert of alerts) {
          const rules = storedRules.safeParse(alert.rules);
          if (!rules.success) continue;
          for (const change of rankChanges(keyword.term, domain, before.get(keyword.term) ?? null, now, rules.data as RankAlertRule[])) written += await this.record(em, runId, alert, keyword.term, change);
        }
        await em.execute(
          `insert into project_rank_snapshot (project_id, term, position, top10, refreshed_at) values (?, ?, ?, ?::jsonb, now())
           on conflict (project_id, term) do update set position = excluded.position, top10 = excluded.top10, refreshed_at = excluded.refreshed_at`,
          [project.id, keyword.term, now.position, JSON.stringify(now.top10)],
        );
      }
      return written;
    });
  }

  private async record(em: EntityManager, runId: string, alert: AlertRow, term: string, change: RankChange): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into rank_alert_event (id, alert_id, project_id, owner_user_id, run_id, term, rule, rule_key, previous_position, position, competitor, message, email_state, webhook_state, created_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, 'pending', ?, now())
       on conflict do nothing returning id`,
      [
        randomUUID(), alert.id, alert.project_id, alert.owner_user_id, runId, term, JSON.stringify(change.rule), change.ruleKey,
        change.previousPosition, change.position, change.competitor, change.message, alert.webhook_url ? 'pending' : 'none',
      ],
    );
    return rows.length;
  }

  /**
   * Every change of these alerts not sent yet: one e-mail and one webhook call per alert, each change's state saved.
   * The changes are locked while they are sent (skip locked: another worker sending the same alert leaves them), so
   * two refreshes at once never send a change twice; a failed send is tried again after a pause, up to the set
   * attempts, and only then saved as failed.
   */
  private async sendPending(alerts: readonly AlertRow[], projects: ReadonlyMap<string, ProjectRow>): Promise<number> {
    let sent = 0;
    for (const alert of alerts) {
      sent += await this.em().transactional(async (em) => {
        const pending = await em.execute<EventRow[]>(
          `select id, alert_id, message, email_state, webhook_state from rank_alert_event where alert_id = ? and (email_state = 'pending' or webhook_state = 'pending')
           order by created_at, term, rule_key for update skip locked`,
          [alert.id],
        );
        if (!pending.length) return 0;
        const project = projects.get(alert.project_id);
        const title = `Rank alert “${alert.name}”${project ? ` for ${project.domain}` : ''}: ${pending.length} ${pending.length === 1 ? 'change' : 'changes'}`;
        const lines = pending.map((event) => event.message);
        const ids = `{${pending.map((event) => event.id).join(',')}}`;

        if (pending.some((event) => event.email_state === 'pending')) {
          const recipients = alert.recipients.filter((recipient) => recipient.isActive).map((recipient) => recipient.emailAddress);
          const emailError = await this.email(recipients, title, lines);
          await em.execute(`update rank_alert_event set email_state = ?, error = ? where id = any(?::uuid[]) and email_state = 'pending'`, [emailError ? 'failed' : 'sent', emailError, ids]);
        }
        if (alert.webhook_url && pending.some((event) => event.webhook_state === 'pending')) {
          const webhookError = await this.callWebhook(alert.webhook_url, title, lines);
          await em.execute(
            `update rank_alert_event set webhook_state = ?, error = nullif(concat_ws(' ', error, ?::text), '') where id = any(?::uuid[]) and webhook_state = 'pending'`,
            [webhookError ? 'failed' : 'sent', webhookError, ids],
          );
        }
        return pending.length;
      });
    }
    return sent;
  }

  /** Runs a send until it succeeds or the attempts are used up, pausing longer each time; the last error, or null. */
  private async withRetries(what: string, send: () => Promise<string | null>): Promise<string | null> {
    let error: string | null = null;
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      error = await send();
      if (error === null || error.startsWith(permanentMark)) break;
      if (attempt < this.options.attempts) {
        this.logger.warn({ attempt, error }, `rank alert: ${what} failed, trying again`);
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs * 4 ** (attempt - 1)));
      }
    }
    return error?.replace(permanentMark, '') ?? null;
  }

  private async email(recipients: readonly string[], title: string, lines: readonly string[]): Promise<string | null> {
    if (!recipients.length) return 'The alert has no active recipient.';
    // A retry sends only to the recipients an earlier attempt did not reach.
    const reached = new Set<string>();
    return this.withRetries('e-mail', async () => {
      try {
        for (const recipient of recipients) {
          if (reached.has(recipient)) continue;
          await this.mailer.send({
            to: recipient,
            subject: title,
            text: `${title}\n\n${lines.map((line) => `• ${line}`).join('\n')}`,
            html: `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933"><h2 style="font-size:16px">${escapeHtml(title)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></body></html>`,
          });
          reached.add(recipient);
        }
        return null;
      } catch (error) {
        this.logger.warn({ err: error }, 'rank alert: e-mail not sent');
        return `E-mail: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
  }

  /** Slack-compatible: POST { text } as JSON; any 2xx answer is delivered. A refused (private) address is not retried. */
  private async callWebhook(url: string, title: string, lines: readonly string[]): Promise<string | null> {
    const body = { text: `*${title}*\n${lines.map((line) => `• ${line}`).join('\n')}` };
    return this.withRetries('webhook', async () => {
      try {
        const status = await postWebhook(url, body, { allowPrivate: this.options.allowPrivateWebhooks, timeoutMs: webhookTimeoutMs });
        return status >= 200 && status < 300 ? null : `Webhook: answered ${status}`;
      } catch (error) {
        this.logger.warn({ err: error }, 'rank alert: webhook not called');
        const message = `Webhook: ${error instanceof Error ? error.message : String(error)}`;
        return error instanceof WebhookAddressRefused ? `${permanentMark}${message}` : message;
      }
    });
  }
}
