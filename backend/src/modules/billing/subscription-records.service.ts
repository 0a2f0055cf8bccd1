import { Injectable } from '@nestjs/common';
import { billingMessages, type SubscriptionSummary } from '@serpwise/contracts';
import { BillingRepository, UserRepository, type SubscriptionRecord, type UserRecord } from '@serpwise/database';
import { BillingRefusal } from './billing-refusal.js';
import { billingOf, planOf, statusOf } from './subscription-state.js';

/**
 * The owner's stored subscription: found (or refused with 404) and shown as its owner sees it, with the team's seat
 * count, the answer of every subscription call.
 */
@Injectable()
export class SubscriptionRecords {
  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UserRepository,
  ) {}

  async require(owner: UserRecord, productId?: number): Promise<SubscriptionRecord> {
    const subscription = await this.billing.findSubscription(owner.id);
    if (!subscription || (productId !== undefined && subscription.productId !== productId)) {
      throw new BillingRefusal(404, [productId === undefined ? billingMessages.noSubscription : billingMessages.subscriptionNotFound]);
    }
    return subscription;
  }

  async summary(subscription: SubscriptionRecord): Promise<SubscriptionSummary> {
    const plan = planOf(subscription);
    const status = statusOf(subscription);
    const teamMembers = (await this.users.listChildren(subscription.userId)).length;
    return {
      productId: subscription.productId,
      plan: plan.id,
      planName: plan.name,
      billing: billingOf(subscription),
      status,
      amountCents: subscription.amountCents,
      teamMembers,
      seatAmountCents: subscription.seatAmountCents,
      currentPeriodStart: subscription.currentPeriodStart.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      accessEndsAt: status === 'active' ? null : subscription.currentPeriodEnd.toISOString(),
      cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
      pausedAt: subscription.pausedAt?.toISOString() ?? null,
      couponCode: subscription.couponCode,
    };
  }

  /** The owner's subscription as it is stored now (after a change). */
  async current(owner: UserRecord): Promise<SubscriptionSummary> {
    return this.summary((await this.billing.findSubscription(owner.id))!);
  }
}
