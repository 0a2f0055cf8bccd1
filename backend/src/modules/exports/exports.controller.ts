import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { exportContentTypes, exportStatusSchema, jobIdParamSchema, startExportSchema, type ExportStatus } from '@serpwise/contracts';
import type { Response } from 'express';
import { attachment, sendPrivateFile } from '../../common/private-file.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { ExportsService } from './exports.service.js';
import { SignedJobFile, type SignedFileRequest } from '../../common/signed-job-file.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';
import { z } from 'zod';

/**
 * The user's own export jobs (issue 6): start one (full plans; docs/product/account-exports-reports.md §6), list them, read one, cancel one, and download
 * a finished file through its signed link. Progress goes out over the socket as job.updated.
 */
@Controller('rest/exports')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** 202 with the new export's status; the same request while one runs answers that one (200). */
  @Post()
  @Access('full')
  @HttpCode(202)
  @ResponseSchema(exportStatusSchema)
  async start(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(startExportSchema)) body: z.infer<typeof startExportSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ExportStatus> {
    const { status, created } = await this.exports.start(session, identity, body);
    response.status(created ? 202 : 200);
    return status;
  }

  @Get()
  @Access('user')
  @ResponseSchema(z.array(exportStatusSchema))
  list(@CurrentIdentity() identity: Identity): Promise<ExportStatus[]> {
    return this.exports.list(identity);
  }

  @Get(':id')
  @Access('user')
  @ResponseSchema(exportStatusSchema)
  status(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<ExportStatus> {
    return this.exports.status(identity, params.id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Access('user')
  @ResponseSchema(exportStatusSchema)
  cancel(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<ExportStatus> {
    return this.exports.cancel(identity, params.id);
  }

  @Get(':id/download')
  @Access('user')
  @FileResponse(Object.values(exportContentTypes), 'The export’s file (CSV or Excel), as an attachment.', { redirect: 'With an S3 file store: a presigned link to the file (5 minutes), after the same checks.' })
  async download(
    @CurrentIdentity() identity: Identity,
    @SignedJobFile() request: SignedFileRequest,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.exports.download(identity, request.jobId, request.link);
    if ('redirect' in file) {
      response.setHeader('cache-control', 'private, no-store');
      return response.redirect(302, file.redirect);
    }
    await sendPrivateFile(response, file, { contentType: exportContentTypes[file.format], disposition: attachment(file.fileName) });
  }
}
