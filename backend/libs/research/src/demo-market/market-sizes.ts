/** The three sizes of the demo market (docs/research-data.md "Generator parameters"). */
export interface TerritoryPlan {
  code: string;
  keywords: number;
  /** Search volume relative to the US. */
  volumeFactor: number;
  /** Cost per click relative to the US. */
  cpcFactor: number;
  /** Currency sign used in ad copy. */
  currency: string;
}

export interface MarketSize {
  name: MarketSizeName;
  /** Topics used, from the start of the vocabulary's list. */
  topics: number;
  territories: TerritoryPlan[];
  /** Topical competitors per topic (plus the general sites that rank everywhere). */
  domainsPerTopic: number;
  /** Organic results kept per keyword and month. */
  resultsPerSerp: number;
  months: number;
  /** Search volume of the most searched US keyword. */
  topVolume: number;
  /** Scales the number of backlinks per domain. */
  backlinkScale: number;
}

export const marketSizeNames = ['tiny', 'demo', 'bench'] as const;
export type MarketSizeName = (typeof marketSizeNames)[number];

/** The newest month of the demo market. Fixed, so the data is the same whatever the date. */
export const demoLastMonth = '2026-10-01';
export const demoSeed = 20261122;

const us = { code: 'US', volumeFactor: 1, cpcFactor: 1, currency: '$' };
const uk = { code: 'UK', volumeFactor: 0.22, cpcFactor: 0.8, currency: '£' };
const ca = { code: 'CA', volumeFactor: 0.12, cpcFactor: 0.75, currency: '$' };
const au = { code: 'AU', volumeFactor: 0.1, cpcFactor: 0.85, currency: '$' };
const ie = { code: 'IE', volumeFactor: 0.025, cpcFactor: 0.6, currency: '€' };
const nz = { code: 'NZ', volumeFactor: 0.02, cpcFactor: 0.55, currency: '$' };

export const marketSizes: Record<MarketSizeName, MarketSize> = {
  tiny: {
    name: 'tiny', topics: 3, domainsPerTopic: 14, resultsPerSerp: 20, months: 24, topVolume: 90_500, backlinkScale: 0.2,
    territories: [{ ...us, keywords: 60 }, { ...uk, keywords: 40 }],
  },
  demo: {
    name: 'demo', topics: 12, domainsPerTopic: 24, resultsPerSerp: 20, months: 24, topVolume: 301_000, backlinkScale: 1,
    territories: [{ ...us, keywords: 3000 }, { ...uk, keywords: 1500 }, { ...ca, keywords: 900 }, { ...au, keywords: 900 }],
  },
  bench: {
    name: 'bench', topics: 12, domainsPerTopic: 60, resultsPerSerp: 20, months: 24, topVolume: 450_000, backlinkScale: 2,
    territories: [
      { ...us, keywords: 9000 }, { ...uk, keywords: 5000 }, { ...ca, keywords: 3000 }, { ...au, keywords: 3000 },
      { ...ie, keywords: 1500 }, { ...nz, keywords: 1500 },
    ],
  },
};

/** 'YYYY-MM-01' of each month, oldest first, ending at lastMonth. */
export function monthsEndingAt(lastMonth: string, count: number): string[] {
  const last = new Date(`${lastMonth}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - (count - 1 - index), 1)).toISOString().slice(0, 10));
}
