import { Injectable } from '@nestjs/common';
import {
  applyCoupon,
  billingMessages,
  defaultPurchaseId,
  detectCardType,
  findCoupon,
  formatDollars,
  formatExpiration,
  lastFourOf,
  periodPriceCents,
  plans,
  purchaseIds,
  seatPriceCents,
  validateCardForm,
  type BillingPeriod,
  type PurchaseRequest,
  type SubscriptionSummary,
  type AnalyticsPlanLabel,
} from '@serpwise/contracts';
import { BillingRepository, UserRepository, type NewSubscription, type SubscriptionRecord, type UserRecord } from '@serpwise/database';
import { addPeriod, planEndsAtAttribute, rolesWithFull } from '@serpwise/domain';
import type { CardDetails } from '@serpwise/platform';
import { BillingRefusal } from './billing-refusal.js';
import { Charges } from './charges.service.js';
import { billingOf, membershipDescription, planOf, statusOf, unusedCents } from './subscription-state.js';
import { SubscriptionRecords } from './subscription-records.service.js';

type Coupon = ReturnType<typeof findCoupon>;
type PaidPeriod = Omit<NewSubscription, 'userId' | 'billing' | 'periodStart' | 'periodEnd'> & { billing: BillingPeriod };

/**
 * Every way a paid period starts: the first purchase, the one-click annual upgrade, and restarting a subscription
 * whose paid period is over. Each charges first and, once approved, stores the new period and grants the full plan.
 * (Renewals of a running period are the worker's: @serpwise/domain, billing/subscription-renewals.ts.)
 */
@Injectable()
export class Purchases {
  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UserRepository,
    private readonly charges: Charges,
    private readonly subscriptions: SubscriptionRecords,
  ) {}

  async purchase(owner: UserRecord, request: PurchaseRequest) {
    const purchaseId = request.purchaseId ?? defaultPurchaseId;
    if (!(purchaseIds as readonly number[]).includes(purchaseId)) throw new BillingRefusal(400, [billingMessages.unknownPurchase]);
    const coupon = request.couponCode?.trim() ? findCoupon(request.couponCode) : null;
    if (request.couponCode?.trim() && !coupon) throw new BillingRefusal(400, [billingMessages.invalidCoupon]);
    const cardErrors = validateCardForm(request.card);
    if (Object.keys(cardErrors).length) throw new BillingRefusal(400, Object.values(cardErrors));

    const existing = await this.billing.findSubscription(owner.id);
    if (existing && statusOf(existing) !== 'expired') throw new BillingRefusal(409, [billingMessages.alreadySubscribed]);

    const plan = plans[request.plan];
    const price = periodPriceCents(plan, request.billing);
    const amount = applyCoupon(price, coupon);
    const card: CardDetails = {
      number: request.card.number,
      securityCode: request.card.securityCode,
      expiration: formatExpiration(request.card.expirationMonth, request.card.expirationYear),
      name: request.card.name.trim(),
    };
    const note = coupon ? ` (coupon ${coupon.code}: ${coupon.percentOff}% off)` : '';
    const result = await this.charges.charge(owner, amount, membershipDescription(plan.id, request.billing, note), card, plan.name as AnalyticsPlanLabel);
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);

    await this.billing.saveCard({
      userId: owner.id,
      cardType: detectCardType(card.number)!,
      lastFour: lastFourOf(card.number),
      expiration: card.expiration,
      cardName: card.name,
      gatewayToken: result.cardToken ?? '',
    });
    const subscription = await this.startPaidPeriod(owner, new Date(), {
      productId: purchaseId,
      plan: plan.id,
      billing: request.billing,
      amountCents: price,
      seatAmountCents: seatPriceCents(request.billing),
      couponCode: coupon?.code ?? null,
    });
    return { subscription: await this.subscriptions.summary(subscription), amountCents: amount, receiptId: result.receiptId };
  }

  /** One-click annual upgrade: the stored card pays the annual price less the unused part of the current month. */
  async annualUpgrade(owner: UserRecord) {
    const subscription = await this.subscriptions.require(owner);
    const status = statusOf(subscription);
    if (status !== 'active') throw new BillingRefusal(409, [billingMessages.notActive]);
    if (subscription.billing === 'annual') throw new BillingRefusal(409, [billingMessages.alreadyAnnual]);
    const plan = planOf(subscription);
    const now = new Date();
    const credit = unusedCents(subscription, subscription.amountCents, now);
    const amount = Math.max(0, plan.annualCents - credit);
    const result = await this.charges.charge(owner, amount, membershipDescription(plan.id, 'annual', ` (upgrade, ${formatDollars(credit)} credit for the unused month)`), undefined, plan.name as AnalyticsPlanLabel);
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);
    const upgraded = await this.startPaidPeriod(owner, now, {
      productId: subscription.productId,
      plan: plan.id,
      billing: 'annual',
      amountCents: plan.annualCents,
      seatAmountCents: seatPriceCents('annual'),
      couponCode: subscription.couponCode,
    });
    return { subscription: await this.subscriptions.summary(upgraded), amountCents: amount, receiptId: result.receiptId };
  }

  /** A new paid period for a subscription whose period is over (unpause or reactivate after its end), team seats included. */
  async restart(owner: UserRecord, subscription: SubscriptionRecord, coupon: Coupon): Promise<SubscriptionSummary> {
    const billing = billingOf(subscription);
    const plan = planOf(subscription);
    const seats = (await this.users.listChildren(owner.id)).length;
    const amount = applyCoupon(subscription.amountCents + seats * subscription.seatAmountCents, coupon);
    const note = `${seats ? `, ${seats} team member${seats === 1 ? '' : 's'}` : ''}${coupon ? ` (coupon ${coupon.code}: ${coupon.percentOff}% off)` : ''}`;
    const result = await this.charges.charge(owner, amount, membershipDescription(plan.id, billing, ` (reactivated${note})`), undefined, plan.name as AnalyticsPlanLabel);
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);
    const restarted = await this.startPaidPeriod(owner, new Date(), {
      productId: subscription.productId,
      plan: plan.id,
      billing,
      amountCents: subscription.amountCents,
      seatAmountCents: subscription.seatAmountCents,
      couponCode: coupon?.code ?? subscription.couponCode,
    });
    return this.subscriptions.summary(restarted);
  }

  /** Stores a paid period starting `now` and gives the owner the full plan for it. */
  private async startPaidPeriod(owner: UserRecord, now: Date, period: PaidPeriod): Promise<SubscriptionRecord> {
    const subscription = await this.billing.startSubscription({ userId: owner.id, ...period, periodStart: now, periodEnd: addPeriod(now, period.billing) });
    await this.grantFull(owner, period.billing, period.billing === 'annual' ? 12 : 1);
    return subscription;
  }

  /** Full plan from now on; billingCycle and billingMonths feed the active state's tracking. */
  private async grantFull(owner: UserRecord, billing: BillingPeriod, monthsPaid: number) {
    const fresh = (await this.users.findById(owner.id)) ?? owner;
    await this.users.setRoles(owner.id, rolesWithFull(fresh.roles));
    await this.users.setAttribute(owner.id, planEndsAtAttribute, null);
    await this.users.setAttribute(owner.id, 'billingCycle', billing === 'annual' ? 'Annually' : 'Monthly');
    const before = Number(fresh.attributes['billingMonths'] ?? 0) || 0;
    await this.users.setAttribute(owner.id, 'billingMonths', String(before + monthsPaid));
  }
}
