import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idAndUserProperties, timestampProperties, uuidIdProperty } from './row-properties.js';

/**
 * The account owner's payment card: only what a receipt or the settings page shows (type, last four, expiry,
 * name) and the payment gateway's reference to it. Never the full number or the security code.
 */
export const PaymentCardSchema = defineEntity({
  name: 'PaymentCard',
  tableName: 'payment_card',
  properties: {
    userId: p.uuid().primary(),
    cardType: p.string().length(32),
    lastFour: p.string().length(4),
    expiration: p.string().length(5),
    cardName: p.string().length(120),
    gatewayToken: p.string().length(200),
    ...timestampProperties(),
  },
});
export type PaymentCard = InferEntity<typeof PaymentCardSchema>;

/** One subscription per account owner; productId is the purchase offer (1139 by default). */
export const SubscriptionSchema = defineEntity({
  name: 'Subscription',
  tableName: 'subscription',
  properties: {
    ...uuidIdProperty(),
    userId: p.uuid().unique(),
    productId: p.integer(),
    plan: p.string().length(32),
    billing: p.string().length(16),
    status: p.string().length(16),
    amountCents: p.integer(),
    seatAmountCents: p.integer(),
    couponCode: p.string().length(64).nullable(),
    currentPeriodStart: p.datetime(),
    currentPeriodEnd: p.datetime(),
    cancelledAt: p.datetime().nullable(),
    pausedAt: p.datetime().nullable(),
    /** Declined renewal charges in a row; the third cancels the subscription (docs/decisions.md, renewals). */
    renewalFailures: p.integer().default(0),
    /** When the renewal sweep may try this subscription again: a lease while it is charged, or the retry time. */
    nextRenewalAttemptAt: p.datetime().nullable(),
    ...timestampProperties(),
  },
});
export type Subscription = InferEntity<typeof SubscriptionSchema>;

/** One row per charge, approved or declined. */
export const ReceiptSchema = defineEntity({
  name: 'Receipt',
  tableName: 'receipt',
  properties: {
    ...idAndUserProperties(),
    description: p.string().length(300),
    amountCents: p.integer(),
    status: p.string().length(16),
    cardType: p.string().length(32).nullable(),
    lastFour: p.string().length(4).nullable(),
    transactionId: p.string().length(100).nullable(),
    declineReason: p.string().length(300).nullable(),
    /** Set on approved renewal charges (renewal:<subscription>:<period end>), so a period is never paid twice. */
    idempotencyKey: p.string().length(120).nullable().unique(),
    ...createdAtProperty(),
  },
});
export type Receipt = InferEntity<typeof ReceiptSchema>;

/** Answers of the cancellation survey. */
export const CancellationSurveySchema = defineEntity({
  name: 'CancellationSurvey',
  tableName: 'cancellation_survey',
  properties: {
    ...idAndUserProperties(),
    productId: p.integer(),
    reason: p.string().length(200),
    comments: p.text().nullable(),
    ...createdAtProperty(),
  },
});
export type CancellationSurvey = InferEntity<typeof CancellationSurveySchema>;
