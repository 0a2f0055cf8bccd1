import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

/** Request durations by method, matched route and status, for the /metrics endpoint. */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry) {
    this.durations =
      (registry.getSingleMetric('serpwise_http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'> | undefined) ??
      new Histogram({
        name: 'serpwise_http_request_duration_seconds',
        help: 'HTTP request duration by method, route and status',
        labelNames: ['method', 'route', 'status'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers: [registry],
      });
  }

  use(request: Request, response: Response, next: NextFunction): void {
    const stop = this.durations.startTimer();
    response.on('finish', () => {
      // The matched route pattern, never the raw path: raw paths would make one series per URL.
      const route = (request.route as { path?: string } | undefined)?.path ?? (response.statusCode === 404 ? 'unmatched' : 'static');
      stop({ method: request.method, route: String(route), status: String(response.statusCode) });
    });
    next();
  }
}
