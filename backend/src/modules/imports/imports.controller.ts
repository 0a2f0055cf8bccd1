import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  importDeletionStatusSchema,
  importInspectionSchema,
  importStatusSchema,
  inspectImportFieldsSchema,
  jobIdParamSchema,
  startImportSchema,
  type ImportDeletionStatus,
  type ImportInspection,
  type ImportStatus,
} from '@serpwise/contracts';
import type { Request, Response } from 'express';
import { attachment, sendPrivateFile } from '../../common/private-file.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { ImportsService } from './imports.service.js';
import { SignedJobFile, type SignedFileRequest } from '../../common/signed-job-file.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';
import { MultipartRequest } from '../../common/route-request-schema.js';
import { z } from 'zod';

/**
 * The user's own imports (issue 8): inspect a file's head for what the form must ask (issue 19), upload a file
 * (multipart: format, territory, domain, date, dateFrom, dateTo, then file; refused at once when it needs a detail
 * the request did not give), list them, read one, cancel one that is waiting or running (or its running deletion),
 * download its error report through a signed link, delete one with everything it brought (a job, issue 19); and the
 * full-history export of the user's search results. Progress goes out over the socket as job.updated.
 */
@Controller('rest/imports')
@Access('user')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** 202 with the new import's status. */
  @Post()
  @HttpCode(202)
  @MultipartRequest({ fields: startImportSchema, file: { name: 'file', description: 'The file to import (after the fields): CSV, TSV, XLSX or a ZIP of them; at most 1 GB.' } })
  @ResponseSchema(importStatusSchema)
  start(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity, @Req() request: Request): Promise<ImportStatus> {
    return this.imports.start(session, identity, request);
  }

  /** What the form must ask for a file, from its head (the first 512 KB, or a whole ZIP); stores nothing. 30 a minute per account. */
  @Post('inspect')
  @HttpCode(200)
  @MultipartRequest({ fields: inspectImportFieldsSchema, file: { name: 'file', description: 'The head of the file (its first 512 KB), or a whole ZIP (at most 64 MB).' } })
  @ResponseSchema(importInspectionSchema)
  inspect(@CurrentIdentity() identity: Identity, @Req() request: Request): Promise<ImportInspection> {
    return this.imports.inspect(identity, request);
  }

  @Get()
  @ResponseSchema(z.array(importStatusSchema))
  list(@CurrentIdentity() identity: Identity): Promise<ImportStatus[]> {
    return this.imports.list(identity);
  }

  /** Every search result the user owns (keyword × day × ranking URL) as a SERP file; it imports back as one. */
  @Get('history')
  @FileResponse('text/csv; charset=utf-8', 'Every search result the user owns, as a SERP file (CSV attachment).')
  async history(@CurrentIdentity() identity: Identity, @Res() response: Response): Promise<void> {
    const stream = await this.imports.history(identity);
    await sendPrivateFile(response, { stream }, { contentType: 'text/csv; charset=utf-8', disposition: attachment(`serpwise-history-${new Date().toISOString().slice(0, 10)}.csv`) });
  }

  @Get(':id')
  @ResponseSchema(importStatusSchema)
  status(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<ImportStatus> {
    return this.imports.status(identity, params.id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ResponseSchema(importStatusSchema)
  cancel(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<ImportStatus> {
    return this.imports.cancel(identity, params.id);
  }

  @Get(':id/errors')
  @FileResponse('text/csv; charset=utf-8', 'The import’s rejected rows (line, reason), as a CSV attachment.')
  async errors(
    @CurrentIdentity() identity: Identity,
    @SignedJobFile() request: SignedFileRequest,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.imports.errorReport(identity, request.jobId, request.link);
    await sendPrivateFile(response, file, { contentType: 'text/csv; charset=utf-8', disposition: attachment(`import-errors-${request.jobId}.csv`) });
  }

  /** 202 with the deletion's status (a job: progress over the socket, cancel through :id/cancel; issue 19). */
  @Delete(':id')
  @HttpCode(202)
  @ResponseSchema(importDeletionStatusSchema)
  remove(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string },
  ): Promise<ImportDeletionStatus> {
    return this.imports.remove(session, identity, params.id);
  }
}
