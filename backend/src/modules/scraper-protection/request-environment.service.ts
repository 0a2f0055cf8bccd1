import { Inject, Injectable } from '@nestjs/common';
import { sessionCookieName, type Environment, type EnvironmentState } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import type { Request } from 'express';
import { sessionOf } from '../sessions/request-session.js';
import { BotCheck } from './bot-check.service.js';
import { countryCodeOf, isBotUserAgent, isMobileUserAgent } from './request-environment.js';
import { scraperSeedOf } from './scraper-token.js';

/** What getactivestate says about the request itself: the environment flags and the scraper token's seed. */
@Injectable()
export class RequestEnvironment {
  constructor(
    private readonly bots: BotCheck,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async of(request: Request): Promise<EnvironmentState> {
    const userAgent = request.get('user-agent');
    const countryHeader = this.environment.COUNTRY_HEADER;
    return {
      countryCode: countryCodeOf({ country: countryHeader ? request.get(countryHeader) : undefined, acceptLanguage: request.get('accept-language') }),
      currency: '$',
      isMobile: isMobileUserAgent(userAgent),
      isBot: isBotUserAgent(userAgent),
      isSuspectedScraper: await this.bots.isSuspected(request),
    };
  }

  /** The seed cookie's value for this request's session, or null (tokens off, or no session to derive it from). */
  scraperSeed(request: Request): string | null {
    if (!this.environment.SCRAPER_TOKEN_ENABLED || !sessionOf(request)) return null;
    const token = (request.cookies as Record<string, string> | undefined)?.[sessionCookieName];
    return token ? scraperSeedOf(token) : null;
  }
}
