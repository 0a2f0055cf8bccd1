import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  createShareLinkSchema,
  jobIdParamSchema,
  reportShareLinkSchema,
  sharedReportTokenSchema,
  type ReportShareLink,
  type ShareLinkDays,
} from '@serpwise/contracts';
import { reportContentType, sharedReportNoticePage } from '@serpwise/reports';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { sendPrivateFile } from '../../common/private-file.js';
import { allowPdfViewer } from '../../common/security-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { limitMessages } from '../limits/limit-messages.js';
import { Limits } from '../limits/limits.service.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { ReportShareLinksService, SharedReportUnavailable } from './report-share-links.service.js';
import { FileResponse, ResponseSchema } from '../../common/route-response-schema.js';

const linkParam = z.object({ id: z.uuid('The share link id must be a UUID.') });

/**
 * A report's share links, for its owner (issue 22 point 5): GET/POST /rest/reports/jobs/:id/share-links and
 * POST /rest/reports/share-links/:id/revoke. Making one needs the full plan, as reports do; listing and revoking
 * only a login, so a link can always be turned off.
 */
@Controller('rest/reports')
export class ReportShareLinksController {
  constructor(private readonly shareLinks: ReportShareLinksService) {}

  @Access('full')
  @Post('jobs/:id/share-links')
  @HttpCode(201)
  @ResponseSchema(reportShareLinkSchema)
  create(
    @CurrentIdentity() identity: Identity,
    @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string },
    @Body(new ZodValidationPipe(createShareLinkSchema)) body: { days: ShareLinkDays },
  ): Promise<ReportShareLink> {
    return this.shareLinks.create(identity, params.id, body.days);
  }

  @Access('user')
  @Get('jobs/:id/share-links')
  @ResponseSchema(z.array(reportShareLinkSchema))
  list(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(jobIdParamSchema)) params: { id: string }): Promise<ReportShareLink[]> {
    return this.shareLinks.list(identity, params.id);
  }

  @Access('user')
  @Post('share-links/:id/revoke')
  @HttpCode(200)
  @ResponseSchema(reportShareLinkSchema)
  revoke(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(linkParam)) params: { id: string }): Promise<ReportShareLink> {
    return this.shareLinks.revoke(identity, params.id);
  }
}

/** Headers of every answer a shared link gets: never indexed, never cached (a revoke works at once), no referrer. */
function sharedHeaders(response: Response): void {
  response.setHeader('x-robots-tag', 'noindex, nofollow, noarchive');
  response.setHeader('cache-control', 'private, no-store');
  response.setHeader('referrer-policy', 'no-referrer');
}

/**
 * What a share link opens, for anyone holding it (issue 22 point 5): GET /rest/reports/shared/:token (the report's
 * web view, HTML) and …/pdf. No login, no session started (a /rest path never starts one), counted per address like a
 * visitor's research calls. A link that cannot show its report answers a page saying why: 404 unknown, 410 expired,
 * revoked or removed — the same page whoever asks, naming nothing of the report.
 */
@Access('public')
@Controller('rest/reports/shared')
export class SharedReportsController {
  constructor(
    private readonly shareLinks: ReportShareLinksService,
    private readonly limits: Limits,
  ) {}

  @Get(':token')
  @FileResponse('text/html', 'The report’s web view; a link that cannot show it answers a notice page (404 unknown, 410 expired, revoked or removed).')
  async page(@Param('token', new ZodValidationPipe(sharedReportTokenSchema)) token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.limits.enforce(this.limits.rules.sharedReports(), request.ip ?? 'unknown', limitMessages.sharedReports);
    sharedHeaders(response);
    response.type('html');
    try {
      response.status(200).send(await this.shareLinks.page(token));
    } catch (error) {
      if (!(error instanceof SharedReportUnavailable)) throw error;
      response.status(error.status).send(sharedReportNoticePage(error.notice));
    }
  }

  @Get(':token/pdf')
  @FileResponse(reportContentType, 'The report’s PDF, shown in place; a link that cannot show it answers the notice page (HTML, 404 or 410).')
  async pdf(@Param('token', new ZodValidationPipe(sharedReportTokenSchema)) token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.limits.enforce(this.limits.rules.sharedReports(), request.ip ?? 'unknown', limitMessages.sharedReports);
    sharedHeaders(response);
    let file: Awaited<ReturnType<ReportShareLinksService['pdf']>>;
    try {
      file = await this.shareLinks.pdf(token);
    } catch (error) {
      if (!(error instanceof SharedReportUnavailable)) throw error;
      response.type('html').status(error.status).send(sharedReportNoticePage(error.notice));
      return;
    }
    allowPdfViewer(response);
    await sendPrivateFile(response, file, { contentType: reportContentType, disposition: `inline; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"` });
  }
}
