import { Controller, Get, Query } from '@nestjs/common';
import { analyticsCountsPageSchema, analyticsCountsQuerySchema, type AnalyticsCountsPage, type AnalyticsCountsQuery } from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { Access } from '../access/access.decorator.js';
import { AnalyticsCountsService } from './analytics-counts.service.js';

/** GET /rest/admin/analytics (docs/product/analytics.md): counts per event per day of a range; admins only. */
@Controller('rest/admin/analytics')
export class AnalyticsAdminController {
  constructor(private readonly counts: AnalyticsCountsService) {}

  @Access('admin')
  @Get()
  @ResponseSchema(analyticsCountsPageSchema)
  page(@Query(new ZodValidationPipe(analyticsCountsQuerySchema)) query: AnalyticsCountsQuery): Promise<AnalyticsCountsPage> {
    return this.counts.counts(query);
  }
}
