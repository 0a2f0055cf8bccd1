import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  anyJobStatusSchema,
  jobCenterEntrySchema,
  jobIdParamSchema,
  jobListPageSchema,
  listJobsQuerySchema,
  type JobCenterEntry,
  type JobListPage,
  type ListJobsQuery,
} from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { JobsService } from './jobs.service.js';
import { Access } from '../access/access.decorator.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

@Access('session')
@Controller('rest/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  /** The job center (issue 21): a page of the user's exports, reports and imports, newest first (cursor `before`). */
  @Get()
  @Access('user')
  @ResponseSchema(jobListPageSchema)
  list(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(listJobsQuerySchema)) query: ListJobsQuery): Promise<JobListPage> {
    return this.jobs.list(identity.user.id, query);
  }

  /** A job's current status: the fallback the web client polls every 3 s while its socket is down. */
  @Get(':id')
  @ResponseSchema(anyJobStatusSchema)
  status(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }) {
    return this.jobs.statusFor(session, params.id);
  }

  /** Cancels a queued or running job of the job center (409 once it finished). */
  @Post(':id/cancel')
  @HttpCode(200)
  @Access('user')
  @ResponseSchema(jobCenterEntrySchema)
  cancel(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<JobCenterEntry> {
    return this.jobs.cancel(identity.user.id, params.id);
  }

  /** Puts a failed job of the job center back in line (409 unless it failed). */
  @Post(':id/retry')
  @HttpCode(200)
  @Access('user')
  @ResponseSchema(jobCenterEntrySchema)
  retry(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<JobCenterEntry> {
    return this.jobs.retry(identity.user.id, params.id);
  }
}
