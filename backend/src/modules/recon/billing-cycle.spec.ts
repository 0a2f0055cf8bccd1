import { describe, expect, it } from '@jest/globals';
import { billingCycle } from './campaign-dashboard.service.js';

describe('the billing cycle on /hq', () => {
  const period = { start: new Date('2026-11-01T10:00:00Z'), end: new Date('2026-12-01T10:00:00Z') };

  it('counts whole days left, rounded up, and the days of the period', () => {
    expect(billingCycle(period, new Date('2026-11-22T08:00:00Z'))).toEqual({ daysLeft: 10, daysInPeriod: 30 });
    expect(billingCycle(period, new Date('2026-12-01T09:59:00Z')).daysLeft).toBe(1);
  });

  it('says 0 days once the period has ended', () => {
    expect(billingCycle(period, new Date('2026-12-03T00:00:00Z')).daysLeft).toBe(0);
  });

  it('handles an annual period', () => {
    expect(billingCycle({ start: new Date('2026-01-15T00:00:00Z'), end: new Date('2027-01-15T00:00:00Z') }, new Date('2026-01-15T00:00:00Z'))).toEqual({ daysLeft: 365, daysInPeriod: 365 });
  });
});
