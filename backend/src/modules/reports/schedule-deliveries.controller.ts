import { Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { pdfExportStatusSchema, type PdfExportStatus } from '@serpwise/contracts';
import { reportContentType } from '@serpwise/reports';
import type { Response } from 'express';
import { z } from 'zod';
import { allowPdfViewer } from '../../common/security-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { ScheduleDeliveriesService } from './schedule-deliveries.service.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';

const scheduleParam = z.object({ id: z.uuid('The scheduled report id must be a UUID.') });

/**
 * A scheduled report's Send now, preview and delivery history (issue 22 point 1; docs/product/account-exports-reports.md
 * §7): /rest/reports/schedules/:id/send-now (POST), /preview (the PDF, inline) and /deliveries. Reports are for full
 * users; a schedule is its owner's only.
 */
@Access('full')
@Controller('rest/reports/schedules')
export class ScheduleDeliveriesController {
  constructor(private readonly deliveries: ScheduleDeliveriesService) {}

  @Post(':id/send-now')
  @HttpCode(202)
  @ResponseSchema(pdfExportStatusSchema)
  sendNow(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(scheduleParam)) params: { id: string }): Promise<PdfExportStatus> {
    return this.deliveries.sendNow(session, identity, params.id);
  }

  @Get(':id/deliveries')
  @ResponseSchema(z.array(pdfExportStatusSchema))
  history(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(scheduleParam)) params: { id: string }): Promise<PdfExportStatus[]> {
    return this.deliveries.history(identity, params.id);
  }

  @Get(':id/preview')
  @FileResponse(reportContentType, 'The scheduled report’s PDF as it would be sent now, shown in place (inline).')
  async preview(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(scheduleParam)) params: { id: string }, @Res({ passthrough: true }) response: Response) {
    const { pdf, fileName } = await this.deliveries.preview(identity, params.id);
    allowPdfViewer(response);
    response.setHeader('cache-control', 'no-store');
    return new StreamableFile(pdf, { type: reportContentType, disposition: `inline; filename="preview-${fileName}"` });
  }
}
