import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { noQueueAlertRules, type Environment, type QueueAlert } from '@serpwise/contracts';
import { QueueAlertRepository, type QueueAlertPhase } from '@serpwise/database';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { ENVIRONMENT, JobQueue, Mailer, outboundUrlProblem, readWorkerHeartbeats, REDIS } from '@serpwise/platform';
import { adminQueueNames } from './admin-queues.service.js';
import { checkQueue, readQueue } from './queue-alert-checks.js';

/** How long the webhook may take to answer before its call counts as failed. */
const webhookTimeoutMs = 10_000;

/** Redis key that gives one process the right to check the thresholds in one interval (SET NX). */
export const alertClaimKey = (prefix: string, slot: number) => `${prefix}:queue-alerts:claim:${slot}`;

/**
 * The queue alerts (issue 23 point 3). Like the sampler, every API process runs the timer and a SET NX claim per
 * interval lets one of them check, however many there are; the open-incident index in PostgreSQL is what makes an
 * alert raise and clear once even if two checks overlap. A raised or cleared alert is mailed to every admin and
 * posted to the webhook ({ text }, Slack-compatible); how each went is kept with the alert.
 */
@Injectable()
export class QueueAlertEvaluator implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueAlertEvaluator.name);
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly queues: JobQueue,
    private readonly alerts: QueueAlertRepository,
    private readonly mailer: Mailer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  private get intervalMs(): number {
    return this.environment.QUEUE_ALERT_CHECK_SECONDS * 1_000;
  }

  onModuleInit(): void {
    this.scheduleNext();
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    const now = Date.now();
    const wait = Math.floor(now / this.intervalMs) * this.intervalMs + this.intervalMs - now;
    this.timer = setTimeout(() => {
      void this.checkInterval(Math.floor(Date.now() / this.intervalMs))
        .catch((error: unknown) => this.logger.warn(`queue alert check failed: ${String(error)}`))
        .finally(() => this.scheduleNext());
    }, wait);
    this.timer.unref();
  }

  /** Checks the thresholds for one interval unless another process claimed it; true when this one did. */
  async checkInterval(slot: number): Promise<boolean> {
    const claimed = await this.redis.set(alertClaimKey(this.environment.REDIS_PREFIX, slot), `${hostname()}:${process.pid}`, 'PX', 10 * this.intervalMs, 'NX');
    if (claimed !== 'OK') return false;
    await this.evaluate();
    return true;
  }

  /** Reads every queue, raises the alerts newly crossed and clears those back within their threshold. */
  async evaluate(now = Date.now()): Promise<void> {
    const [thresholds, heartbeats, webhookUrl] = await Promise.all([
      this.alerts.thresholds(),
      readWorkerHeartbeats(this.redis, this.environment.REDIS_PREFIX),
      this.alerts.webhookUrl(),
    ]);
    const open = await this.alerts.open();
    for (const name of adminQueueNames()) {
      const rules = thresholds[name] ?? noQueueAlertRules;
      const openHere = open.filter((alert) => alert.queue === name);
      const reading = await readQueue(this.redis, this.queues.queue(name), rules, heartbeats, now);
      for (const verdict of checkQueue(rules, reading)) {
        const isOpen = openHere.some((alert) => alert.rule === verdict.rule);
        const input = { queue: name, rule: verdict.rule, message: verdict.message, webhook: webhookUrl !== null };
        if (verdict.crossed && !isOpen) {
          const raised = await this.alerts.raise(input);
          if (raised) await this.deliver(raised, 'raise', webhookUrl);
        } else if (!verdict.crossed && isOpen) {
          const cleared = await this.alerts.clear(input);
          if (cleared) await this.deliver(cleared, 'clear', webhookUrl);
        }
      }
    }
  }

  /** Mails every admin and calls the webhook; a failure of one is noted with the alert and does not stop the other. */
  private async deliver(alert: QueueAlert, phase: QueueAlertPhase, webhookUrl: string | null): Promise<void> {
    const message = phase === 'raise' ? alert.message : alert.clearMessage!;
    const title = phase === 'raise' ? `Queue alert: ${message}` : `Queue alert cleared: ${message}`;
    const errors: string[] = [];
    let email = 'sent';
    try {
      const admins = await this.alerts.adminEmails();
      const consoleUrl = `${this.environment.PUBLIC_URL}/admin/queues`;
      for (const to of admins) {
        await this.mailer.send({
          to,
          subject: `[Serpwise] ${title}`,
          text: `${title}\n\n${phase === 'raise' ? `Raised at ${alert.raisedAt}.` : `Raised at ${alert.raisedAt}: ${alert.message}\nCleared at ${alert.clearedAt}.`}\n\nThe queue console: ${consoleUrl}\n`,
        });
      }
    } catch (error) {
      email = 'failed';
      errors.push(`E-mail: ${error instanceof Error ? error.message : String(error)}`);
    }
    let webhook = 'none';
    if (webhookUrl) {
      const problem = await this.callWebhook(webhookUrl, title);
      webhook = problem ? 'failed' : 'sent';
      if (problem) errors.push(`Webhook: ${problem}`);
    }
    if (errors.length) this.logger.warn(`queue alert ${alert.id} (${phase}): ${errors.join(' ')}`);
    await this.alerts.delivered(alert.id, phase, email, webhook, errors.length ? errors.join(' ') : null);
  }

  /** Posts { text } to the webhook; null when it answered 2xx, else why not. */
  private async callWebhook(url: string, text: string): Promise<string | null> {
    // Checked again at each call: the address was checked when saved, but a name may point elsewhere by now.
    const problem = await outboundUrlProblem(url, { allowPrivate: this.environment.WEBHOOK_PRIVATE_ADDRESSES_ALLOWED });
    if (problem) return problem;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        redirect: 'error',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      return response.ok ? null : `answered ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
