import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  adminQueueParamSchema,
  queueAlertRulesSchema,
  queueAlertsAnswerSchema,
  queueAlertWebhookSchema,
  type QueueAlertRules,
  type QueueAlertsAnswer,
} from '@serpwise/contracts';
import { ResponseSchema } from '../../common/route-response-schema.js';
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
  @ResponseSchema(queueAlertsAnswerSchema)
  read(): Promise<QueueAlertsAnswer> {
    return this.service.read();
  }

  @Access('admin-action')
  @Put('thresholds/:queue')
  @ResponseSchema(queueAlertsAnswerSchema)
  setThresholds(
    @CurrentSession() session: RequestSession,
    @Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string },
    @Body(new ZodValidationPipe(queueAlertRulesSchema)) rules: QueueAlertRules,
  ): Promise<QueueAlertsAnswer> {
    return this.service.setThresholds({ userId: session.userId!, sessionId: session.id }, params.queue, rules);
  }

  @Access('admin-action')
  @Put('webhook')
  @ResponseSchema(queueAlertsAnswerSchema)
  setWebhook(@CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(queueAlertWebhookSchema)) body: { webhookUrl: string | null }): Promise<QueueAlertsAnswer> {
    return this.service.setWebhook({ userId: session.userId!, sessionId: session.id }, body.webhookUrl);
  }
}
