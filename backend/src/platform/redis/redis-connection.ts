import { Redis } from 'ioredis';
import type { Environment } from '@serpwise/contracts';

/**
 * A new ioredis connection. BullMQ needs maxRetriesPerRequest null (a blocked worker must wait, not throw),
 * and offline commands stay queued so a Redis restart delays work instead of losing it.
 */
export function createRedisConnection(environment: Pick<Environment, 'REDIS_URL'>, name: string): Redis {
  return new Redis(environment.REDIS_URL, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
}

/** Key prefix of the Socket.IO Redis adapter and emitter channels, under the instance's REDIS_PREFIX. */
export const socketChannelKey = (prefix: string) => `${prefix}:socket.io`;
/** Key prefix of the BullMQ queues. */
export const queueKeyPrefix = (prefix: string) => `${prefix}:bull`;
