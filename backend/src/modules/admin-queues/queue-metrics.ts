import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import { ENVIRONMENT, JobQueue, readWorkerHeartbeats, REDIS } from '@serpwise/platform';
import { METRICS_REGISTRY } from '../health/http-metrics.middleware.js';
import { adminQueueNames, countsOf } from './admin-queues.service.js';

/**
 * Queue gauges on the API's /metrics, read from Redis at scrape time (issue 7). Run times, outcomes and wait
 * times are counted where jobs run: the worker's /metrics (serpwise_job_*). Alerts: docs/operations.md.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    private readonly queues: JobQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  onModuleInit(): void {
    const queues = this.queues;
    const redis = this.redis;
    const prefix = this.environment.REDIS_PREFIX;
    new Gauge({
      name: 'serpwise_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, completed, failed, delayed, paused)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const name of adminQueueNames()) {
          const queue = queues.queue(name);
          const [raw, paused] = await Promise.all([queue.getJobCounts('waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'), queue.isPaused()]);
          for (const [state, value] of Object.entries(countsOf(raw, paused))) this.set({ queue: name, state }, value);
        }
      },
    });
    new Gauge({
      name: 'serpwise_queue_paused',
      help: '1 while a queue is paused',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        for (const name of adminQueueNames()) this.set({ queue: name }, (await queues.queue(name).isPaused()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'serpwise_workers_alive',
      help: 'Worker processes with a live heartbeat',
      registers: [this.registry],
      async collect() {
        this.set((await readWorkerHeartbeats(redis, prefix)).length);
      },
    });
  }
}
