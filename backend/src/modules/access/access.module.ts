import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessAudit } from './access-audit.js';
import { AccessGuard } from './access.guard.js';

@Module({
  imports: [DiscoveryModule],
  providers: [AccessAudit, { provide: APP_GUARD, useClass: AccessGuard }],
})
export class AccessModule {}
