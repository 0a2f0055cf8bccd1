import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  adminBulkAnswerSchema,
  adminBulkSchema,
  adminJobIdParamSchema,
  adminJobSearchPageSchema,
  adminJobSearchSchema,
  adminJobStorySchema,
  type AdminBulkAnswer,
  type AdminBulkRequest,
  type AdminJobSearch,
  type AdminJobSearchPage,
  type AdminJobStory,
} from '@serpwise/contracts';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { AdminJobSearchRepository } from '@serpwise/database';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { AdminJobsService } from './admin-jobs.service.js';

/**
 * /rest/admin/jobs (issue 23 point 2): search the job records (role admin), a job's full story (role admin), and one
 * action on many jobs (admin actions on; each job audited).
 */
@Controller('rest/admin/jobs')
export class AdminJobsController {
  constructor(
    private readonly search: AdminJobSearchRepository,
    private readonly jobs: AdminJobsService,
  ) {}

  @Access('admin')
  @Get()
  @ResponseSchema(adminJobSearchPageSchema)
  async find(@Query(new ZodValidationPipe(adminJobSearchSchema)) query: AdminJobSearch): Promise<AdminJobSearchPage> {
    return { ...(await this.search.search(query)), startRow: query.startRow, pageSize: query.pageSize };
  }

  @Access('admin')
  @Get(':id')
  @ResponseSchema(adminJobStorySchema)
  story(@Param(new ZodValidationPipe(adminJobIdParamSchema)) params: { id: string }): Promise<AdminJobStory> {
    return this.jobs.story(params.id);
  }

  @Access('admin-action')
  @Post('bulk')
  @HttpCode(200)
  @ResponseSchema(adminBulkAnswerSchema)
  bulk(@CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(adminBulkSchema)) body: AdminBulkRequest): Promise<AdminBulkAnswer> {
    return this.jobs.bulk({ userId: session.userId!, sessionId: session.id }, body);
  }
}
