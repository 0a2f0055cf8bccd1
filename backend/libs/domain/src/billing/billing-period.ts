import type { BillingPeriod } from '@serpwise/contracts';

/** The end of a period that starts at `start`: one month, or twelve for annual billing. */
export function addPeriod(start: Date, billing: BillingPeriod): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + (billing === 'annual' ? 12 : 1));
  return end;
}
