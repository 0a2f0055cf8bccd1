import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { reportOptionsSchema, type ReportOptions } from '@serpwise/contracts';
import type { Response } from 'express';
import { reportContentType } from '@serpwise/reports';
import { allowPdfViewer } from '../../common/security-headers.js';
import { inline, sendPrivateFile } from '../../common/private-file.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { PdfExportService } from './pdf-export.service.js';
import { ReportsService } from './reports.service.js';
import { SignedJobFile, type SignedFileRequest } from '../../common/signed-job-file.js';
import { FileResponse } from '../../common/route-response-schema.js';

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
  @FileResponse(reportContentType, 'The report’s PDF, shown in place (inline).')
  async preview(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(reportOptionsSchema)) options: ReportOptions, @Res({ passthrough: true }) response: Response) {
    const { pdf, fileName } = await this.reports.preview(identity, options);
    allowPdfViewer(response);
    return new StreamableFile(pdf, { type: reportContentType, disposition: `inline; filename="${fileName}"` });
  }

  /** A finished report's PDF through its signed link ('Open PDF in New Tab'): shown inline, for its owner only. */
  @Get('jobs/:id/pdf')
  @Access('user')
  @FileResponse(reportContentType, 'The finished report’s PDF, shown in place (inline), for its owner.')
  async file(
    @CurrentIdentity() identity: Identity,
    @SignedJobFile() request: SignedFileRequest,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.pdfExports.file(identity, request.jobId, request.link);
    allowPdfViewer(response);
    await sendPrivateFile(response, file, { contentType: reportContentType, disposition: inline(file.fileName) });
  }
}
