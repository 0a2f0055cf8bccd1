import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { adminQueueParamSchema, queueAlertRulesSchema, queueAlertWebhookSchema, type QueueAlertRules } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { QueueAlertsService } from './queue-alerts.service.js';

/** The queue alerts (issue 23 point 3): admins read them; changing a threshold or the webhook needs admin actions on. */
@Controller('rest/admin/queue-alerts')
export class QueueAlertsController {
  constructor(private readonly service: QueueAlertsService) {}

  @Access('admin')
  @Get()
  read() {
    return this.service.read();
  }

  @Access('admin-action')
  @Put('thresholds/:queue')
  setThresholds(
    @CurrentSession() session: RequestSession,
    @Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string },
    @Body(new ZodValidationPipe(queueAlertRulesSchema)) rules: QueueAlertRules,
  ) {
    return this.service.setThresholds({ userId: session.userId!, sessionId: session.id }, params.queue, rules);
  }

  @Access('admin-action')
  @Put('webhook')
  setWebhook(@CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(queueAlertWebhookSchema)) body: { webhookUrl: string | null }) {
    return this.service.setWebhook({ userId: session.userId!, sessionId: session.id }, body.webhookUrl);
  }
}
