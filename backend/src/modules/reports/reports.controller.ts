import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { jobIdParamSchema, reportOptionsSchema, type ReportOptions } from '@serpwise/contracts';
import type { Response } from 'express';
import { reportContentType } from '@serpwise/reports';
import { allowPdfViewer } from '../../common/security-headers.js';
import { sendPrivateFile } from '../../common/private-file.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { PdfExportService } from './pdf-export.service.js';
import { ReportsService } from './reports.service.js';

/**
 * GET /rest/reports/preview: a report rendered while the browser waits, streamed as application/pdf (development,
 * tests, a quick look). Reports are for full users (docs/product/account-exports-reports.md §6). Query: domain, countryCode, template, design,
 * customTitle, preparedBy, preparedFor, comments, sections (comma-separated print ids in order), rowLimit, month,
 * whiteLabel.
 */
@Access('full')
@Controller('rest/reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly pdfExports: PdfExportService,
  ) {}

  @Get('preview')
  async preview(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(reportOptionsSchema)) options: ReportOptions, @Res({ passthrough: true }) response: Response) {
    const { pdf, fileName } = await this.reports.preview(identity, options);
    allowPdfViewer(response);
    return new StreamableFile(pdf, { type: reportContentType, disposition: `inline; filename="${fileName}"` });
  }

  /** A finished report's PDF through its signed link ('Open PDF in New Tab'): shown inline, for its owner only. */
  @Get('jobs/:id/pdf')
  @Access('user')
  async file(
    @CurrentIdentity() identity: Identity,
    @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string },
    @Query() query: { expires?: string; signature?: string },
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.pdfExports.file(identity, params.id, query);
    allowPdfViewer(response);
    await sendPrivateFile(response, file, { contentType: reportContentType, disposition: `inline; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"` });
  }
}
