import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  adminActionDoneSchema,
  adminJobHistorySchema,
  adminJobIdParamSchema,
  adminJobParamSchema,
  adminQueueParamSchema,
  adminQueuesOverviewSchema,
  adminRetriedAllSchema,
  failedJobInfoSchema,
  queueSamplesAnswerSchema,
} from '@serpwise/contracts';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { AdminQueuesService, type AdminActor } from './admin-queues.service.js';
import { QueueSampler } from './queue-sampler.js';

const actorOf = (session: RequestSession): AdminActor => ({ userId: session.userId!, sessionId: session.id });

/**
 * The admin queue views (role admin) and actions (role admin with admin actions switched on, docs/product/site.md §6):
 * issue 7. Every action is audited.
 */
@Controller('rest/admin/queues')
export class AdminQueuesController {
  constructor(
    private readonly service: AdminQueuesService,
    private readonly sampler: QueueSampler,
  ) {}

  @Access('admin')
  @Get()
  @ResponseSchema(adminQueuesOverviewSchema)
  overview() {
    return this.service.overview();
  }

  /** The last 24 hours of per-minute samples of every queue (issue 23): the console's charts. */
  @Access('admin')
  @Get('samples')
  @ResponseSchema(queueSamplesAnswerSchema)
  samples() {
    return this.sampler.lastDay();
  }

  @Access('admin')
  @Get('jobs/:id')
  @ResponseSchema(adminJobHistorySchema)
  history(@Param(new ZodValidationPipe(adminJobIdParamSchema)) params: { id: string }) {
    return this.service.history(params.id);
  }

  @Access('admin')
  @Get(':queue/failed')
  @ResponseSchema(z.array(failedJobInfoSchema))
  failed(@Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string }) {
    return this.service.failed(params.queue);
  }

  @Access('admin-action')
  @Post(':queue/pause')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  pause(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string }) {
    return this.service.pause(actorOf(session), params.queue);
  }

  @Access('admin-action')
  @Post(':queue/resume')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  resume(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string }) {
    return this.service.resume(actorOf(session), params.queue);
  }

  @Access('admin-action')
  @Post(':queue/retry-all')
  @HttpCode(200)
  @ResponseSchema(adminRetriedAllSchema)
  retryAll(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminQueueParamSchema)) params: { queue: string }) {
    return this.service.retryAll(actorOf(session), params.queue);
  }

  @Access('admin-action')
  @Post(':queue/jobs/:id/retry')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  retry(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminJobParamSchema)) params: { queue: string; id: string }) {
    return this.service.retry(actorOf(session), params.queue, params.id);
  }

  @Access('admin-action')
  @Post(':queue/jobs/:id/remove')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  remove(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminJobParamSchema)) params: { queue: string; id: string }) {
    return this.service.remove(actorOf(session), params.queue, params.id);
  }

  @Access('admin-action')
  @Post(':queue/jobs/:id/promote')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  promote(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminJobParamSchema)) params: { queue: string; id: string }) {
    return this.service.promote(actorOf(session), params.queue, params.id);
  }

  @Access('admin-action')
  @Post(':queue/jobs/:id/cancel')
  @HttpCode(200)
  @ResponseSchema(adminActionDoneSchema)
  cancel(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(adminJobParamSchema)) params: { queue: string; id: string }) {
    return this.service.cancel(actorOf(session), params.queue, params.id);
  }
}
