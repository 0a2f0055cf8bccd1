import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { createMetricsRegistry } from '@serpwise/platform';
import { HealthController } from './health.controller.js';
import { HttpMetricsMiddleware, METRICS_REGISTRY } from './http-metrics.middleware.js';

@Module({
  controllers: [HealthController],
  providers: [{ provide: METRICS_REGISTRY, useFactory: () => createMetricsRegistry('backend') }],
  exports: [METRICS_REGISTRY],
})
export class HealthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }
}
