import { Controller, Get, Param } from '@nestjs/common';
import { jobIdParamSchema } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { JobsService } from './jobs.service.js';
import { Access } from '../access/access.decorator.js';

@Access('session')
@Controller('rest/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  /** A job's current status: the fallback the web client polls every 3 s while its socket is down. */
  @Get(':id')
  status(@CurrentSession() session: RequestSession, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }) {
    return this.jobs.statusFor(session, params.id);
  }
}
