import { describe, expect, it } from '@jest/globals';
import { countryLines } from './country-lines';

describe('the Search Console countries table', () => {
  it('names each territory and puts every other country together, last', () => {
    const lines = countryLines([
      { country: 'usa', territory: 'US', clicks: 900, impressions: 9_000 },
      { country: 'bgd', territory: null, clicks: 120, impressions: 1_500 },
      { country: 'gbr', territory: 'UK', clicks: 80, impressions: 700 },
      { country: 'zzz', territory: null, clicks: 5, impressions: 40 },
    ]);
    expect(lines).toEqual([
      { name: 'United States', clicks: 900, impressions: 9_000, codes: [] },
      { name: 'United Kingdom', clicks: 80, impressions: 700, codes: [] },
      { name: 'Other countries (2)', clicks: 125, impressions: 1_540, codes: ['BGD', 'ZZZ'] },
    ]);
  });

  it('has no "Other countries" line when every country is a territory', () => {
    expect(countryLines([{ country: 'deu', territory: 'DE', clicks: 1, impressions: 2 }]).map((line) => line.name)).toEqual(['Germany']);
  });
});
