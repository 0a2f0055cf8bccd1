import { Controller, Get, Query } from '@nestjs/common';
import { countryCodeSchema, hostOfText } from '@serpwise/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ResearchService } from './research.service.js';
import { Access } from '../access/access.decorator.js';

const domainSchema = z.string({ error: 'domain is required.' }).transform((text, context) => {
  const host = hostOfText(text);
  if (host) return host;
  context.addIssue({ code: 'custom', message: `"${text}" is not a domain name.` });
  return z.NEVER;
});
const domainOverviewSchema = z.object({ domain: domainSchema, countryCode: countryCodeSchema });

@Access('public')
@Controller('rest/research')
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  /** docs/product/site.md §3 footprint stats, plus latestMonth and isDemoData (the UI says when it shows the demo market). */
  @Get('footprint')
  footprint() {
    return this.research.footprint();
  }

  /** The domain overview: newest month and monthly history (clicks, keywords, position). */
  @Get('domain-overview')
  domainOverview(@Query(new ZodValidationPipe(domainOverviewSchema)) query: z.infer<typeof domainOverviewSchema>) {
    return this.research.domainOverview(query.domain, query.countryCode);
  }
}
