import { describe, expect, it } from '@jest/globals';
import { researchTableIds } from '@serpwise/contracts';
import { isResearchTableId, researchTables } from './catalogue.js';

describe('the research table catalogue', () => {
  it('has one entry per table id of the contracts, each under its own id', () => {
    expect(Object.keys(researchTables).sort()).toEqual([...researchTableIds].sort());
    for (const [id, entry] of Object.entries(researchTables)) expect(entry.id).toBe(id);
  });

  it('knows its ids and nothing else', () => {
    expect(isResearchTableId('ppc/keywords')).toBe(true);
    expect(isResearchTableId('ppc/overview')).toBe(false);
    expect(isResearchTableId('toString')).toBe(false);
  });
});
