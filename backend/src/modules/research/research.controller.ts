import { Controller, Get, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  countryCodeSchema,
  domainOverviewAnswerSchema,
  footprintStatsSchema,
  hostOfText,
  normaliseKeyword,
  subjectMonthsAnswerSchema,
} from '@serpwise/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ResearchService } from './research.service.js';
import { Access } from '../access/access.decorator.js';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

const domainSchema = z.string({ error: 'domain is required.' }).transform((text, context) => {
  const host = hostOfText(text);
  if (host) return host;
  context.addIssue({ code: 'custom', message: `"${text}" is not a domain name.` });
  return z.NEVER;
});
const domainOverviewSchema = z.object({ domain: domainSchema, countryCode: countryCodeSchema });
const subjectMonthsSchema = z
  .object({
    domain: domainSchema.optional(),
    keyword: z.string().max(2000, 'The keyword is at most 2000 characters.').transform(normaliseKeyword).optional(),
    countryCode: countryCodeSchema,
  })
  .refine((query) => (query.domain === undefined) !== (query.keyword === undefined), { message: 'Give either domain or keyword.' });

@Access('public')
@Controller('rest/research')
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  /** docs/product/site.md §3 footprint stats, plus latestMonth and isDemoData (the UI says when it shows the demo market). */
  @Get('footprint')
  @ResponseSchema(footprintStatsSchema)
  footprint() {
    return this.research.footprint();
  }

  /** The domain overview: newest month and monthly history (clicks, keywords, position). */
  @Get('domain-overview')
  @ResponseSchema(domainOverviewAnswerSchema)
  domainOverview(@Query(new ZodValidationPipe(domainOverviewSchema)) query: z.infer<typeof domainOverviewSchema>, @Req() request: Request) {
    return this.research.domainOverview(query.domain, query.countryCode, viewerOf(identityOf(request)));
  }

  /** The months a domain or keyword has data for, as the viewer sees them, and which of their own imports are behind each. */
  @Get('months')
  @ResponseSchema(subjectMonthsAnswerSchema)
  subjectMonths(@Query(new ZodValidationPipe(subjectMonthsSchema)) query: z.infer<typeof subjectMonthsSchema>) {
    return this.research.subjectMonths({ territory: query.countryCode, ...(query.domain !== undefined ? { domain: query.domain } : { keyword: query.keyword! }) });
  }
}
