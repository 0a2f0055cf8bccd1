import { Global, Logger, Module } from '@nestjs/common';
import { analyticsQueue } from '@serpwise/contracts';
import { AnalyticsEventRepository } from '@serpwise/database';
import { AnalyticsRecorder, JobQueue, REDIS, repositoryProviders } from '@serpwise/platform';
import type { Redis } from 'ioredis';
import { AnalyticsAdminController } from './analytics-admin.controller.js';
import { AnalyticsCountsService } from './analytics-counts.service.js';

/**
 * Analytics events (issue 25 point 3, docs/product/analytics.md): the recorder every module records its users'
 * actions through (global, so a module needs no import for it), and the admin page's counts, GET /rest/admin/analytics.
 */
@Global()
@Module({
  controllers: [AnalyticsAdminController],
  providers: [
    {
      provide: AnalyticsRecorder,
      inject: [JobQueue, REDIS],
      useFactory: (queue: JobQueue, redis: Redis) => {
        const logger = new Logger('Analytics');
        return new AnalyticsRecorder(() => queue.queue(analyticsQueue), { warn: (details, message) => logger.warn(`${message}: ${JSON.stringify(details, errorText)}`) }, () => redis.status === 'ready');
      },
    },
    AnalyticsCountsService,
    ...repositoryProviders(AnalyticsEventRepository),
  ],
  exports: [AnalyticsRecorder],
})
export class AnalyticsModule {}

/** Errors as their message in a log line. */
const errorText = (_key: string, value: unknown) => (value instanceof Error ? value.message : value);
