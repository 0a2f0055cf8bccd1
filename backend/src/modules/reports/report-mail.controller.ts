import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { jobIdParamSchema, reportUnsubscribeSchema, type ReportSubscription } from '@serpwise/contracts';
import { reportContentType } from '@serpwise/reports';
import type { Response } from 'express';
import { sendPrivateFile } from '../../common/private-file.js';
import { allowPdfViewer } from '../../common/security-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ReportMailService } from './report-mail.service.js';

/**
 * The links of a report e-mail (issue 22 point 3), for readers without an account: GET /rest/reports/mail/:id/pdf
 * (the mailed PDF, signed and expiring) and /rest/reports/unsubscribe (GET: whom the token stops and whether they
 * still get the report; POST: stop them — the page's button, with the page's cross-site token).
 */
@Access('public')
@Controller('rest/reports')
export class ReportMailController {
  constructor(private readonly mail: ReportMailService) {}

  @Get('mail/:id/pdf')
  async file(@Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }, @Query() query: { expires?: string; signature?: string }, @Res() response: Response): Promise<void> {
    const file = await this.mail.mailedFile(params.id, query);
    allowPdfViewer(response);
    await sendPrivateFile(response, file, { contentType: reportContentType, disposition: `inline; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"` });
  }

  @Get('unsubscribe')
  subscription(@Query(new ZodValidationPipe(reportUnsubscribeSchema)) query: { token: string }): Promise<ReportSubscription> {
    return this.mail.subscription(query.token);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  unsubscribe(@Body(new ZodValidationPipe(reportUnsubscribeSchema)) body: { token: string }): Promise<ReportSubscription> {
    return this.mail.unsubscribe(body.token);
  }
}
