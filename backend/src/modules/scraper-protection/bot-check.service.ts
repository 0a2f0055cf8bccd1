import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import type { Request } from 'express';
import { Limits } from '../limits/limits.service.js';
import { sessionOf } from '../sessions/request-session.js';

/** A client the bot check holds back, and for how long. */
export interface BotSuspicion {
  retryAfterSeconds: number;
}

/**
 * The rate-based bot check (docs/product/site.md §4): research calls per few seconds, counted per session and per
 * address (the client address Express gives under TRUST_PROXY), so dropping the cookie does not reset it. A client
 * past either count is held for BOT_CHECK_SLOWDOWN_SECONDS. The allowed percentage of bots (BOT_CHECK_ALLOWED_PERCENT)
 * lets that share of suspected clients through, chosen by a stable hash of the client so the same ones pass each time.
 */
@Injectable()
export class BotCheck {
  constructor(
    private readonly limits: Limits,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Counts one research call; the suspicion when the client is (now) faster than a person and not let through. */
  async count(request: Request): Promise<BotSuspicion | null> {
    let held: number | null = null;
    for (const [by, key] of this.keysOf(request)) {
      const decision = await this.limits.consume(this.limits.rules.botCheck(by), key);
      if (!decision.allowed) held = Math.max(held ?? 0, decision.retryAfterSeconds);
    }
    if (held === null || this.allowedAnyway(request)) return null;
    return { retryAfterSeconds: held };
  }

  /** Whether the session or the address is held right now (the environment's isSuspectedScraper); counts nothing. */
  async isSuspected(request: Request): Promise<boolean> {
    for (const [by, key] of this.keysOf(request)) {
      const rule = this.limits.rules.botCheck(by);
      if ((await this.limits.consumed(rule, key)) > rule.points) return true;
    }
    return false;
  }

  private keysOf(request: Request): Array<['session' | 'address', string]> {
    const session = sessionOf(request);
    const keys: Array<['session' | 'address', string]> = [['address', request.ip ?? 'unknown']];
    if (session) keys.push(['session', session.id]);
    return keys;
  }

  private allowedAnyway(request: Request): boolean {
    const percent = this.environment.BOT_CHECK_ALLOWED_PERCENT;
    if (percent <= 0) return false;
    if (percent >= 100) return true;
    const client = sessionOf(request)?.id ?? request.ip ?? 'unknown';
    return createHash('sha256').update(client).digest().readUInt16BE(0) % 100 < percent;
  }
}
