import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { bulkKeywordPageSchema, keywordOverviewAnswerSchema, keywordsOfText, normaliseKeyword } from '@serpwise/contracts';
import { bulkKeywordLimit, bulkKeywordsTable, keywordOverviewSchema as overviewSchema, maxKeywordLength, sortNames, tableSchema } from '@serpwise/research';
import type { Request } from 'express';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { viewerOfRequest } from '../research/viewer-of-request.js';
import { KeywordResearchService } from './keyword-research.service.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

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

/**
 * Keyword research tabs (docs/product/site.md §2 /keyword): the overview and the bulk upload; the tabs that are
 * catalogue tables (related keywords, ad history, ranking history, SERP analysis, backlinks, adwords advisor) are
 * answered by ResearchTablesController.
 */
@Access('public')
@Controller('rest/research/keyword')
export class KeywordResearchController {
  constructor(private readonly keywords: KeywordResearchService) {}

  @Get('overview')
  @ResponseSchema(keywordOverviewAnswerSchema)
  overview(@Req() request: Request, @Query(new ZodValidationPipe(overviewSchema)) input: z.infer<typeof overviewSchema>) {
    return this.keywords.overview(input.query, input, viewerOfRequest(request));
  }

  @Post('bulk')
  @HttpCode(200)
  @ResponseSchema(bulkKeywordPageSchema)
  bulk(@Req() request: Request, @Body(new ZodValidationPipe(bulkSchema)) input: z.infer<typeof bulkSchema>) {
    return this.keywords.bulk(input.keywords, input, viewerOfRequest(request));
  }

}
