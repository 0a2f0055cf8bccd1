import { describe, expect, it } from '@jest/globals';
import { emptyText, formatBytes, formatChange, formatCompact, formatCurrency, formatNumber, formatPercent } from './number-format.js';

// The one number rule of the screen and the PDF (issue 22 point 4); the cases sit at the unit boundaries.
describe('formatCompact', () => {
  it('keeps values under 1,000 as they are', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(7.55)).toBe('7.55');
    expect(formatCompact(999.99)).toBe('999.99');
  });

  it('writes a value that rounds to 1,000 as 1k, never "1,000"', () => {
    expect(formatCompact(999.996)).toBe('1k');
    expect(formatCompact(1000)).toBe('1k');
  });

  it('keeps one decimal below 100 of a unit and none from 100 up', () => {
    expect(formatCompact(1234)).toBe('1.2k');
    expect(formatCompact(17_500)).toBe('17.5k');
    expect(formatCompact(99_949)).toBe('99.9k');
    expect(formatCompact(99_950)).toBe('100k');
    expect(formatCompact(123_456)).toBe('123k');
    expect(formatCompact(999_499)).toBe('999k');
    expect(formatCompact(2_500_000)).toBe('2.5M');
    expect(formatCompact(73_000_000_000)).toBe('73B');
    expect(formatCompact(1_200_000_000_000)).toBe('1.2T');
  });

  it('moves to the next unit when rounding reaches 1,000 of one: never "1000k" or "1000M"', () => {
    expect(formatCompact(999_500)).toBe('1M');
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(999_999_999)).toBe('1B');
    expect(formatCompact(999_600_000)).toBe('1B');
    expect(formatCompact(999_999_999_999)).toBe('1T');
    for (let power = 3; power <= 12; power += 1) {
      for (const value of [10 ** power - 1, 10 ** power - 0.5, 10 ** power * 0.9995]) expect(formatCompact(value)).not.toMatch(/1,?000[kMBT]/);
    }
  });

  it('keeps the sign, and an em dash for unknown values', () => {
    expect(formatCompact(-45_600)).toBe('-45.6k');
    expect(formatCompact(-999_999)).toBe('-1M');
    expect(formatCompact(-0.001)).toBe('0');
    expect(formatCompact(null)).toBe(emptyText);
    expect(formatCompact(undefined)).toBe(emptyText);
    expect(formatCompact(Number.NaN)).toBe(emptyText);
  });
});

describe('formatCurrency', () => {
  it('shows cents under 100 and whole dollars from 100 up', () => {
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(99.99)).toBe('$99.99');
    expect(formatCurrency(99.996)).toBe('$100');
    expect(formatCurrency(100)).toBe('$100');
    expect(formatCurrency(1234.56)).toBe('$1,235');
    expect(formatCurrency(-12.3)).toBe('-$12.30');
  });

  it('shortens from $10,000 (after rounding) when compact, never "$1000k"', () => {
    expect(formatCurrency(9999.4, { compact: true })).toBe('$9,999');
    expect(formatCurrency(9999.6, { compact: true })).toBe('$10k');
    expect(formatCurrency(223_764.02, { compact: true })).toBe('$224k');
    expect(formatCurrency(999_999, { compact: true })).toBe('$1M');
    expect(formatCurrency(999_999_999, { compact: true })).toBe('$1B');
    expect(formatCurrency(45.5, { compact: true })).toBe('$45.50');
    expect(formatCurrency(null, { compact: true })).toBe(emptyText);
  });
});

describe('formatNumber, formatPercent, formatChange', () => {
  it('groups thousands with at most the asked decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(7.5, 0)).toBe('8');
    expect(formatNumber(4.25, 1)).toBe('4.3');
    expect(formatNumber(null)).toBe(emptyText);
  });

  it('prints percentages with at most one decimal', () => {
    expect(formatPercent(41.66)).toBe('41.7%');
    expect(formatPercent(41)).toBe('41%');
    expect(formatPercent(null)).toBe(emptyText);
  });

  it('signs changes with + and a true minus, and a change that rounds to nothing is 0', () => {
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(-1200)).toBe('−1,200');
    expect(formatChange(0)).toBe('0');
    expect(formatChange(0.2)).toBe('0');
    expect(formatChange(17_500, formatCompact)).toBe('+17.5k');
    expect(formatChange(-999_999, formatCompact)).toBe('−1M');
    expect(formatChange(null)).toBe(emptyText);
  });
});

describe('formatBytes', () => {
  it('uses units of 1,024 with at most one decimal', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(49_152)).toBe('48 KB');
    expect(formatBytes(2_411_725)).toBe('2.3 MB');
    expect(formatBytes(null)).toBeNull();
  });
});
