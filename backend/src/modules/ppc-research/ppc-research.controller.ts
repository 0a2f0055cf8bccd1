import { BadRequestException, Controller, Get, Query, Req } from '@nestjs/common';
import { kombatSegments, paidSearchTypes, recommendationTypes } from '@serpwise/contracts';
import { adHistorySortNames, adTemplatesTable, advisorTable, normaliseHost, ppcCompetitorsTable, ppcKeywordsTable, ppcKombatTable, sortNames } from '@serpwise/research';
import { countryCodeSchema } from '@serpwise/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { PpcResearchService } from './ppc-research.service.js';
import { domainQuerySchema, historyMonthsSchema, keywordQuerySchema, tableSchema, viewerOfRequest } from './research-request.schemas.js';

const overviewSchema = z.object({ query: domainQuerySchema, countryCode: countryCodeSchema });
const competitorsSchema = tableSchema(sortNames(ppcCompetitorsTable), { query: domainQuerySchema });
const kombatSchema = tableSchema(sortNames(ppcKombatTable(3)), {
  query: domainQuerySchema,
  competitors: z
    .string({ error: 'competitors is required: one or two domains, separated by commas.' })
    .transform((text, context) => {
      const names = text.split(',').map((part) => part.trim()).filter(Boolean);
      const hosts = names.map((name) => normaliseHost(name.replace(/^https?:\/\//i, '').split('/')[0]!));
      const bad = names.find((_, index) => !hosts[index]);
      if (bad !== undefined) context.addIssue({ code: 'custom', message: `"${bad}" is not a domain name.` });
      else if (hosts.length < 1 || hosts.length > 2) context.addIssue({ code: 'custom', message: 'Kombat compares 2 or 3 domains: give one or two competitors.' });
      return hosts as string[];
    }),
  segment: z.enum(kombatSegments.paid, { message: `segment must be one of ${kombatSegments.paid.join(', ')}.` }).default('all'),
});
const keywordsSchema = tableSchema(sortNames(ppcKeywordsTable('mostsuccessful')), {
  query: domainQuerySchema,
  type: z.enum(paidSearchTypes, { message: `type must be one of ${paidSearchTypes.join(', ')}.` }).default('mostsuccessful'),
});
const adHistorySchema = tableSchema(adHistorySortNames.domain, { query: domainQuerySchema, months: historyMonthsSchema });
const advisorSchema = tableSchema(sortNames(advisorTable), {
  query: domainQuerySchema,
  type: z.enum(recommendationTypes, { message: `type must be one of ${recommendationTypes.join(', ')}.` }).default('buy'),
});
const adTemplatesSchema = tableSchema(sortNames(adTemplatesTable), { query: keywordQuerySchema });

/** PPC research tabs (01 §2 /ppc): overview, competitors, kombat, keywords, ad history, adwords advisor, ad templates. */
@Access('public')
@Controller('rest/research/ppc')
export class PpcResearchController {
  constructor(private readonly ppc: PpcResearchService) {}

  @Get('overview')
  overview(@Req() request: Request, @Query(new ZodValidationPipe(overviewSchema)) input: z.infer<typeof overviewSchema>) {
    return this.ppc.overview(input.query, input.countryCode, viewerOfRequest(request));
  }

  @Get('competitors')
  competitors(@Req() request: Request, @Query(new ZodValidationPipe(competitorsSchema)) input: z.infer<typeof competitorsSchema>) {
    return this.ppc.competitors(input.query, input, viewerOfRequest(request));
  }

  @Get('kombat')
  kombat(@Req() request: Request, @Query(new ZodValidationPipe(kombatSchema)) input: z.infer<typeof kombatSchema>) {
    const domains = [input.query, ...input.competitors];
    if (new Set(domains).size !== domains.length) throw new BadRequestException({ statusCode: 400, message: 'Kombat needs 2 or 3 different domains.' });
    return this.ppc.kombat(domains, input.segment, input, viewerOfRequest(request));
  }

  @Get('keywords')
  keywords(@Req() request: Request, @Query(new ZodValidationPipe(keywordsSchema)) input: z.infer<typeof keywordsSchema>) {
    return this.ppc.keywords(input.query, input.type, input, viewerOfRequest(request));
  }

  @Get('ad-history')
  adHistory(@Req() request: Request, @Query(new ZodValidationPipe(adHistorySchema)) input: z.infer<typeof adHistorySchema>) {
    return this.ppc.adHistory(input.query, input.months, input, viewerOfRequest(request));
  }

  @Get('adwords-advisor')
  advisor(@Req() request: Request, @Query(new ZodValidationPipe(advisorSchema)) input: z.infer<typeof advisorSchema>) {
    return this.ppc.advisor(input.query, input.type, input, viewerOfRequest(request));
  }

  @Get('ad-templates')
  adTemplates(@Req() request: Request, @Query(new ZodValidationPipe(adTemplatesSchema)) input: z.infer<typeof adTemplatesSchema>) {
    return this.ppc.adTemplates(input.query, input, viewerOfRequest(request));
  }
}
