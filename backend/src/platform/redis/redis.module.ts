import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { ENVIRONMENT } from '../config/environment.provider.js';
import { BullJobQueue, JobQueue } from '../queue/job-queue.js';
import { createRedisConnection, queueKeyPrefix } from './redis-connection.js';

/** The shared Redis connection of a process. */
export const REDIS = Symbol('REDIS');

/** Redis and the job queue for the API and the worker; both close cleanly on shutdown. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [ENVIRONMENT], useFactory: (environment: Environment) => createRedisConnection(environment, 'serpwise-main') },
    {
      provide: JobQueue,
      inject: [ENVIRONMENT, REDIS],
      useFactory: (environment: Environment, redis: Redis) => new BullJobQueue(redis, queueKeyPrefix(environment.REDIS_PREFIX)),
    },
  ],
  exports: [REDIS, JobQueue],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly jobQueue: JobQueue,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobQueue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
