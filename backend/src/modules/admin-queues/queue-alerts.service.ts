import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { noQueueAlertRules, type Environment, type QueueAlertRules, type QueueAlertsAnswer } from '@serpwise/contracts';
import { AdminAuditLogRepository, QueueAlertRepository } from '@serpwise/database';
import { ENVIRONMENT, outboundUrlProblem } from '@serpwise/platform';
import { adminQueueMessages, adminQueueNames, type AdminActor } from './admin-queues.service.js';

/** Incidents the console's history lists. */
const historyListed = 50;

/** The queue alerts' settings as admins read and change them (issue 23 point 3); each change audited first. */
@Injectable()
export class QueueAlertsService {
  constructor(
    private readonly alerts: QueueAlertRepository,
    private readonly audit: AdminAuditLogRepository,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async read(): Promise<QueueAlertsAnswer> {
    const [stored, webhookUrl, open, history] = await Promise.all([this.alerts.thresholds(), this.alerts.webhookUrl(), this.alerts.open(), this.alerts.history(historyListed)]);
    const thresholds = Object.fromEntries(adminQueueNames().map((name) => [name, stored[name] ?? noQueueAlertRules]));
    return { thresholds, webhookUrl, open, history };
  }

  async setThresholds(actor: AdminActor, queue: string, rules: QueueAlertRules): Promise<QueueAlertsAnswer> {
    if (!adminQueueNames().includes(queue)) throw new NotFoundException(adminQueueMessages.unknownQueue);
    const before = (await this.alerts.thresholds())[queue] ?? noQueueAlertRules;
    await this.audit.add({ ...actor, action: 'alert.thresholds', queue, jobId: null, detail: { before, after: rules } });
    await this.alerts.setThresholds(queue, rules);
    return this.read();
  }

  async setWebhook(actor: AdminActor, webhookUrl: string | null): Promise<QueueAlertsAnswer> {
    if (webhookUrl) {
      const problem = await outboundUrlProblem(webhookUrl, { allowPrivate: this.environment.WEBHOOK_PRIVATE_ADDRESSES_ALLOWED });
      if (problem) throw new BadRequestException(problem);
    }
    await this.audit.add({ ...actor, action: 'alert.webhook', queue: null, jobId: null, detail: { webhookUrl } });
    await this.alerts.setWebhookUrl(webhookUrl);
    return this.read();
  }
}
