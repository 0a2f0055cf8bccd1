import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  liveDataStartedSchema,
  liveDataStateSchema,
  liveDataSubjectSchema,
  type LiveDataStarted,
  type LiveDataState,
  type LiveDataSubject,
} from '@serpwise/contracts';
import type { Request } from 'express';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, identityOf, type Identity, type RequestSession } from '../sessions/request-session.js';
import { LiveDataService } from './live-data.service.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

/** Research data on demand (issue 20): what the research page may offer for its subject, and the fetch itself. */
@Controller('rest/live-data')
export class LiveDataController {
  constructor(private readonly liveData: LiveDataService) {}

  /** GET /rest/live-data?domain=|keyword=&countryCode=: provider, last fetch (provenance), offer, cost, quota. */
  @Access('public')
  @Get()
  @ResponseSchema(liveDataStateSchema)
  state(@Query(new ZodValidationPipe(liveDataSubjectSchema)) subject: LiveDataSubject, @Req() request: Request): Promise<LiveDataState> {
    return this.liveData.state(subject, identityOf(request));
  }

  /** POST /rest/live-data { domain | keyword, countryCode } → 202 { jobId }: the fetch job, followed over job.updated. */
  @Access('user')
  @Post()
  @HttpCode(202)
  @ResponseSchema(liveDataStartedSchema)
  start(
    @Body(new ZodValidationPipe(liveDataSubjectSchema)) subject: LiveDataSubject,
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
  ): Promise<LiveDataStarted> {
    return this.liveData.start(subject, session, identity);
  }
}
