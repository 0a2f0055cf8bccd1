import { Body, Controller, Get, HttpCode, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import {
  pdfExportMessages,
  PdfExportFormError,
  readPdfExportForm,
  updateScheduledPdfReportsSchema,
  type PdfExportRequest,
  type PdfExportStatus,
  type ScheduledPdfReport,
  type ScheduledReportUpdate,
} from '@serpwise/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { badRequest } from '../../common/bad-request.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ChangesState } from '../sessions/csrf.guard.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { PdfExportService } from './pdf-export.service.js';
import { ScheduledReportsService } from './scheduled-reports.service.js';

/** The multipart form of ExportAsync, Export and Schedule, read into a request or refused with every message. */
const readForm = (body: unknown): PdfExportRequest => {
  try {
    return readPdfExportForm((body ?? {}) as Record<string, unknown>);
  } catch (error) {
    if (error instanceof PdfExportFormError) throw badRequest(error.messages);
    throw error;
  }
};

/** A multipart form of text fields only (the PDF export state); at most 64 fields of 16 kB. */
const formFields = NoFilesInterceptor({ limits: { fields: 64, fieldSize: 16 * 1024, files: 0 } });

const sessionQuery = z.object({ sessionId: z.string().regex(/^\d{1,15}$/, pdfExportMessages.sessionId) }).passthrough();
const listQuery = z.object({ userId: z.string().optional() }).passthrough();
export const deleteScheduledReportQuery = z.object({ userId: z.string().optional(), alertId: z.uuid('The alert id must be a UUID.') }).passthrough();

/**
 * /Endpoints/PdfExport (docs/product/account-exports-reports.md §7): ExportAsync (download: a report job followed live, 'Generating PDF…' → 'Exported
 * PDF'), Export (e-mail only), Schedule (WEEKLY or MONTHLY, optionally saving a project alert), GetStatus (the
 * 3-s poll by export session id), and the scheduled reports' list, update and delete. Reports are for full users (docs/product/account-exports-reports.md §6).
 */
@Access('full')
@Controller('Endpoints/PdfExport')
export class PdfExportController {
  constructor(
    private readonly exports: PdfExportService,
    private readonly scheduled: ScheduledReportsService,
  ) {}

  @Post('ExportAsync')
  @HttpCode(202)
  @UseInterceptors(formFields)
  exportAsync(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity, @Body() body: unknown): Promise<PdfExportStatus> {
    return this.exports.start(session, identity, readForm(body), 'download');
  }

  /** E-mail only; a project alert is saved with it when asked (docs/product/account-exports-reports.md §4). */
  @Post('Export')
  @HttpCode(202)
  @UseInterceptors(formFields)
  async export(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity, @Body() body: unknown): Promise<PdfExportStatus> {
    const request = readForm(body);
    await this.scheduled.requireAlertProject(identity, request);
    const status = await this.exports.start(session, identity, request, 'email');
    if (request.alert) await this.scheduled.saveAlert(identity, request);
    return status;
  }

  @Post('Schedule')
  @HttpCode(200)
  @UseInterceptors(formFields)
  schedule(@CurrentIdentity() identity: Identity, @Body() body: unknown) {
    return this.scheduled.schedule(identity, readForm(body));
  }

  @Get('GetStatus')
  getStatus(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(sessionQuery)) query: { sessionId: string }): Promise<PdfExportStatus> {
    return this.exports.statusBySession(identity, query.sessionId);
  }

  @Get('GetScheduledPdfReports')
  getScheduled(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(listQuery)) query: { userId?: string }): Promise<ScheduledPdfReport[]> {
    return this.scheduled.list(identity, query.userId);
  }

  @Post('UpdateScheduledPdfReports')
  @HttpCode(200)
  update(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(updateScheduledPdfReportsSchema)) changes: ScheduledReportUpdate[]) {
    return this.scheduled.update(identity, changes);
  }

  /** A documented GET that deletes (docs/decisions.md "Documented GET calls that change something"). */
  @Get('DeleteScheduledPdfReport')
  @ChangesState()
  delete(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(deleteScheduledReportQuery)) query: { userId?: string; alertId: string }, @Res({ passthrough: true }) response: Response) {
    response.setHeader('cache-control', 'no-store');
    return this.scheduled.delete(identity, query.userId, query.alertId);
  }
}
