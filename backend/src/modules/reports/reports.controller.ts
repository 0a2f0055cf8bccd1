import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { reportOptionsSchema, type ReportOptions } from '@serpwise/contracts';
import { reportContentType } from '@serpwise/reports';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { ReportsService } from './reports.service.js';

/**
 * GET /rest/reports/preview: a report rendered while the browser waits, streamed as application/pdf (development,
 * tests, a quick look). Reports are for full users (03 §6). Query: domain, countryCode, template, design,
 * customTitle, preparedBy, preparedFor, comments, sections (comma-separated print ids in order), rowLimit, month,
 * whiteLabel.
 */
@Access('full')
@Controller('rest/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('preview')
  async preview(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(reportOptionsSchema)) options: ReportOptions) {
    const { pdf, fileName } = await this.reports.preview(identity, options);
    return new StreamableFile(pdf, { type: reportContentType, disposition: `inline; filename="${fileName}"` });
  }
}
