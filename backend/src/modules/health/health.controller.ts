import { Controller, Get, Inject, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { redisCheck, runHealthChecks } from '../../platform/health/health-checks.js';
import { REDIS } from '../../platform/redis/redis.module.js';
import { METRICS_REGISTRY } from './http-metrics.middleware.js';
import { Access } from '../access/access.decorator.js';

@Access('public')
@Controller()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 with the failing check otherwise. */
  @Get('healthz')
  async health(@Res() response: Response): Promise<void> {
    const report = await runHealthChecks({
      database: () => this.em.execute('select 1'),
      redis: redisCheck(this.redis),
    });
    response.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /** Prometheus scrape endpoint. */
  @Get('metrics')
  async metrics(@Res() response: Response): Promise<void> {
    response.type(this.registry.contentType).send(await this.registry.metrics());
  }
}
