import { Redis } from 'ioredis';
import type { Environment } from '@serpwise/contracts';

/**
 * A new ioredis connection for background work (the worker, BullMQ workers and listeners, the Socket.IO adapter).
 * BullMQ needs maxRetriesPerRequest null (a blocked worker must wait, not throw), and offline commands stay queued
 * so a Redis restart delays work instead of losing it. Never use it on a request path: there a command waits for
 * as long as Redis is away (a login took 20 s); use createFailFastRedisConnection.
 */
export function createRedisConnection(environment: Pick<Environment, 'REDIS_URL'>, name: string): Redis {
  return new Redis(environment.REDIS_URL, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
}

/**
 * A new ioredis connection for request paths: while Redis is away a command fails at once instead of waiting in
 * the offline queue (no offline queue; a command in flight when the connection drops is not retried; a command
 * unanswered after REDIS_REQUEST_TIMEOUT_MS, 1.5 s by default, gives up), so the request answers 503 at once
 * (backend/src/common/service-unavailable.ts). It reconnects by itself, within 2 s of Redis answering again.
 */
export function createFailFastRedisConnection(environment: Pick<Environment, 'REDIS_URL' | 'REDIS_REQUEST_TIMEOUT_MS'>, name: string): Redis {
  return new Redis(environment.REDIS_URL, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: environment.REDIS_REQUEST_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

/** Resolves when the connection is ready (a fail-fast connection refuses commands before that). */
export function redisReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => redis.once('ready', () => resolve()));
}

/** Thrown instead of waiting when a fail-fast Redis connection is down; answered as 503 (backend/src/common/service-unavailable.ts). */
export class RedisUnavailableError extends Error {
  constructor(detail: string, options?: ErrorOptions) {
    super(`Redis is not answering: ${detail}`, options);
    this.name = 'RedisUnavailableError';
  }
}

/** Key prefix of the Socket.IO Redis adapter and emitter channels, under the instance's REDIS_PREFIX. */
export const socketChannelKey = (prefix: string) => `${prefix}:socket.io`;
/** Key prefix of the BullMQ queues. */
export const queueKeyPrefix = (prefix: string) => `${prefix}:bull`;
