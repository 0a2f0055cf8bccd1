import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { isResearchCallPath, researchLimitMessage, slowScrapingHref, waitInWords } from '@serpwise/contracts';
import type { Request } from 'express';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';
import { LimitExceeded } from './limit-exceeded.js';
import { Limits } from './limits.service.js';

/** The research calls a scraper would repeat: the research tables and the query lookup. */
export const isResearchCall = isResearchCallPath;

/**
 * Per-minute limit on research calls for visitors (by address) and free users (by account), answered with 429,
 * Retry-After and the 'slow the scraping' path the web sends them to (docs/product/site.md §4). Full plans pass.
 * A guard, not a middleware, so the session (and with it the plan) is known.
 */
@Injectable()
export class ResearchLimitGuard implements CanActivate {
  constructor(private readonly limits: Limits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!isResearchCall(request.path)) return true;
    const identity = identityOf(request);
    const rule = this.limits.rules.research(viewerOf(identity));
    if (!rule) return true;
    const key = identity ? identity.user.id : (request.ip ?? 'unknown');
    const decision = await this.limits.consume(rule, key);
    if (decision.allowed) return true;
    const seconds = decision.retryAfterSeconds;
    throw new LimitExceeded(researchLimitMessage(waitInWords(seconds)), seconds, { slowScrapingPath: slowScrapingHref(seconds) });
  }
}
