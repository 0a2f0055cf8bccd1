import { describe, expect, it } from '@jest/globals';
import { assertUniqueIds, linear, linePath, niceStep, niceTicks } from './scale';

describe('chart scales', () => {
  it('picks nice steps', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(92025, 4)).toBe(25000);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('covers the values with nice ticks, from zero when asked', () => {
    expect(niceTicks([16100, 92025], { zero: true })).toEqual([0, 25000, 50000, 75000, 100000]);
    expect(niceTicks([6.6, 16.3])).toEqual([5, 7.5, 10, 12.5, 15, 17.5]);
    expect(niceTicks([5, 5])).toEqual([5, 6, 7, 8]);
    expect(niceTicks([], { zero: true })).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('keeps whole-number steps for counts, so a small scale never names one value twice', () => {
    expect(niceTicks([0, 0], { zero: true, whole: true, count: 3 })).toEqual([0, 1]);
    expect(niceTicks([0, 1], { zero: true, whole: true, count: 3 })).toEqual([0, 1]);
    expect(niceTicks([0, 7], { zero: true, whole: true, count: 3 })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks([0, 900], { zero: true, whole: true, count: 3 })).toEqual([0, 500, 1000]);
  });

  it('maps values to pixels, inverted for positions (1 at the top)', () => {
    const up = linear({ min: 0, max: 100 }, [0, 200]);
    expect(up(0)).toBe(200);
    expect(up(100)).toBe(0);
    const inverted = linear({ min: 1, max: 21 }, [0, 200], true);
    expect(inverted(1)).toBe(0);
    expect(inverted(21)).toBe(200);
  });

  it('breaks a line where a value is missing', () => {
    expect(linePath([[0, 1], [10, 2], null, [30, 4], [40, 5]])).toBe('M0.0 1.0L10.0 2.0M30.0 4.0L40.0 5.0');
    expect(linePath([null])).toBe('');
  });

  it('needs a unique id per row for a chart with selection', () => {
    expect(() => assertUniqueIds(['a', 'b'])).not.toThrow();
    expect(() => assertUniqueIds(['a', 'b', 'a'])).toThrow('A chart with selection needs a unique id per row; "a" appears twice.');
  });
});

describe('month labels', () => {
  it('shows every n-th label and always the last, dropping a regular one too close to it', async () => {
    const { showLabel } = await import('./line-chart');
    const shown = (count: number, every: number) => Array.from({ length: count }, (_, index) => index).filter((index) => showLabel(index, count, every));
    expect(shown(11, 4)).toEqual([0, 4, 10]);
    expect(shown(12, 4)).toEqual([0, 4, 11]);
    expect(shown(13, 4)).toEqual([0, 4, 8, 12]);
    expect(shown(5, 1)).toEqual([0, 1, 2, 3, 4]);
  });
});
