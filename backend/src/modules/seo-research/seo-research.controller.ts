import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';
import {
  backlinksSchema,
  competitorsSchema,
  customListSchema,
  keywordListSchema,
  kombatSchema,
  leadsSchema,
  rankingHistorySchema,
  seoKeywordsSchema,
  topDomainsSchema,
  topPagesSchema,
  urlOverviewSchema,
} from '@serpwise/research';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { SeoResearchService } from './seo-research.service.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
const viewer = (request: Request) => viewerOf(identityOf(request));

/**
 * SEO and outreach research tables (issue 4 item 5). Public: paid data is withheld per viewer in the service.
 * Every table takes countryCode, month (YYYY-MM), startRow, pageSize, sort, sortDirection, filter, emptyValues.
 */
@Access('public')
@Controller('rest/research')
export class SeoResearchController {
  constructor(
    private readonly research: SeoResearchService,
    private readonly tables: ResearchTablesService,
  ) {}

  @Get('url-overview')
  urlOverview(@Query(pipe(urlOverviewSchema)) query: z.infer<typeof urlOverviewSchema>, @Req() request: Request) {
    return this.research.urlOverview(query.url, query.countryCode, viewer(request));
  }

  @Get('seo/competitors')
  competitors(@Query(pipe(competitorsSchema)) query: z.infer<typeof competitorsSchema>, @Req() request: Request) {
    return this.tables.table('seo/competitors', query, viewer(request));
  }

  @Get('seo/kombat')
  kombat(@Query(pipe(kombatSchema)) query: z.infer<typeof kombatSchema>, @Req() request: Request) {
    return this.research.kombat(query, viewer(request));
  }

  @Get('seo/keywords')
  keywords(@Query(pipe(seoKeywordsSchema)) query: z.infer<typeof seoKeywordsSchema>, @Req() request: Request) {
    return this.tables.table('seo/keywords', query, viewer(request));
  }

  @Get('seo/ranking-history')
  rankingHistory(@Query(pipe(rankingHistorySchema)) query: z.infer<typeof rankingHistorySchema>, @Req() request: Request) {
    return this.tables.table('seo/ranking-history', query, viewer(request));
  }

  @Get('seo/top-pages')
  topPages(@Query(pipe(topPagesSchema)) query: z.infer<typeof topPagesSchema>, @Req() request: Request) {
    return this.tables.table('seo/top-pages', query, viewer(request));
  }

  @Get('seo/backlinks')
  backlinks(@Query(pipe(backlinksSchema)) query: z.infer<typeof backlinksSchema>, @Req() request: Request) {
    return this.tables.table('seo/backlinks', query, viewer(request));
  }

  @Get('outreach/top-domains')
  topDomains(@Query(pipe(topDomainsSchema)) query: z.infer<typeof topDomainsSchema>, @Req() request: Request) {
    return this.tables.table('outreach/top-domains', query, viewer(request));
  }

  @Get('outreach/keyword-list')
  keywordList(@Query(pipe(keywordListSchema)) query: z.infer<typeof keywordListSchema>, @Req() request: Request) {
    return this.tables.table('outreach/keyword-list', query, viewer(request));
  }

  /** The same list for long keyword sets (a URL holds ~16 kB): the parameters as a JSON body, keywords as an array or text. */
  @Post('outreach/keyword-list')
  @HttpCode(200)
  keywordListPosted(@Body(pipe(keywordListSchema)) body: z.infer<typeof keywordListSchema>, @Req() request: Request) {
    return this.tables.table('outreach/keyword-list', body, viewer(request));
  }

  @Get('outreach/custom-list')
  customList(@Query(pipe(customListSchema)) query: z.infer<typeof customListSchema>, @Req() request: Request) {
    return this.tables.table('outreach/custom-list', query, viewer(request));
  }

  /** The same list for long domain lists: the parameters as a JSON body, domains as an array or comma-separated text. */
  @Post('outreach/custom-list')
  @HttpCode(200)
  customListPosted(@Body(pipe(customListSchema)) body: z.infer<typeof customListSchema>, @Req() request: Request) {
    return this.tables.table('outreach/custom-list', body, viewer(request));
  }

  @Get('outreach/leads')
  leads(@Query(pipe(leadsSchema)) query: z.infer<typeof leadsSchema>, @Req() request: Request) {
    return this.tables.table('outreach/leads', query, viewer(request));
  }
}
