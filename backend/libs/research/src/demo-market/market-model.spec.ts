import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { organicCtr } from '../formulas/click-through.js';
import { buildMarket } from './market-model.js';
import { AdCopyRegistry, backlinkLines, organicRankLines, paidAdLines } from './market-rows.js';
import { demoLastMonth, marketSizes } from './market-sizes.js';
import { PageRegistry } from './page-registry.js';

function fingerprint(seed: number) {
  const market = buildMarket(marketSizes.tiny, seed, demoLastMonth);
  const pages = new PageRegistry();
  const hash = createHash('sha256');
  const ranks = [...organicRankLines(market, pages, 1)];
  for (const line of ranks) hash.update(line);
  for (const line of paidAdLines(market, pages, new AdCopyRegistry(), 1)) hash.update(line);
  for (const line of backlinkLines(market, pages, 1)) hash.update(line);
  return { market, ranks, digest: hash.digest('hex') };
}

describe('the demo market', () => {
  it('is the same on every run for a seed, and different for another seed', () => {
    const first = fingerprint(7);
    expect(fingerprint(7).digest).toBe(first.digest);
    expect(fingerprint(8).digest).not.toBe(first.digest);
  });

  it('has 24 months, Zipf-like volumes, invented .example sites and moving ranks', () => {
    const { market, ranks } = fingerprint(7);
    expect(market.months).toHaveLength(24);
    expect(market.months.at(-1)).toBe(demoLastMonth);
    expect(market.domains.every((domain) => domain.name.endsWith('.example'))).toBe(true);
    const volumes = market.keywords.filter((keyword) => keyword.territory.code === 'US').map((keyword) => keyword.volumeHistory.at(-1)!).sort((a, b) => b - a);
    expect(volumes[0]! / volumes[Math.floor(volumes.length / 2)]!).toBeGreaterThan(10);
    // The same keyword's number-one site changes over two years for some keywords.
    const leaders = new Map<string, Set<string>>();
    for (const line of ranks) {
      const [, keywordId, position, , domainId] = line.split('\t');
      if (position === '1') leaders.set(keywordId!, (leaders.get(keywordId!) ?? new Set()).add(domainId!));
    }
    expect([...leaders.values()].filter((set) => set.size > 1).length).toBeGreaterThan(leaders.size / 10);
  });

  it('prices clicks with the CTR curve', () => {
    expect(organicCtr(1)).toBeCloseTo(0.276);
    expect(organicCtr(10)).toBeCloseTo(0.024);
    expect(organicCtr(20)).toBeCloseTo(0.003);
  });
});
