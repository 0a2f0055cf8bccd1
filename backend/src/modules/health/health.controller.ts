import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Environment } from '@serpwise/contracts';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { ENVIRONMENT, metricsAccess, metricsRefusal, REDIS, redisCheck, runHealthChecks } from '@serpwise/platform';
import { METRICS_REGISTRY } from './http-metrics.middleware.js';
import { Access } from '../access/access.decorator.js';
import { PREPARED_WAREHOUSE_SQL, type PreparedWarehousePool } from '../research/prepared-warehouse-sql.provider.js';

@Access('public')
@Controller()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @Inject(PREPARED_WAREHOUSE_SQL) private readonly research: PreparedWarehousePool,
  ) {}

  /**
   * 200 when PostgreSQL, Redis and (with DATABASE_READ_URL) the read replica answer, 503 with the failing check
   * otherwise: a node whose research reads cannot reach their replica cannot serve the research pages.
   */
  @Get('healthz')
  async health(@Res() response: Response): Promise<void> {
    const report = await runHealthChecks({
      database: () => this.em.execute('select 1'),
      redis: redisCheck(this.redis),
      ...(this.environment.DATABASE_READ_URL ? { replica: () => this.research.ping() } : {}),
    });
    response.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /** Prometheus scrape endpoint: only with the bearer token of METRICS_TOKEN (metrics-access.ts). */
  @Get('metrics')
  async metrics(@Req() request: Request, @Res() response: Response): Promise<void> {
    const access = metricsAccess(this.environment.METRICS_TOKEN, request.get('authorization'));
    if (access !== 'allowed') {
      const refusal = metricsRefusal(access, request.method);
      response.status(refusal.status).set(refusal.headers).send(refusal.body);
      return;
    }
    response.type(this.registry.contentType).send(await this.registry.metrics());
  }
}
