import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { anyJobStatusSchema, startDiagnosticBodySchema } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { DiagnosticsService } from './diagnostics.service.js';
import { Access } from '../access/access.decorator.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

@Access('session')
@Controller('rest/diagnostics')
export class DiagnosticsController {
  constructor(private readonly diagnostics: DiagnosticsService) {}

  /** Starts a diagnostic run; 202 with its status, then progress arrives over the socket. */
  @Post()
  @HttpCode(202)
  @ResponseSchema(anyJobStatusSchema)
  start(@CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(startDiagnosticBodySchema)) _body: object) {
    return this.diagnostics.start(session);
  }
}
