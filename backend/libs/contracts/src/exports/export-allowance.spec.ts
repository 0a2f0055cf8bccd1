import { describe, expect, it } from '@jest/globals';
import { exportRowLimitOf } from './export.api.js';
import { visibleRowAllowance } from '../tables/research-table.js';

describe('exportRowLimitOf', () => {
  it('lets a full plan export up to the installation’s maximum', () => {
    expect(exportRowLimitOf(['full'], 500_000)).toBe(500_000);
    expect(exportRowLimitOf(['admin'], 1_000)).toBe(1_000);
  });

  it('sets no limit for a recon plan', () => {
    expect(exportRowLimitOf(['recon_full'], 500_000)).toBeNull();
  });

  it('limits a plan without full access (lapsed since the request) to what a free user sees', () => {
    expect(exportRowLimitOf(['free'], 500_000)).toBe(visibleRowAllowance.free);
  });
});
