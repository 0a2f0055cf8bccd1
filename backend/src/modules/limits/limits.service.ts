import { Inject, Injectable } from '@nestjs/common';
import { waitInWords, type Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENVIRONMENT, REDIS, RedisUnavailableError } from '@serpwise/platform';
import { LimitExceeded } from './limit-exceeded.js';
import { limitRules, type LimitRules } from './limit-rules.js';

/** One counted limit: what is counted (its Redis key family), how much is allowed, over how long. */
export interface LimitRule {
  /** e.g. 'login-failure', 'import-bytes-day'. */
  name: string;
  points: number;
  windowSeconds: number;
  /** Once over, refused for this long (rate-limiter-flexible's blockDuration) instead of until the window ends. */
  blockSeconds?: number;
}

export type LimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * The install's limits, counted in Redis by rate-limiter-flexible: each consume is one Lua script (increment and
 * expiry together), so parallel requests can never both read "9 of 10" and both pass — the count decides.
 * Every API node shares the counts.
 */
@Injectable()
export class Limits {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  /** The configured rules (limit-rules.ts). */
  readonly rules: LimitRules;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    this.rules = limitRules(environment);
  }

  /** Counts `points` against `key`; refused when the window's total would pass the rule's points. */
  async consume(rule: LimitRule, key: string, points = 1): Promise<LimitDecision> {
    try {
      const result = await this.limiterOf(rule).consume(key, points);
      return { allowed: true, remaining: result.remainingPoints };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw unavailable(rejection);
    }
  }

  /** Consumes, or refuses with 429 and the sentence `message(limit, wait)` (LimitExceeded). */
  async enforce(rule: LimitRule, key: string, message: (limit: number, wait: string) => string, points = 1): Promise<void> {
    const decision = await this.consume(rule, key, points);
    if (!decision.allowed) {
      await this.refund(rule, key, points);
      throw new LimitExceeded(message(rule.points, waitInWords(decision.retryAfterSeconds)), decision.retryAfterSeconds);
    }
  }

  /** Gives points back: a refused or failed action should not use up the allowance (a refused consume counted too). */
  async refund(rule: LimitRule, key: string, points = 1): Promise<void> {
    await this.limiterOf(rule).reward(key, points).catch(() => undefined);
  }

  /** What is left of the window now (the whole allowance when nothing was counted yet). */
  async remaining(rule: LimitRule, key: string): Promise<number> {
    try {
      const result = await this.limiterOf(rule).get(key);
      return result ? Math.max(0, rule.points - result.consumedPoints) : rule.points;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Points counted against `key` in its current window (0 when none). */
  async consumed(rule: LimitRule, key: string): Promise<number> {
    try {
      return (await this.limiterOf(rule).get(key))?.consumedPoints ?? 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Seconds until a full window opens again, else null (nothing consumed or points left). */
  async blockedFor(rule: LimitRule, key: string): Promise<number | null> {
    try {
      const result = await this.limiterOf(rule).get(key);
      if (!result || result.consumedPoints < rule.points) return null;
      return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Seconds until the window that counts `key` starts afresh (a whole window when nothing is counted yet). */
  async resetsIn(rule: LimitRule, key: string): Promise<number> {
    try {
      const result = await this.limiterOf(rule).get(key);
      return result ? Math.max(1, Math.ceil(result.msBeforeNext / 1000)) : rule.windowSeconds;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async reset(rule: LimitRule, key: string): Promise<void> {
    await this.limiterOf(rule).delete(key);
  }

  private limiterOf(rule: LimitRule): RateLimiterRedis {
    const id = `${rule.name}|${rule.points}|${rule.windowSeconds}|${rule.blockSeconds ?? 0}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.environment.REDIS_PREFIX}:limit:${rule.name}`,
        points: rule.points,
        duration: rule.windowSeconds,
        ...(rule.blockSeconds ? { blockDuration: rule.blockSeconds } : {}),
        // Redis down: answer at once (503) instead of waiting in ioredis' offline queue.
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** Redis out of reach: the error filter answers it like every Redis outage (503, its sentence, Retry-After). */
function unavailable(cause: unknown): RedisUnavailableError {
  return new RedisUnavailableError(cause instanceof Error ? cause.message : 'the limits could not be counted', { cause });
}
