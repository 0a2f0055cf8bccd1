import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  reconLiveRankingSchema,
  reconRankingDetailsSchema,
  reconReportBodySchema,
  reconReportDeletedSchema,
  reconReportIdSchema,
  reconReportSchema,
  reconTermIdSchema,
  type ReconLiveRanking,
  type ReconRankingDetails,
  type ReconReport,
  type ReconReportInput,
} from '@serpwise/contracts';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
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
  @ResponseSchema(z.array(reconReportSchema))
  list(@CurrentIdentity() identity: Identity): Promise<ReconReport[]> {
    return this.recon.list(identity);
  }

  @Post()
  @HttpCode(201)
  @ResponseSchema(reconReportSchema)
  create(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(reconReportBodySchema)) body: ReconReportInput): Promise<ReconReport> {
    return this.recon.create(identity, body);
  }

  @Get(':id')
  @ResponseSchema(reconReportSchema)
  get(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string): Promise<ReconReport> {
    return this.recon.get(identity, id);
  }

  @Post(':id')
  @HttpCode(200)
  @ResponseSchema(reconReportSchema)
  update(
    @CurrentIdentity() identity: Identity,
    @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string,
    @Body(new ZodValidationPipe(reconReportBodySchema)) body: ReconReportInput,
  ): Promise<ReconReport> {
    return this.recon.update(identity, id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @ResponseSchema(reconReportDeletedSchema)
  delete(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string): Promise<z.infer<typeof reconReportDeletedSchema>> {
    return this.recon.delete(identity, id);
  }

  @Get(':id/live-ranking')
  @ResponseSchema(reconLiveRankingSchema)
  liveRanking(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string): Promise<ReconLiveRanking> {
    return this.recon.liveRanking(identity, id);
  }

  @Get(':id/live-ranking/:termId')
  @ResponseSchema(reconRankingDetailsSchema)
  rankingDetails(
    @CurrentIdentity() identity: Identity,
    @Param('id', new ZodValidationPipe(reconReportIdSchema)) id: string,
    @Param('termId', new ZodValidationPipe(reconTermIdSchema)) termId: number,
  ): Promise<ReconRankingDetails> {
    return this.recon.rankingDetails(identity, id, termId);
  }
}
