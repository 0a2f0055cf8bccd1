import { Module } from '@nestjs/common';
import { BillingRepository } from '@serpwise/database';
import { PaymentGateway, repositoryProviders, SandboxPaymentGateway } from '@serpwise/platform';
import { AuthModule } from '../auth/auth.module.js';
import { AccountBillingController } from './account-billing.controller.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { TeamController } from './team.controller.js';
import { TeamService } from './team.service.js';

/**
 * Billing and team: payment card, purchase, subscription, receipts, child accounts. The PaymentGateway port is
 * the sandbox by default; a deployment with a real processor provides another implementation here.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountBillingController, BillingController, TeamController],
  providers: [
    ...repositoryProviders(BillingRepository),
    { provide: PaymentGateway, useClass: SandboxPaymentGateway },
    BillingService,
    TeamService,
  ],
  exports: [BillingService, PaymentGateway],
})
export class BillingModule {}
