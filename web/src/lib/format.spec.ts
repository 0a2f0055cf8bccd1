import { describe, expect, it } from '@jest/globals';
import { countOf, emptyText, formatChange, formatCompact, formatCurrency, formatDate, formatMonth, formatNumber, formatPercent } from './format';

describe('formatNumber (thousands separators)', () => {
  it('groups thousands and keeps at most the asked decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(7.5, 0)).toBe('8');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-12345)).toBe('-12,345');
  });

  it('shows an em dash for empty values', () => {
    expect(formatNumber(null)).toBe(emptyText);
    expect(formatNumber(undefined)).toBe(emptyText);
    expect(formatNumber(Number.NaN)).toBe(emptyText);
  });
});

describe('formatCompact (k, M, B, T)', () => {
  it('keeps values under 1,000 as they are', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(7.55)).toBe('7.55');
  });

  it('uses k, M, B and T with one decimal below 100 of a unit', () => {
    expect(formatCompact(1000)).toBe('1k');
    expect(formatCompact(1234)).toBe('1.2k');
    expect(formatCompact(45_600)).toBe('45.6k');
    expect(formatCompact(123_456)).toBe('123k');
    expect(formatCompact(2_500_000)).toBe('2.5M');
    expect(formatCompact(7_300_000_000)).toBe('7.3B');
    expect(formatCompact(73_000_000_000)).toBe('73B');
    expect(formatCompact(1_200_000_000_000)).toBe('1.2T');
  });

  it('moves to the next suffix when rounding reaches 1,000 of a unit', () => {
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(999_600_000)).toBe('1B');
  });

  it('keeps the sign', () => {
    expect(formatCompact(-45_600)).toBe('-45.6k');
  });
});

describe('formatCurrency ($ with 2 decimals under 100)', () => {
  it('shows cents under 100', () => {
    expect(formatCurrency(12.3)).toBe('$12.30');
    expect(formatCurrency(0.5)).toBe('$0.50');
    expect(formatCurrency(99.99)).toBe('$99.99');
    expect(formatCurrency(0)).toBe('$0.00');
  });

  it('shows whole dollars with separators from 100 up', () => {
    expect(formatCurrency(100)).toBe('$100');
    expect(formatCurrency(99.996)).toBe('$100');
    expect(formatCurrency(1234.56)).toBe('$1,235');
    expect(formatCurrency(223764.02)).toBe('$223,764');
  });

  it('shortens large amounts when asked', () => {
    expect(formatCurrency(223764.02, { compact: true })).toBe('$224k');
    expect(formatCurrency(9999, { compact: true })).toBe('$9,999');
    expect(formatCurrency(12.5, { compact: true })).toBe('$12.50');
  });

  it('puts the sign before the dollar and an em dash for empty values', () => {
    expect(formatCurrency(-12.3)).toBe('-$12.30');
    expect(formatCurrency(null)).toBe(emptyText);
  });
});

describe('other formats', () => {
  it('formats percentages, changes, months and dates', () => {
    expect(formatPercent(93.1)).toBe('93.1%');
    expect(formatPercent(null)).toBe(emptyText);
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(-2)).toBe('−2');
    expect(formatChange(0)).toBe('0');
    expect(formatChange(null)).toBe(emptyText);
    expect(formatMonth('2026-10-01')).toBe('Oct 2026');
    expect(formatMonth('2026-01', { short: true })).toBe("Jan '26");
    expect(formatMonth(null)).toBe(emptyText);
    expect(formatDate('2026-05-29')).toBe('May 29, 2026');
    expect(formatDate('bad')).toBe(emptyText);
  });
});

describe('countOf (issue 24: never "1 months billed")', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'month')).toBe('1 month');
    expect(countOf(0, 'month')).toBe('0 months');
    expect(countOf(13, 'month')).toBe('13 months');
    expect(countOf(1200, 'entry', 'entries')).toBe('1,200 entries');
  });
});
