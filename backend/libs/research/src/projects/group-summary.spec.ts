import { describe, expect, it } from '@jest/globals';
import { rankChangeOf, summariseGroup } from './group-summary.js';
import type { TrackedTermMetrics } from './tracked-keyword-metrics.js';

const metrics = (fields: Partial<TrackedTermMetrics>): TrackedTermMetrics => ({
  volume: 100,
  cpc: 1,
  difficulty: 50,
  currentRank: null,
  previousRank: null,
  clicks: 0,
  previousClicks: 0,
  paidPosition: null,
  ...fields,
});

describe('summariseGroup', () => {
  it('adds up rank and click changes and sorts keywords into newly ranked, improved and lost', () => {
    const summary = summariseGroup(5, [
      metrics({ currentRank: 2, previousRank: 5, clicks: 40, previousClicks: 10 }), // improved by 3
      metrics({ currentRank: 9, previousRank: 4, clicks: 5, previousClicks: 20 }), // lost 5 places
      metrics({ currentRank: 15, previousRank: null, clicks: 1 }), // newly ranked
      metrics({ currentRank: null, previousRank: 12, previousClicks: 2 }), // dropped out: lost
    ]);
    expect(summary).toMatchObject({ numberOfKeywords: 5, rankChange: -2, clickChange: 14, newlyRankedKeywords: 1, improvedRanks: 1, lostRanks: 2 });
  });

  it('splits organic, paid and both, and weighs impression share by search volume', () => {
    const summary = summariseGroup(4, [
      metrics({ currentRank: 1, volume: 300 }),
      metrics({ paidPosition: 2, volume: 100 }),
      metrics({ currentRank: 14, paidPosition: 1, volume: 100 }),
      metrics({ currentRank: 18, volume: 500 }), // page two: not shown
    ]);
    expect(summary).toMatchObject({ organicCount: 2, paidCount: 1, bothCount: 1 });
    expect(summary.impressionShare).toBe(0.5);
    expect(summary.topOfPagePct).toBe(1);
  });

  it('answers zeros for a group of unknown or no keywords', () => {
    expect(summariseGroup(2, [])).toMatchObject({ numberOfKeywords: 2, rankChange: 0, clickChange: 0, impressionShare: 0, topOfPagePct: 0 });
    expect(rankChangeOf(undefined)).toBeNull();
    expect(rankChangeOf(metrics({ currentRank: 3, previousRank: null }))).toBeNull();
  });
});
