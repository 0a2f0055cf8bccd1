import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { keywordsOfText, normaliseKeyword } from '@serpwise/contracts';
import {
  bulkKeywordLimit,
  bulkKeywordsTable,
  keywordAdHistorySchema as adHistorySchema,
  keywordAdvisorSchema as advisorSchema,
  keywordBacklinksSchema as backlinksSchema,
  keywordOverviewSchema as overviewSchema,
  keywordRankingHistorySchema as rankingHistorySchema,
  keywordRelatedSchema as relatedSchema,
  keywordSerpSchema as serpSchema,
  maxKeywordLength,
  sortNames,
  tableSchema,
} from '@serpwise/research';
import type { Request } from 'express';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { viewerOfRequest } from '../ppc-research/research-request.schemas.js';
import { ResearchTablesService } from '../research/research-tables.service.js';
import { KeywordResearchService } from './keyword-research.service.js';

/** Bulk upload body: `keywords` as text (one per line, or comma-separated) or an array; blanks and repeats dropped. */
const bulkSchema = tableSchema(sortNames(bulkKeywordsTable), {
  keywords: z
    .union([z.string(), z.array(z.string())], { error: 'keywords is required: one keyword per line.' })
    .transform((value, context) => {
      const terms = Array.isArray(value) ? [...new Set(value.map(normaliseKeyword).filter(Boolean))] : keywordsOfText(value);
      if (terms.length === 0) context.addIssue({ code: 'custom', message: 'Enter at least one keyword.' });
      else if (terms.length > bulkKeywordLimit) context.addIssue({ code: 'custom', message: `At most ${bulkKeywordLimit} keywords per upload (you sent ${terms.length}).` });
      const long = terms.find((term) => term.length > maxKeywordLength);
      if (long) context.addIssue({ code: 'custom', message: `A keyword is at most ${maxKeywordLength} characters: "${long.slice(0, 40)}…".` });
      return terms;
    }),
});

/** Keyword research tabs (docs/product/site.md §2 /keyword): overview, related keywords, ad history, ranking history, SERP analysis, backlinks, bulk upload, adwords advisor. */
@Access('public')
@Controller('rest/research/keyword')
export class KeywordResearchController {
  constructor(
    private readonly keywords: KeywordResearchService,
    private readonly tables: ResearchTablesService,
  ) {}

  @Get('overview')
  overview(@Req() request: Request, @Query(new ZodValidationPipe(overviewSchema)) input: z.infer<typeof overviewSchema>) {
    return this.keywords.overview(input.query, input, viewerOfRequest(request));
  }

  @Get('related')
  related(@Req() request: Request, @Query(new ZodValidationPipe(relatedSchema)) input: z.infer<typeof relatedSchema>) {
    return this.tables.table('keyword/related', input, viewerOfRequest(request));
  }

  @Get('ad-history')
  adHistory(@Req() request: Request, @Query(new ZodValidationPipe(adHistorySchema)) input: z.infer<typeof adHistorySchema>) {
    return this.tables.table('keyword/ad-history', input, viewerOfRequest(request));
  }

  @Get('ranking-history')
  rankingHistory(@Req() request: Request, @Query(new ZodValidationPipe(rankingHistorySchema)) input: z.infer<typeof rankingHistorySchema>) {
    return this.tables.table('keyword/ranking-history', input, viewerOfRequest(request));
  }

  @Get('serp-analysis')
  serpAnalysis(@Req() request: Request, @Query(new ZodValidationPipe(serpSchema)) input: z.infer<typeof serpSchema>) {
    return this.tables.table('keyword/serp-analysis', input, viewerOfRequest(request));
  }

  @Get('backlinks')
  backlinks(@Req() request: Request, @Query(new ZodValidationPipe(backlinksSchema)) input: z.infer<typeof backlinksSchema>) {
    return this.tables.table('keyword/backlinks', input, viewerOfRequest(request));
  }

  @Post('bulk')
  @HttpCode(200)
  bulk(@Req() request: Request, @Body(new ZodValidationPipe(bulkSchema)) input: z.infer<typeof bulkSchema>) {
    return this.keywords.bulk(input.keywords, input, viewerOfRequest(request));
  }

  @Get('adwords-advisor')
  advisor(@Req() request: Request, @Query(new ZodValidationPipe(advisorSchema)) input: z.infer<typeof advisorSchema>) {
    return this.tables.table('keyword/adwords-advisor', input, viewerOfRequest(request));
  }
}
