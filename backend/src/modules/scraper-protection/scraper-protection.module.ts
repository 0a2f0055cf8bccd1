import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BotCheck } from './bot-check.service.js';
import { RequestEnvironment } from './request-environment.service.js';
import { ScraperProtectionGuard } from './scraper-protection.guard.js';

/** Scraper protection (issue 25 point 4): the bot check, the hash tokens of research calls, the request's environment. */
@Global()
@Module({
  providers: [BotCheck, RequestEnvironment, { provide: APP_GUARD, useClass: ScraperProtectionGuard }],
  exports: [BotCheck, RequestEnvironment],
})
export class ScraperProtectionModule {}
