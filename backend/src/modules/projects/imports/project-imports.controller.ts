import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  importKeywordsBodySchema,
  newProjectImportBodySchema,
  outreachImportBodySchema,
  undoImportBodySchema,
  type ImportKeywordsBody,
  type NewProjectImportBody,
} from '@serpwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Access } from '../../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../../sessions/request-session.js';
import { acceptedWhenQueued } from './accepted-when-queued.js';
import { KeywordImportService } from './keyword-import.service.js';
import { OutreachImportService } from './outreach-import.service.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
type In<S extends z.ZodType> = z.infer<S>;

/**
 * The project imports (docs/product/projects.md §7): keywords into a project (Keywords/KeywordActions/Import,
 * NewProjectImport) with Undo, and outreach rows (import/OutreachImport). A large import runs as a job (202).
 */
@Access('full')
@Controller('NsaApi/MySerpwise')
export class ProjectImportsController {
  constructor(
    private readonly keywordImports: KeywordImportService,
    private readonly outreachImports: OutreachImportService,
  ) {}

  /** 200 with the import's answer; 202 with the job when it has more terms than run within the request. */
  @Post('Keywords/KeywordActions/Import')
  @HttpCode(200)
  async importKeywords(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(pipe(importKeywordsBodySchema)) body: ImportKeywordsBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    return acceptedWhenQueued(response, await this.keywordImports.import(session, identity, body));
  }

  @Post('Keywords/KeywordActions/NewProjectImport')
  @HttpCode(200)
  async newProjectImport(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(pipe(newProjectImportBodySchema)) body: NewProjectImportBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    return acceptedWhenQueued(response, await this.keywordImports.newProjectImport(session, identity, body));
  }

  /** Undo of a keyword import (the path is ours: the document names the action, not the call). */
  @Post('Keywords/KeywordActions/UndoImport')
  @HttpCode(200)
  undo(@CurrentIdentity() identity: Identity, @Body(pipe(undoImportBodySchema)) body: In<typeof undoImportBodySchema>) {
    return this.keywordImports.undo(identity, body.importId);
  }

  /** 200 with the counts; 202 with the job when the import is large enough to run as one. */
  @Post('import/OutreachImport')
  @HttpCode(200)
  async importOutreach(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(pipe(outreachImportBodySchema)) body: In<typeof outreachImportBodySchema>,
    @Res({ passthrough: true }) response: Response,
  ) {
    return acceptedWhenQueued(response, await this.outreachImports.import(session, identity, body));
  }
}
