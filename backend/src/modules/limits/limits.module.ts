import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ResearchLimitGuard } from './research-limit.guard.js';
import { Limits } from './limits.service.js';

/** The install's limits (issue 16): one Limits service for every module that counts something. */
@Global()
@Module({
  providers: [Limits, { provide: APP_GUARD, useClass: ResearchLimitGuard }],
  exports: [Limits],
})
export class LimitsModule {}
