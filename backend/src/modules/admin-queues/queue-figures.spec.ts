import { describe, expect, it } from '@jest/globals';
import { finishedFigures, percentile, percentiles } from './queue-figures.js';

describe('queue figures', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentiles(values)).toEqual({ p50: 50, p95: 95, p99: 99 });
    expect(percentile([], 50)).toBeNull();
    expect(percentiles([7])).toEqual({ p50: 7, p95: 7, p99: 7 });
  });

  it('derives wait, run and last-minute throughput from job timestamps', () => {
    const now = 1_000_000;
    const figures = finishedFigures(
      [
        { timestamp: now - 5_000, processedOn: now - 4_000, finishedOn: now - 1_000 },
        { timestamp: now - 90_000, processedOn: now - 89_000, finishedOn: now - 70_000 },
        { timestamp: now - 1_000 },
      ],
      now,
    );
    expect(figures.throughputPerMinute).toBe(1);
    expect(figures.waitMs.p50).toBe(1_000);
    expect(figures.runMs.p99).toBe(19_000);
  });
});
