import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { reportSubscriptionSchema, reportUnsubscribeSchema, type ReportSubscription } from '@serpwise/contracts';
import { reportContentType } from '@serpwise/reports';
import type { Response } from 'express';
import { inline, sendPrivateFile } from '../../common/private-file.js';
import { allowPdfViewer } from '../../common/security-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ReportMailService } from './report-mail.service.js';
import { SignedJobFile, type SignedFileRequest } from '../../common/signed-job-file.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';

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
  @FileResponse(reportContentType, 'A mailed report’s PDF, shown in place (inline).')
  async file(@SignedJobFile() request: SignedFileRequest, @Res() response: Response): Promise<void> {
    const file = await this.mail.mailedFile(request.jobId, request.link);
    allowPdfViewer(response);
    await sendPrivateFile(response, file, { contentType: reportContentType, disposition: inline(file.fileName) });
  }

  @Get('unsubscribe')
  @ResponseSchema(reportSubscriptionSchema)
  subscription(@Query(new ZodValidationPipe(reportUnsubscribeSchema)) query: { token: string }): Promise<ReportSubscription> {
    return this.mail.subscription(query.token);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @ResponseSchema(reportSubscriptionSchema)
  unsubscribe(@Body(new ZodValidationPipe(reportUnsubscribeSchema)) body: { token: string }): Promise<ReportSubscription> {
    return this.mail.unsubscribe(body.token);
  }
}
