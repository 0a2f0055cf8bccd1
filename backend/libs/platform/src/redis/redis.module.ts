import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { ENVIRONMENT } from '../config/environment.provider.js';
import { BullJobQueue, JobQueue } from '../queue/job-queue.js';
import { JobStarter } from '../queue/job-starter.js';
import { createFailFastRedisConnection, queueKeyPrefix, redisReady } from './redis-connection.js';

/**
 * The API's shared Redis connection (rate limits, queueing jobs, download-link secret, admin views): fail-fast, so a
 * request answers 503 at once while Redis is away. The application starts once it is ready.
 */
export const REDIS = Symbol('REDIS');

/** Redis, the job queue and the job starter for the API and the worker; Redis and the queue close cleanly on shutdown. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ENVIRONMENT],
      useFactory: async (environment: Environment) => {
        const redis = createFailFastRedisConnection(environment, 'serpwise-main');
        // One line when Redis goes away and one when it is back, not one per reconnect attempt.
        const logger = new Logger('Redis');
        let up = false;
        redis.on('error', (error: Error) => {
          if (up) logger.warn(`Redis connection lost (requests needing it answer 503 until it is back): ${error.message}`);
          up = false;
        });
        redis.on('ready', () => {
          if (!up) logger.log('Redis connection ready');
          up = true;
        });
        await redisReady(redis);
        return redis;
      },
    },
    {
      provide: JobQueue,
      inject: [ENVIRONMENT, REDIS],
      useFactory: (environment: Environment, redis: Redis) => new BullJobQueue(redis, queueKeyPrefix(environment.REDIS_PREFIX)),
    },
    JobStarter,
  ],
  exports: [REDIS, JobQueue, JobStarter],
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
