import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import type { Request, Response } from 'express';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { isFullIdentity } from '../access/access-decision.js';
import { viewerOf } from '../access/viewer.js';
import { KeywordResearchService } from '../keyword-research/keyword-research.service.js';
import { PpcResearchService } from '../ppc-research/ppc-research.service.js';
import { ProjectsService } from '../projects/core/projects.service.js';
import { KeywordListService } from '../projects/keywords/keyword-list.service.js';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { ResearchService } from '../research/research.service.js';
import { SeoResearchService } from '../seo-research/seo-research.service.js';
import { identityOf } from '../sessions/request-session.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiMeter } from './api-meter.js';
import { openApiDocument } from './openapi-document.js';
import { PublicApiError } from './public-api-error.js';
import { PublicApiErrorFilter } from './public-api-error.filter.js';
import { publicEndpointAt, type PublicApiServices } from './public-endpoints.js';

/**
 * The public data API (docs/product/public-api.md): GET /api/v1/{group}/{name}, authenticated and metered by the
 * account's API key (ApiKeyGuard), answered by the web API's own services (public-endpoints.ts), every error as
 * { error: { code, message } }. The documentation pages /api/v1/{page} are one path segment, so never these routes.
 */
@Access('public')
@UseFilters(PublicApiErrorFilter)
@Controller('api/v1')
export class PublicApiController {
  private readonly services: PublicApiServices;
  private document: object | null = null;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    tables: ResearchTablesService,
    research: ResearchService,
    seo: SeoResearchService,
    ppc: PpcResearchService,
    keywords: KeywordResearchService,
    projects: ProjectsService,
    keywordList: KeywordListService,
    private readonly meter: ApiMeter,
  ) {
    this.services = { tables, research, seo, ppc, keywords, projects, keywordList };
  }

  /** The OpenAPI 3.1 document, open to anyone (no key), with this installation's address as its server. */
  @Get('openapi.json')
  openApi() {
    this.document ??= openApiDocument(this.environment.PUBLIC_URL!);
    return this.document;
  }

  @Get(':group/:name')
  @UseGuards(ApiKeyGuard)
  async call(
    @Param('group') group: string,
    @Param('name') name: string,
    @Query() query: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const identity = identityOf(request)!;
    // Every call with a valid key counts, whatever it answers (an unknown call, a plan refusal, bad input), as before.
    const { value, meterWaitMs } = await this.meter.metered(identity, async () => {
      const endpoint = publicEndpointAt(`${group}/${name}`.toLowerCase());
      if (!endpoint) throw new PublicApiError(404, 'not_found', `There is no call GET /api/v1/${group}/${name}; the calls are listed at /api/v1/openapi.json.`);
      if (endpoint.needsFullPlan && !isFullIdentity(identity)) throw new PublicApiError(403, 'plan_required', 'This call needs a full plan.');
      const input = new ZodValidationPipe(endpoint.request).transform(query);
      return endpoint.answer(this.services, input, { identity, viewer: viewerOf(identity) });
    });
    // What metering added to this call (docs/benchmarks.md, issue 25 point 5).
    response.setHeader('server-timing', `meter;dur=${meterWaitMs.toFixed(3)}`);
    return value;
  }
}
