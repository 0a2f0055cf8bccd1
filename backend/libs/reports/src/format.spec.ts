import { describe, expect, it } from '@jest/globals';
import { formatCompact as screenCompact, formatCurrency as screenCurrency } from '@serpwise/contracts';
import { formatChange, formatCompact, formatCompactMoney, formatInteger, formatMoney, formatMonth, formatPercent } from './format.js';
import { niceTicks } from './pdf/charts.js';

describe('report number formats (docs/product/account-exports-reports.md §9)', () => {
  it('groups thousands', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(12.6)).toBe('13');
    expect(formatInteger(null)).toBe('—');
  });

  it('prints dollars with 2 decimals under 100 and whole dollars above', () => {
    expect(formatMoney(1.5)).toBe('$1.50');
    expect(formatMoney(99.994)).toBe('$99.99');
    expect(formatMoney(100)).toBe('$100');
    expect(formatMoney(123456.7)).toBe('$123,457');
    expect(formatMoney(-3)).toBe('-$3.00');
  });

  it('shortens large values with k, M, B, T', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1200)).toBe('1.2k');
    expect(formatCompact(34_000)).toBe('34k');
    expect(formatCompact(17_500)).toBe('17.5k');
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(999_999_999)).toBe('1B');
    expect(formatCompact(5_600_000)).toBe('5.6M');
    expect(formatCompact(7_000_000_000)).toBe('7B');
    expect(formatCompact(2.1e12)).toBe('2.1T');
    expect(formatCompactMoney(45.5)).toBe('$45.50');
    expect(formatCompactMoney(178_000)).toBe('$178k');
    expect(formatCompactMoney(999_999)).toBe('$1M');
    expect(formatCompactMoney(1234)).toBe('$1,234');
  });

  it('prints what the screen prints (one shared rule, issue 22 point 4)', () => {
    for (const value of [0, 999, 1000, 17_500, 99_950, 123_456, 999_999, 2_500_000, 999_999_999]) {
      expect(formatCompact(value)).toBe(screenCompact(value));
      expect(formatCompactMoney(value)).toBe(screenCurrency(value, { compact: true }));
      expect(formatMoney(value)).toBe(screenCurrency(value));
    }
  });

  it('signs changes and formats percentages and months', () => {
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(-1200)).toBe('-1,200');
    expect(formatChange(-999_999, formatCompact)).toBe('-1M');
    expect(formatChange(0)).toBe('0');
    expect(formatPercent(41.66)).toBe('41.7%');
    expect(formatMonth('2026-10-01')).toBe('Oct 2026');
  });
});

describe('chart axis ticks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(0, 93)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0, 14_200)).toEqual([0, 5000, 10_000, 15_000]);
    expect(niceTicks(9.2, 11.4)).toEqual([9, 10, 11, 12]);
  });

  it('copes with a flat series', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    const ticks = niceTicks(60, 60);
    expect(ticks[0]).toBeLessThanOrEqual(60);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(60);
  });
});
