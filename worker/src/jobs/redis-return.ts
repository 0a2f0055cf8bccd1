import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Calls `then` each time the connection is ready again after it was lost (not at the first connect), and logs the
 * outage once each way instead of once per reconnect attempt.
 */
export function onRedisReturn(redis: Redis, logger: Logger, then: () => Promise<unknown>): void {
  let lost = false;
  // 'reconnecting', unlike 'close', is not emitted when the worker itself quits.
  redis.on('reconnecting', () => {
    if (!lost) logger.warn('Redis connection lost; jobs wait until it is back');
    lost = true;
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.info('Redis connection back; putting queued jobs and schedulers back');
    void then();
  });
}
