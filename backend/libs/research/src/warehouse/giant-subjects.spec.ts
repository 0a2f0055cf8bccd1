import { describe, expect, it } from '@jest/globals';
import { giantOptionsFromEnvironment } from './giant-subjects.js';

describe('giantOptionsFromEnvironment', () => {
  it('defaults to full size over the newest 3 months', () => {
    expect(giantOptionsFromEnvironment({})).toEqual({ scale: 1, months: 3 });
  });

  it('takes a reduced scale and more months', () => {
    expect(giantOptionsFromEnvironment({ SERPWISE_GIANT_SCALE: '0.01', SERPWISE_GIANT_MONTHS: '12' })).toEqual({ scale: 0.01, months: 12 });
  });

  it('refuses a scale or a month count it cannot use, saying which', () => {
    expect(() => giantOptionsFromEnvironment({ SERPWISE_GIANT_SCALE: 'half' })).toThrow('SERPWISE_GIANT_SCALE must be a number in (0, 1], not "half".');
    expect(() => giantOptionsFromEnvironment({ SERPWISE_GIANT_SCALE: '2' })).toThrow('SERPWISE_GIANT_SCALE');
    expect(() => giantOptionsFromEnvironment({ SERPWISE_GIANT_SCALE: '0' })).toThrow('SERPWISE_GIANT_SCALE');
    expect(() => giantOptionsFromEnvironment({ SERPWISE_GIANT_MONTHS: '1' })).toThrow('SERPWISE_GIANT_MONTHS must be a whole number ≥ 2, not "1".');
  });
});
