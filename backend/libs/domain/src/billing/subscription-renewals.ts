import { plans, type BillingPeriod, type PlanId } from '@serpwise/contracts';
import type { BillingRepository, SubscriptionRecord, UserRepository } from '@serpwise/database';
import type { Mailer, PaymentGateway } from '@serpwise/platform';
import { addPeriod } from './billing-period.js';
import { planEndsAtAttribute } from './plan-access.js';
import { receiptMail } from './receipt-mail.js';

/** A declined renewal is tried again a day later; the third decline in a row cancels the subscription. */
export const renewalRetryMs = 24 * 60 * 60 * 1000;
export const renewalAttemptsBeforeCancel = 3;
/** How long one sweep holds a subscription it is charging (another worker leaves it alone meanwhile). */
const leaseMs = 10 * 60 * 1000;
const batchSize = 50;

export interface RenewalPorts {
  billing: () => BillingRepository;
  users: () => UserRepository;
  gateway: PaymentGateway;
  mailer: Mailer;
  /** The site's address (PUBLIC_URL), for the receipt link in the renewal e-mail. */
  publicUrl: string;
}

export interface RenewalOutcome {
  renewed: number;
  declined: number;
  cancelled: number;
}

/**
 * Charges active subscriptions whose paid period has ended for the next period (plan price plus team seats) with
 * the card on file, run every few minutes by the worker's job scheduler. Each paid period is charged at most once:
 * an approved charge leaves a receipt keyed renewal:<subscription>:<period end>, checked before charging, and the
 * key goes to the gateway as its idempotency key (a real processor deduplicates with it if we crash in between).
 * Cancelled and paused subscriptions are not renewed: they end at their period's end (plan-access.ts).
 */
export async function renewDueSubscriptions(ports: RenewalPorts, now = new Date()): Promise<RenewalOutcome> {
  const outcome: RenewalOutcome = { renewed: 0, declined: 0, cancelled: 0 };
  for (;;) {
    const due = await ports.billing().claimDueRenewals(now, new Date(now.getTime() + leaseMs), batchSize);
    for (const subscription of due) {
      const result = await renewOne(ports, subscription, now);
      outcome[result] += 1;
    }
    if (due.length < batchSize) return outcome;
  }
}

async function renewOne(ports: RenewalPorts, subscription: SubscriptionRecord, now: Date): Promise<keyof RenewalOutcome> {
  const billing = ports.billing();
  const billingPeriod: BillingPeriod = subscription.billing === 'annual' ? 'annual' : 'monthly';
  const paidPeriodEnd = subscription.currentPeriodEnd;
  const nextPeriodEnd = addPeriod(paidPeriodEnd, billingPeriod);
  const idempotencyKey = `renewal:${subscription.id}:${paidPeriodEnd.toISOString()}`;
  const owner = await ports.users().findById(subscription.userId);
  if (!owner) return 'declined';

  if (!(await billing.findReceiptByKey(idempotencyKey))) {
    const seats = (await ports.users().listChildren(owner.id)).length;
    const amountCents = subscription.amountCents + seats * subscription.seatAmountCents;
    const planName = plans[subscription.plan as PlanId]?.name ?? subscription.plan;
    const description = `Serpwise ${planName} membership renewal, ${billingPeriod} billing${seats ? ` (${seats} team member${seats > 1 ? 's' : ''})` : ''}`;
    const card = await billing.findCard(owner.id);
    const charge = card
      ? await ports.gateway.charge(amountCents, { token: card.gatewayToken }, description, idempotencyKey)
      : { approved: false, transactionId: null, declineReason: 'There is no card on file.', cardToken: null };
    const receipt = await billing.addReceipt({
      userId: owner.id,
      description,
      amountCents,
      status: charge.approved ? 'approved' : 'declined',
      cardType: card?.cardType ?? null,
      lastFour: card?.lastFour ?? null,
      transactionId: charge.transactionId,
      declineReason: charge.approved ? null : charge.declineReason,
      idempotencyKey: charge.approved ? idempotencyKey : null,
    });
    if (!charge.approved) return declined(ports, subscription, owner.email, charge.declineReason, now);
    // The renewal e-mail is the receipt (docs/decisions.md issue 24), opened by what happened.
    const lead = [`Your membership was renewed and now runs until ${nextPeriodEnd.toUTCString().slice(5, 16)}.`];
    const mail = receiptMail(receipt, owner.email, { publicUrl: ports.publicUrl, isSandbox: ports.gateway.isSandbox }, lead);
    await ports.mailer.send({ ...mail, subject: 'Your Serpwise membership was renewed' });
  }
  await billing.advancePeriod(subscription.id, paidPeriodEnd, nextPeriodEnd);
  const months = Number(owner.attributes['billingMonths'] ?? 0) || 0;
  await ports.users().setAttribute(owner.id, 'billingMonths', String(months + (billingPeriod === 'annual' ? 12 : 1)));
  return 'renewed';
}

async function declined(ports: RenewalPorts, subscription: SubscriptionRecord, email: string, reason: string | null, now: Date): Promise<keyof RenewalOutcome> {
  const failures = await ports.billing().recordRenewalFailure(subscription.id, new Date(now.getTime() + renewalRetryMs));
  if (failures >= renewalAttemptsBeforeCancel) {
    // The period was never paid: the plan ends now (the identity loader turns the owner back into free).
    await ports.billing().setStatus(subscription.id, 'cancelled');
    await ports.users().setAttribute(subscription.userId, planEndsAtAttribute, now.toISOString());
    await ports.mailer.send({
      to: email,
      subject: 'Your Serpwise membership was cancelled',
      text: `We could not charge your card ${renewalAttemptsBeforeCancel} times (${reason ?? 'declined'}), so your membership has ended. You can reactivate it under Account → Subscription.`,
    });
    return 'cancelled';
  }
  await ports.mailer.send({
    to: email,
    subject: 'Your Serpwise payment did not go through',
    text: `Renewing your membership failed: ${reason ?? 'the card was declined'}. We will try again tomorrow; you can change your card under Account → Settings.`,
  });
  return 'declined';
}
