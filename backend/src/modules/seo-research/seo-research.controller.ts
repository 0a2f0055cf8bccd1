import { Controller, Get, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { kombatSchema, urlOverviewSchema } from '@serpwise/research';
import { viewerOfRequest } from '../research/viewer-of-request.js';
import { SeoResearchService } from './seo-research.service.js';
import { urlOverviewAnswerSchema } from '@serpwise/contracts';
import { researchTablePageSchemaOf } from '@serpwise/research';
import { ResponseSchema } from '../../common/route-response-schema.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);

/**
 * SEO research (issue 4 item 5): the URL overview and kombat. Public: paid data is withheld per viewer in the
 * service. The SEO and outreach tables are catalogue tables, answered by ResearchTablesController.
 */
@Access('public')
@Controller('rest/research')
export class SeoResearchController {
  constructor(private readonly research: SeoResearchService) {}

  @Get('url-overview')
  @ResponseSchema(urlOverviewAnswerSchema)
  urlOverview(@Query(pipe(urlOverviewSchema)) query: z.infer<typeof urlOverviewSchema>, @Req() request: Request) {
    return this.research.urlOverview(query.url, query.countryCode, viewerOfRequest(request));
  }

  @Get('seo/kombat')
  @ResponseSchema(researchTablePageSchemaOf('seo/kombat'))
  kombat(@Query(pipe(kombatSchema)) query: z.infer<typeof kombatSchema>, @Req() request: Request) {
    return this.research.kombat(query, viewerOfRequest(request));
  }
}
