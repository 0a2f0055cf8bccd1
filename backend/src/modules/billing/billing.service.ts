import { Inject, Injectable } from '@nestjs/common';
import {
  applyCoupon,
  billingMessages,
  defaultPurchaseId,
  detectCardType,
  findCoupon,
  formatDollars,
  formatExpiration,
  isExpired,
  isValidCardNumber,
  isValidSecurityCode,
  lastFourOf,
  parseExpiration,
  periodPriceCents,
  plans,
  purchaseIds,
  seatPriceCents,
  validateCardForm,
  cardMessages,
  type BillingInfo,
  type Environment,
  type BillingPeriod,
  type ChangePaymentInfoRequest,
  type PlanId,
  type PurchaseRequest,
  type ReceiptDetail,
  type ReceiptSummary,
  type SubscriptionStatus,
  type SubscriptionSummary,
} from '@serpwise/contracts';
import { type CardDetails, type ChargeResult, ENVIRONMENT, Mailer, PaymentGateway, type PaymentSource } from '@serpwise/platform';
import { addPeriod, planEndsAtAttribute, rolesWithFull } from '@serpwise/domain';
import { BillingRepository, UserRepository, type ReceiptRecord, type SubscriptionRecord, type UserRecord } from '@serpwise/database';
import { BillingRefusal } from './billing-refusal.js';


const planOf = (subscription: SubscriptionRecord) => plans[subscription.plan as PlanId] ?? plans.basic;
const billingOf = (subscription: SubscriptionRecord) => (subscription.billing === 'annual' ? 'annual' : 'monthly') as BillingPeriod;

export function statusOf(subscription: SubscriptionRecord, now = new Date()): SubscriptionStatus {
  if (subscription.status === 'active') return 'active';
  if (subscription.currentPeriodEnd.getTime() <= now.getTime()) return 'expired';
  return subscription.status === 'paused' ? 'paused' : 'cancelled';
}

const toReceiptSummary = (receipt: ReceiptRecord): ReceiptSummary => ({
  id: receipt.id,
  createdAt: receipt.createdAt.toISOString(),
  description: receipt.description,
  amountCents: receipt.amountCents,
  status: receipt.status,
  cardType: receipt.cardType,
  lastFour: receipt.lastFour,
  transactionId: receipt.transactionId,
  declineReason: receipt.declineReason,
});

/**
 * Cards, purchases, subscriptions and receipts of an account owner. Every charge goes through the PaymentGateway
 * and leaves a receipt row, approved or declined. Callers are account owners (the controllers use Access
 * 'parent'); a child account has no billing of its own.
 */
@Injectable()
export class BillingService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UserRepository,
    private readonly gateway: PaymentGateway,
    private readonly mailer: Mailer,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  // ---- Card ----

  async billingInfo(owner: UserRecord): Promise<BillingInfo & { isSandbox: boolean }> {
    const card = await this.billing.findCard(owner.id);
    return {
      ccLastFour: card?.lastFour ?? null,
      cardType: card?.cardType ?? null,
      cardName: card?.cardName ?? null,
      expiration: card?.expiration ?? null,
      isSandbox: this.gateway.isSandbox,
    };
  }

  async changePaymentInfo(owner: UserRecord, request: ChangePaymentInfoRequest): Promise<BillingInfo> {
    const errors: string[] = [];
    const name = request.cardName.trim();
    if (!name) errors.push(cardMessages.nameRequired);
    if (!isValidCardNumber(request.cardNumber)) errors.push(cardMessages.numberInvalid);
    else if (!detectCardType(request.cardNumber)) errors.push(cardMessages.typeUnknown);
    else if (detectCardType(request.cardNumber) !== request.cardType) errors.push(cardMessages.typeMismatch);
    const expiration = parseExpiration(request.expiration);
    if (!expiration) errors.push(cardMessages.expirationInvalid);
    else if (isExpired(expiration.month, expiration.year)) errors.push(cardMessages.expired);
    if (request.securityCode !== undefined && !isValidSecurityCode(request.securityCode)) errors.push(cardMessages.securityCodeInvalid);
    if (errors.length) throw new BillingRefusal(400, errors);

    const card: CardDetails = { number: request.cardNumber, securityCode: request.securityCode, expiration: request.expiration.trim(), name };
    const saved = await this.gateway.saveCard(card);
    if (!saved.approved || !saved.cardToken) throw new BillingRefusal(402, [saved.declineReason ?? billingMessages.declined]);
    await this.billing.saveCard({
      userId: owner.id,
      cardType: request.cardType,
      lastFour: lastFourOf(request.cardNumber),
      expiration: card.expiration,
      cardName: name,
      gatewayToken: saved.cardToken,
    });
    return this.billingInfo(owner);
  }

  // ---- Charges ----

  /** Charges the owner and writes the receipt; the stored card is used when no card is given. */
  async charge(owner: UserRecord, amountCents: number, description: string, card?: CardDetails): Promise<ChargeResult> {
    let source: PaymentSource;
    let cardType: string | null;
    let lastFour: string | null;
    if (card) {
      source = { card };
      cardType = detectCardType(card.number);
      lastFour = lastFourOf(card.number);
    } else {
      const stored = await this.billing.findCard(owner.id);
      if (!stored) return { approved: false, transactionId: null, declineReason: billingMessages.noCard, cardToken: null };
      source = { token: stored.gatewayToken };
      cardType = stored.cardType;
      lastFour = stored.lastFour;
    }
    const result = await this.gateway.charge(amountCents, source, description);
    await this.billing.addReceipt({
      userId: owner.id,
      description,
      amountCents,
      status: result.approved ? 'approved' : 'declined',
      cardType,
      lastFour,
      transactionId: result.transactionId,
      declineReason: result.approved ? null : result.declineReason,
    });
    return result;
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

  private description(plan: PlanId, billing: BillingPeriod, note = '') {
    return `Serpwise ${plans[plan].name} membership, ${billing === 'annual' ? 'annual' : 'monthly'} billing${note}`;
  }

  // ---- Purchase ----

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
    const result = await this.charge(owner, amount, this.description(plan.id, request.billing, note), card);
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);

    await this.billing.saveCard({
      userId: owner.id,
      cardType: detectCardType(card.number)!,
      lastFour: lastFourOf(card.number),
      expiration: card.expiration,
      cardName: card.name,
      gatewayToken: result.cardToken ?? '',
    });
    const now = new Date();
    const subscription = await this.billing.startSubscription({
      userId: owner.id,
      productId: purchaseId,
      plan: plan.id,
      billing: request.billing,
      amountCents: price,
      seatAmountCents: seatPriceCents(request.billing),
      couponCode: coupon?.code ?? null,
      periodStart: now,
      periodEnd: addPeriod(now, request.billing),
    });
    await this.grantFull(owner, request.billing, request.billing === 'annual' ? 12 : 1);
    return { subscription: await this.summary(subscription), amountCents: amount };
  }

  /** One-click annual upgrade: the stored card pays the annual price less the unused part of the current month. */
  async annualUpgrade(owner: UserRecord) {
    const subscription = await this.requireSubscription(owner);
    const status = statusOf(subscription);
    if (status !== 'active') throw new BillingRefusal(409, [billingMessages.notActive]);
    if (subscription.billing === 'annual') throw new BillingRefusal(409, [billingMessages.alreadyAnnual]);
    const plan = planOf(subscription);
    const now = new Date();
    const credit = this.unusedCents(subscription, subscription.amountCents, now);
    const amount = Math.max(0, plan.annualCents - credit);
    const result = await this.charge(owner, amount, this.description(plan.id, 'annual', ` (upgrade, ${formatDollars(credit)} credit for the unused month)`));
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);
    const upgraded = await this.billing.startSubscription({
      userId: owner.id,
      productId: subscription.productId,
      plan: plan.id,
      billing: 'annual',
      amountCents: plan.annualCents,
      seatAmountCents: seatPriceCents('annual'),
      couponCode: subscription.couponCode,
      periodStart: now,
      periodEnd: addPeriod(now, 'annual'),
    });
    await this.grantFull(owner, 'annual', 12);
    return { subscription: await this.summary(upgraded), amountCents: amount };
  }

  /** The part of `periodCents` not yet used in the current period. */
  unusedCents(subscription: SubscriptionRecord, periodCents: number, now = new Date()): number {
    const start = subscription.currentPeriodStart.getTime();
    const end = subscription.currentPeriodEnd.getTime();
    if (end <= now.getTime() || end <= start) return 0;
    return Math.round((periodCents * (end - Math.max(now.getTime(), start))) / (end - start));
  }

  // ---- Subscription ----

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

  async subscriptionList(owner: UserRecord): Promise<SubscriptionSummary[]> {
    const subscription = await this.billing.findSubscription(owner.id);
    return subscription ? [await this.summary(subscription)] : [];
  }

  private async requireSubscription(owner: UserRecord, productId?: number): Promise<SubscriptionRecord> {
    const subscription = await this.billing.findSubscription(owner.id);
    if (!subscription || (productId !== undefined && subscription.productId !== productId)) {
      throw new BillingRefusal(404, [productId === undefined ? billingMessages.noSubscription : billingMessages.subscriptionNotFound]);
    }
    return subscription;
  }

  /** Pausing stops the renewal; access lasts until the paid period ends. */
  async pause(owner: UserRecord, productId: number) {
    const subscription = await this.requireSubscription(owner, productId);
    if (statusOf(subscription) !== 'active') throw new BillingRefusal(409, [billingMessages.notActive]);
    await this.billing.setStatus(subscription.id, 'paused');
    await this.users.setAttribute(owner.id, planEndsAtAttribute, subscription.currentPeriodEnd.toISOString());
    return this.summary((await this.billing.findSubscription(owner.id))!);
  }

  /** Unpausing inside the paid period just resumes; after it, a new period is charged to the stored card. */
  async unpause(owner: UserRecord, productId: number) {
    const subscription = await this.requireSubscription(owner, productId);
    const status = statusOf(subscription);
    if (subscription.status !== 'paused') throw new BillingRefusal(409, [billingMessages.notPaused]);
    if (status === 'paused') {
      await this.billing.setStatus(subscription.id, 'active');
      await this.users.setAttribute(owner.id, planEndsAtAttribute, null);
      return this.summary((await this.billing.findSubscription(owner.id))!);
    }
    return this.restart(owner, subscription, null);
  }

  /** Cancelling takes effect at the end of the paid period. */
  async cancel(owner: UserRecord, productId: number) {
    const subscription = await this.requireSubscription(owner, productId);
    if (statusOf(subscription) !== 'active' && statusOf(subscription) !== 'paused') throw new BillingRefusal(409, [billingMessages.notActive]);
    await this.billing.setStatus(subscription.id, 'cancelled');
    await this.users.setAttribute(owner.id, planEndsAtAttribute, subscription.currentPeriodEnd.toISOString());
    return this.summary((await this.billing.findSubscription(owner.id))!);
  }

  /** Takes a cancellation back while the paid period lasts. */
  async uncancel(owner: UserRecord, productId: number) {
    const subscription = await this.requireSubscription(owner, productId);
    const status = statusOf(subscription);
    if (status === 'expired') throw new BillingRefusal(409, [billingMessages.periodEnded]);
    if (status !== 'cancelled') throw new BillingRefusal(409, [billingMessages.notCancelled]);
    await this.billing.setStatus(subscription.id, 'active');
    await this.users.setAttribute(owner.id, planEndsAtAttribute, null);
    return this.summary((await this.billing.findSubscription(owner.id))!);
  }

  /** Reactivates a cancelled subscription: inside the paid period like uncancel, after it with a new charge. */
  async reactivate(owner: UserRecord, productId: number, couponCode: string | undefined) {
    const coupon = couponCode?.trim() ? findCoupon(couponCode) : null;
    if (couponCode?.trim() && !coupon) throw new BillingRefusal(400, [billingMessages.invalidCoupon]);
    const subscription = await this.requireSubscription(owner, productId);
    const status = statusOf(subscription);
    if (status === 'active') throw new BillingRefusal(409, [billingMessages.alreadySubscribed]);
    if (status === 'cancelled' || status === 'paused') {
      await this.billing.setStatus(subscription.id, 'active');
      await this.users.setAttribute(owner.id, planEndsAtAttribute, null);
      return this.summary((await this.billing.findSubscription(owner.id))!);
    }
    return this.restart(owner, subscription, coupon);
  }

  private async restart(owner: UserRecord, subscription: SubscriptionRecord, coupon: ReturnType<typeof findCoupon>) {
    const billing = billingOf(subscription);
    const plan = planOf(subscription);
    const seats = (await this.users.listChildren(owner.id)).length;
    const amount = applyCoupon(subscription.amountCents + seats * subscription.seatAmountCents, coupon);
    const note = `${seats ? `, ${seats} team member${seats === 1 ? '' : 's'}` : ''}${coupon ? ` (coupon ${coupon.code}: ${coupon.percentOff}% off)` : ''}`;
    const result = await this.charge(owner, amount, this.description(plan.id, billing, ` (reactivated${note})`));
    if (!result.approved) throw new BillingRefusal(402, [result.declineReason ?? billingMessages.declined]);
    const now = new Date();
    const restarted = await this.billing.startSubscription({
      userId: owner.id,
      productId: subscription.productId,
      plan: plan.id,
      billing,
      amountCents: subscription.amountCents,
      seatAmountCents: subscription.seatAmountCents,
      couponCode: coupon?.code ?? subscription.couponCode,
      periodStart: now,
      periodEnd: addPeriod(now, billing),
    });
    await this.grantFull(owner, billing, billing === 'annual' ? 12 : 1);
    return this.summary(restarted);
  }

  async cancellationSurvey(owner: UserRecord, productId: number, reason: string, comments: string | null | undefined) {
    await this.requireSubscription(owner, productId);
    await this.billing.addCancellationSurvey(owner.id, productId, reason.trim(), comments?.trim() || null);
  }

  // ---- Receipts ----

  async receipts(owner: UserRecord, includeDeclines: boolean): Promise<ReceiptSummary[]> {
    return (await this.billing.listReceipts(owner.id, includeDeclines)).map(toReceiptSummary);
  }

  async receipt(owner: UserRecord, id: string): Promise<ReceiptDetail> {
    const receipt = await this.billing.findReceipt(owner.id, id);
    if (!receipt) throw new BillingRefusal(404, [billingMessages.receiptNotFound]);
    return { ...toReceiptSummary(receipt), billedTo: { email: owner.email, name: owner.name } };
  }

  async sendReceipt(owner: UserRecord, id: string): Promise<{ sentTo: string }> {
    const receipt = await this.receipt(owner, id);
    const date = new Date(receipt.createdAt).toUTCString().slice(5, 16);
    await this.mailer.send({
      to: owner.email,
      subject: `Your Serpwise receipt of ${date}`,
      text: [
        `Receipt ${receipt.id}`,
        `Date: ${date}`,
        `Description: ${receipt.description}`,
        `Amount: ${formatDollars(receipt.amountCents)}`,
        `Status: ${receipt.status === 'approved' ? 'Paid' : `Declined (${receipt.declineReason ?? ''})`}`,
        `Card: ${receipt.cardType ?? ''} ending in ${receipt.lastFour ?? ''}`,
        this.gateway.isSandbox ? 'Sandbox payment: no real money was charged.' : '',
        '',
        `View or print it: ${this.environment.PUBLIC_URL}/account/receipt?id=${receipt.id}`,
      ].join('\n'),
    });
    return { sentTo: owner.email };
  }
}
