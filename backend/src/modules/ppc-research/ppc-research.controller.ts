import { BadRequestException, Controller, Get, Query, Req } from '@nestjs/common';
import { ppcKombatSchema as kombatSchema, ppcOverviewSchema as overviewSchema } from '@serpwise/research';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { viewerOfRequest } from '../research/viewer-of-request.js';
import { PpcResearchService } from './ppc-research.service.js';
import { ppcOverviewAnswerSchema } from '@serpwise/contracts';
import { researchTablePageSchemaOf } from '@serpwise/research';
import { ResponseSchema } from '../../common/route-response-schema.js';

/**
 * PPC research tabs (docs/product/site.md §2 /ppc): the overview and kombat; the tabs that are catalogue tables
 * (competitors, keywords, ad history, adwords advisor, ad templates) are answered by ResearchTablesController.
 */
@Access('public')
@Controller('rest/research/ppc')
export class PpcResearchController {
  constructor(private readonly ppc: PpcResearchService) {}

  @Get('overview')
  @ResponseSchema(ppcOverviewAnswerSchema)
  overview(@Req() request: Request, @Query(new ZodValidationPipe(overviewSchema)) input: z.infer<typeof overviewSchema>) {
    return this.ppc.overview(input.query, input.countryCode, viewerOfRequest(request));
  }

  @Get('kombat')
  @ResponseSchema(researchTablePageSchemaOf('ppc/kombat'))
  kombat(@Req() request: Request, @Query(new ZodValidationPipe(kombatSchema)) input: z.infer<typeof kombatSchema>) {
    const domains = [input.query, ...input.competitors];
    if (new Set(domains).size !== domains.length) throw new BadRequestException({ statusCode: 400, message: 'Kombat needs 2 or 3 different domains.' });
    return this.ppc.kombat(input, viewerOfRequest(request));
  }
}
