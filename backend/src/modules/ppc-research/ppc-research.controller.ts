import { BadRequestException, Controller, Get, Query, Req } from '@nestjs/common';
import {
  ppcAdHistorySchema as adHistorySchema,
  ppcAdTemplatesSchema as adTemplatesSchema,
  ppcAdvisorSchema as advisorSchema,
  ppcCompetitorsSchema as competitorsSchema,
  ppcKeywordsSchema as keywordsSchema,
  ppcKombatSchema as kombatSchema,
  ppcOverviewSchema as overviewSchema,
} from '@serpwise/research';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { PpcResearchService } from './ppc-research.service.js';
import { viewerOfRequest } from './research-request.schemas.js';

/** PPC research tabs (docs/product/site.md §2 /ppc): overview, competitors, kombat, keywords, ad history, adwords advisor, ad templates. */
@Access('public')
@Controller('rest/research/ppc')
export class PpcResearchController {
  constructor(
    private readonly ppc: PpcResearchService,
    private readonly tables: ResearchTablesService,
  ) {}

  @Get('overview')
  overview(@Req() request: Request, @Query(new ZodValidationPipe(overviewSchema)) input: z.infer<typeof overviewSchema>) {
    return this.ppc.overview(input.query, input.countryCode, viewerOfRequest(request));
  }

  @Get('competitors')
  competitors(@Req() request: Request, @Query(new ZodValidationPipe(competitorsSchema)) input: z.infer<typeof competitorsSchema>) {
    return this.tables.table('ppc/competitors', input, viewerOfRequest(request));
  }

  @Get('kombat')
  kombat(@Req() request: Request, @Query(new ZodValidationPipe(kombatSchema)) input: z.infer<typeof kombatSchema>) {
    const domains = [input.query, ...input.competitors];
    if (new Set(domains).size !== domains.length) throw new BadRequestException({ statusCode: 400, message: 'Kombat needs 2 or 3 different domains.' });
    return this.ppc.kombat(input, viewerOfRequest(request));
  }

  @Get('keywords')
  keywords(@Req() request: Request, @Query(new ZodValidationPipe(keywordsSchema)) input: z.infer<typeof keywordsSchema>) {
    return this.tables.table('ppc/keywords', input, viewerOfRequest(request));
  }

  @Get('ad-history')
  adHistory(@Req() request: Request, @Query(new ZodValidationPipe(adHistorySchema)) input: z.infer<typeof adHistorySchema>) {
    return this.tables.table('ppc/ad-history', input, viewerOfRequest(request));
  }

  @Get('adwords-advisor')
  advisor(@Req() request: Request, @Query(new ZodValidationPipe(advisorSchema)) input: z.infer<typeof advisorSchema>) {
    return this.tables.table('ppc/adwords-advisor', input, viewerOfRequest(request));
  }

  @Get('ad-templates')
  adTemplates(@Req() request: Request, @Query(new ZodValidationPipe(adTemplatesSchema)) input: z.infer<typeof adTemplatesSchema>) {
    return this.tables.table('ppc/ad-templates', input, viewerOfRequest(request));
  }
}
