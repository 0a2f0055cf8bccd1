import { describe, expect, it } from '@jest/globals';
import type { SubscriptionRecord } from '@serpwise/database';
import { billingOf, membershipDescription, planOf, statusOf, unusedCents } from './subscription-state.js';

const day = 86_400_000;
const start = new Date('2026-11-01T00:00:00Z');
const subscription = (fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id: 's1', userId: 'u1', productId: 1, plan: 'basic', billing: 'monthly', status: 'active', amountCents: 3000, seatAmountCents: 1000,
  couponCode: null, currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * day), cancelledAt: null, pausedAt: null,
  renewalFailures: 0, createdAt: start, ...fields,
});

describe('subscription state', () => {
  it('is active while active, paused or cancelled until the paid period ends, expired after', () => {
    const inPeriod = new Date(start.getTime() + 10 * day);
    const after = new Date(start.getTime() + 31 * day);
    expect(statusOf(subscription(), after)).toBe('active');
    expect(statusOf(subscription({ status: 'paused' }), inPeriod)).toBe('paused');
    expect(statusOf(subscription({ status: 'cancelled' }), inPeriod)).toBe('cancelled');
    expect(statusOf(subscription({ status: 'paused' }), after)).toBe('expired');
  });

  it('counts the unused part of the period pro rata, nothing once it is over', () => {
    expect(unusedCents(subscription(), 3000, start)).toBe(3000);
    expect(unusedCents(subscription(), 3000, new Date(start.getTime() + 20 * day))).toBe(1000);
    expect(unusedCents(subscription(), 3000, new Date(start.getTime() + 30 * day))).toBe(0);
  });

  it('reads an unknown plan as Basic and anything but annual as monthly', () => {
    expect(planOf(subscription({ plan: 'gone' })).id).toBe('basic');
    expect(billingOf(subscription({ billing: 'weekly' }))).toBe('monthly');
    expect(membershipDescription('basic', 'annual', ' (upgrade)')).toBe('Serpwise Basic membership, annual billing (upgrade)');
  });
});
