import { Inject, Injectable } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { ENVIRONMENT } from '../../platform/config/environment.provider.js';
import { REDIS } from '../../platform/redis/redis.module.js';

export interface RateWindow {
  /** What is counted, e.g. 'login-failure'. */
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counters in Redis, shared by every API node. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  private keyOf(window: RateWindow) {
    return `${this.environment.REDIS_PREFIX}:ratelimit:${window.bucket}:${window.key}`;
  }

  /** Seconds until the window reopens when it is full, else null. */
  async blockedFor(window: RateWindow): Promise<number | null> {
    const key = this.keyOf(window);
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    if (Number(count ?? 0) < window.limit) return null;
    return ttl > 0 ? ttl : window.windowSeconds;
  }

  /** Counts one event in the window. */
  async hit(window: RateWindow): Promise<void> {
    const key = this.keyOf(window);
    const count = await this.redis.incr(key);
    if (count === 1) await this.redis.expire(key, window.windowSeconds);
  }

  async reset(window: RateWindow): Promise<void> {
    await this.redis.del(this.keyOf(window));
  }
}
