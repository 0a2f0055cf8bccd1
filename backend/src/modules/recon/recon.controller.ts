import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { reconReportBodySchema, reconReportIdSchema, reconTermIdSchema, type ReconReportInput } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { ReconReportsService } from './recon-reports.service.js';

/**
 * Recon reports (docs/product/projects.md §2; the spec shows no calls, so they are ours: docs/projects-api.md "Recon reports"). The
 * list and product pages are public, but the reports are a user's own: every call needs a login.
 */
@Access('user')
@Controller('rest/recon/reports')
export class ReconReportsController {
  constructor(private readonly recon: ReconReportsService) {}

  @Get()
  list(@CurrentIdentity() identity: Identity) {
    return this.recon.list(identity);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(reconReportBodySchema)) body: ReconReportInput) {
    return this.recon.create(identity, body);
  }

  @Get(':id')
  get(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string) {
    return this.recon.get(identity, id);
  }

  @Post(':id')
  @HttpCode(200)
  update(
    @CurrentIdentity() identity: Identity,
    @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string,
    @Body(new ZodValidationPipe(reconReportBodySchema)) body: ReconReportInput,
  ) {
    return this.recon.update(identity, id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  delete(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string) {
    return this.recon.delete(identity, id);
  }

  @Get(':id/live-ranking')
  liveRanking(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string) {
    return this.recon.liveRanking(identity, id);
  }

  @Get(':id/live-ranking/:termId')
  rankingDetails(
    @CurrentIdentity() identity: Identity,
    @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string,
    @Param('termId', new ZodValidationPipe(reconTermIdSchema)) termId: number,
  ) {
    return this.recon.rankingDetails(identity, id, termId);
  }
}
