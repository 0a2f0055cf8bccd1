import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { createMetricsRegistry } from '@serpwise/platform';
import { HealthController } from './health.controller.js';
import { HttpMetricsMiddleware, METRICS_REGISTRY } from './http-metrics.middleware.js';
import { ResearchModule } from '../research/research.module.js';

@Module({
  imports: [ResearchModule],
  controllers: [HealthController],
  providers: [{ provide: METRICS_REGISTRY, useFactory: () => createMetricsRegistry('backend') }],
  exports: [METRICS_REGISTRY],
})
export class HealthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }
}
