import { describe, expect, it } from '@jest/globals';
import { secondsToNextMonth } from './api-key.guard.js';

describe('secondsToNextMonth (the Retry-After of a used-up allowance)', () => {
  it('counts to midnight UTC of the first day of the next month', () => {
    expect(secondsToNextMonth(new Date('2026-11-30T23:59:00Z'))).toBe(60);
    expect(secondsToNextMonth(new Date('2026-12-31T00:00:00Z'))).toBe(86_400);
  });

  it('is at least one second, even at the turn of the month', () => {
    expect(secondsToNextMonth(new Date('2026-12-01T00:00:00Z'))).toBe(31 * 86_400);
    expect(secondsToNextMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe(1);
  });
});
