import { ForbiddenException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import {
  botCheckMessage,
  isResearchCallPath,
  scraperDateHeader,
  scraperInfoHeader,
  scraperInfoRefetch,
  scraperTokenHeader,
  scraperTokenMessage,
  sessionCookieName,
  slowScrapingHref,
  waitInWords,
  type Environment,
} from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import type { Request, Response } from 'express';
import { LimitExceeded } from '../limits/limit-exceeded.js';
import { sessionOf } from '../sessions/request-session.js';
import { BotCheck } from './bot-check.service.js';
import { verifyScraperToken } from './scraper-token.js';

/**
 * Scraper protection on the research calls (docs/product/site.md §4, §7):
 * - the bot check: a client faster than a person gets 429, Retry-After and the slow-the-scraping path (`reason=bot`);
 * - with SCRAPER_TOKEN_ENABLED, the hash token: a call without a valid one gets 403 with the header `info: 2`, on
 *   which the web refetches the tracking state (getactivestate sets the seed cookie) and repeats the call once.
 * A guard, not a middleware, so the session is known.
 */
@Injectable()
export class ScraperProtectionGuard implements CanActivate {
  constructor(
    private readonly bots: BotCheck,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!isResearchCallPath(request.path)) return true;

    const suspicion = await this.bots.count(request);
    if (suspicion) {
      const seconds = suspicion.retryAfterSeconds;
      throw new LimitExceeded(botCheckMessage(waitInWords(seconds)), seconds, { slowScrapingPath: slowScrapingHref(seconds, 'bot') });
    }

    if (this.environment.SCRAPER_TOKEN_ENABLED) {
      const verdict = verifyScraperToken({
        // Only a session the server knows: a made-up cookie has no seed to match.
        sessionToken: sessionOf(request) ? (request.cookies as Record<string, string> | undefined)?.[sessionCookieName] : undefined,
        token: request.get(scraperTokenHeader),
        date: request.get(scraperDateHeader),
        now: Date.now(),
        maxAgeSeconds: this.environment.SCRAPER_TOKEN_MAX_AGE_SECONDS,
      });
      if (verdict !== 'valid') {
        context.switchToHttp().getResponse<Response>().setHeader(scraperInfoHeader, scraperInfoRefetch);
        throw new ForbiddenException({ statusCode: 403, message: scraperTokenMessage, errors: [scraperTokenMessage], data: { info: 2, reason: verdict } });
      }
    }
    return true;
  }
}
