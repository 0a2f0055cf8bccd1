import { Injectable } from '@nestjs/common';
import { billingMessages, findCoupon, plans, type AnalyticsPlanLabel, type PlanId, type SubscriptionSummary } from '@serpwise/contracts';
import { AnalyticsRecorder } from '@serpwise/platform';
import { BillingRepository, UserRepository, type SubscriptionRecord, type UserRecord } from '@serpwise/database';
import { planEndsAtAttribute } from '@serpwise/domain';
import { BillingRefusal } from './billing-refusal.js';
import { Purchases } from './purchases.service.js';
import { statusOf } from './subscription-state.js';
import { SubscriptionRecords } from './subscription-records.service.js';

/**
 * The life of a subscription after its purchase: pause, cancel and take either back. Stopping keeps the full plan
 * until the paid period ends (the end goes into the owner's planEndsAt attribute, @serpwise/domain plan-access.ts);
 * resuming after that end starts a new paid period (Purchases.restart).
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UserRepository,
    private readonly subscriptions: SubscriptionRecords,
    private readonly purchases: Purchases,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async list(owner: UserRecord): Promise<SubscriptionSummary[]> {
    const subscription = await this.billing.findSubscription(owner.id);
    return subscription ? [await this.subscriptions.summary(subscription)] : [];
  }

  /** Pausing stops the renewal; access lasts until the paid period ends. */
  async pause(owner: UserRecord, productId: number) {
    const subscription = await this.subscriptions.require(owner, productId);
    if (statusOf(subscription) !== 'active') throw new BillingRefusal(409, [billingMessages.notActive]);
    return this.stopAtPeriodEnd(owner, subscription, 'paused');
  }

  /** Unpausing inside the paid period just resumes; after it, a new period is charged to the stored card. */
  async unpause(owner: UserRecord, productId: number) {
    const subscription = await this.subscriptions.require(owner, productId);
    const status = statusOf(subscription);
    if (subscription.status !== 'paused') throw new BillingRefusal(409, [billingMessages.notPaused]);
    if (status === 'paused') return this.resume(owner, subscription);
    return this.purchases.restart(owner, subscription, null);
  }

  /** Cancelling takes effect at the end of the paid period. */
  async cancel(owner: UserRecord, productId: number) {
    const subscription = await this.subscriptions.require(owner, productId);
    if (statusOf(subscription) !== 'active' && statusOf(subscription) !== 'paused') throw new BillingRefusal(409, [billingMessages.notActive]);
    const cancelled = await this.stopAtPeriodEnd(owner, subscription, 'cancelled');
    this.analytics.record('Acct_Cancelled', (plans[subscription.plan as PlanId]?.name ?? 'Other') as AnalyticsPlanLabel);
    return cancelled;
  }

  /** Takes a cancellation back while the paid period lasts. */
  async uncancel(owner: UserRecord, productId: number) {
    const subscription = await this.subscriptions.require(owner, productId);
    const status = statusOf(subscription);
    if (status === 'expired') throw new BillingRefusal(409, [billingMessages.periodEnded]);
    if (status !== 'cancelled') throw new BillingRefusal(409, [billingMessages.notCancelled]);
    return this.resume(owner, subscription);
  }

  /** Reactivates a cancelled subscription: inside the paid period like uncancel, after it with a new charge. */
  async reactivate(owner: UserRecord, productId: number, couponCode: string | undefined) {
    const coupon = couponCode?.trim() ? findCoupon(couponCode) : null;
    if (couponCode?.trim() && !coupon) throw new BillingRefusal(400, [billingMessages.invalidCoupon]);
    const subscription = await this.subscriptions.require(owner, productId);
    const status = statusOf(subscription);
    if (status === 'active') throw new BillingRefusal(409, [billingMessages.alreadySubscribed]);
    if (status === 'cancelled' || status === 'paused') return this.resume(owner, subscription);
    return this.purchases.restart(owner, subscription, coupon);
  }

  async cancellationSurvey(owner: UserRecord, productId: number, reason: string, comments: string | null | undefined) {
    await this.subscriptions.require(owner, productId);
    await this.billing.addCancellationSurvey(owner.id, productId, reason.trim(), comments?.trim() || null);
  }

  /** Paused or cancelled: no renewal, and the full plan ends with the paid period. */
  private async stopAtPeriodEnd(owner: UserRecord, subscription: SubscriptionRecord, status: 'paused' | 'cancelled') {
    await this.billing.setStatus(subscription.id, status);
    await this.users.setAttribute(owner.id, planEndsAtAttribute, subscription.currentPeriodEnd.toISOString());
    return this.subscriptions.current(owner);
  }

  /** Active again within the paid period: renewals resume and the plan no longer ends. */
  private async resume(owner: UserRecord, subscription: SubscriptionRecord) {
    await this.billing.setStatus(subscription.id, 'active');
    await this.users.setAttribute(owner.id, planEndsAtAttribute, null);
    return this.subscriptions.current(owner);
  }
}
