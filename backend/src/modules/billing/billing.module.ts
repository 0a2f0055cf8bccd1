import { Module } from '@nestjs/common';
import { BillingRepository } from '@serpwise/database';
import { PaymentGateway, repositoryProviders, SandboxPaymentGateway } from '@serpwise/platform';
import { AuthModule } from '../auth/auth.module.js';
import { AccountBillingController } from './account-billing.controller.js';
import { BillingController } from './billing.controller.js';
import { Charges } from './charges.service.js';
import { PaymentCardService } from './payment-card.service.js';
import { Purchases } from './purchases.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionRecords } from './subscription-records.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { TeamController } from './team.controller.js';
import { TeamService } from './team.service.js';

/**
 * Billing and team, one provider per concern: the payment card, charges (each leaves a receipt), purchases (every
 * start of a paid period), the subscription's life (pause, cancel, take back), receipts, and child accounts. The PaymentGateway port is
 * the sandbox by default; a deployment with a real processor provides another implementation here.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountBillingController, BillingController, TeamController],
  providers: [
    ...repositoryProviders(BillingRepository),
    { provide: PaymentGateway, useClass: SandboxPaymentGateway },
    Charges,
    PaymentCardService,
    SubscriptionRecords,
    Purchases,
    SubscriptionsService,
    ReceiptsService,
    TeamService,
  ],
  exports: [PaymentGateway],
})
export class BillingModule {}
