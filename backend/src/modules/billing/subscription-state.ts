import { plans, type BillingPeriod, type PlanId, type SubscriptionStatus } from '@serpwise/contracts';
import type { SubscriptionRecord } from '@serpwise/database';

/** What a stored subscription means: its plan, its billing period, its status now, what of it is unused. */
export const planOf = (subscription: SubscriptionRecord) => plans[subscription.plan as PlanId] ?? plans.basic;
export const billingOf = (subscription: SubscriptionRecord) => (subscription.billing === 'annual' ? 'annual' : 'monthly') as BillingPeriod;

export function statusOf(subscription: SubscriptionRecord, now = new Date()): SubscriptionStatus {
  if (subscription.status === 'active') return 'active';
  if (subscription.currentPeriodEnd.getTime() <= now.getTime()) return 'expired';
  return subscription.status === 'paused' ? 'paused' : 'cancelled';
}

/** The part of `periodCents` not yet used in the current period. */
export function unusedCents(subscription: SubscriptionRecord, periodCents: number, now = new Date()): number {
  const start = subscription.currentPeriodStart.getTime();
  const end = subscription.currentPeriodEnd.getTime();
  if (end <= now.getTime() || end <= start) return 0;
  return Math.round((periodCents * (end - Math.max(now.getTime(), start))) / (end - start));
}

/** The receipt line of a membership charge; `note` adds the coupon, upgrade or reactivation details. */
export function membershipDescription(plan: PlanId, billing: BillingPeriod, note = ''): string {
  return `Serpwise ${plans[plan].name} membership, ${billing === 'annual' ? 'annual' : 'monthly'} billing${note}`;
}
