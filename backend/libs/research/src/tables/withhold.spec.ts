import { describe, expect, it } from '@jest/globals';
import { isLockedRow } from '@serpwise/contracts';
import { withholdPage } from './withhold.js';

const rows = Array.from({ length: 20 }, (_, index) => ({ keyword: `k${index + 1}`, cpc: 1.5, volume: 100 }));

describe('withholdPage', () => {
  it('gives a full user every row and column', () => {
    const page = withholdPage({ rows, totalRows: 200, startRow: 1, pageSize: 20, viewer: 'full', paidColumns: ['cpc'] });
    expect(page.rows).toEqual(rows);
    expect(page).toMatchObject({ lockedRows: 0, lock: null, throttledColumns: [] });
  });

  it('shows a visitor the first 10 rows without paid columns and locks the rest', () => {
    const page = withholdPage({ rows, totalRows: 200, startRow: 1, pageSize: 20, viewer: 'visitor', paidColumns: ['cpc'] });
    expect(page.rows.slice(0, 10)).toEqual(rows.slice(0, 10).map((row) => ({ ...row, cpc: null })));
    expect(page.rows.slice(10).every(isLockedRow)).toBe(true);
    expect(page.rows[10]).toEqual({ locked: true, rowNumber: 11 });
    expect(page).toMatchObject({ lockedRows: 10, lock: { text: 'Log in to see all results', link: '/auth/login' } });
  });

  it('does not reveal more to a visitor who pages further', () => {
    const page = withholdPage({ rows, totalRows: 200, startRow: 41, pageSize: 20, viewer: 'free', paidColumns: [] });
    expect(page.rows.every(isLockedRow)).toBe(true);
    expect(page.lock).toEqual({ text: 'Unlock all the data', link: '/mainpurchase' });
  });

  it('withholds every paid figure a table has, even one its own list forgot (issue 24: one paywall)', () => {
    const priced = [{ keyword: 'k', volume: 100, budget: 40, paidClicks: 12, value: 3, cpc: 1.5, estimatedBudget: 9 }];
    const page = withholdPage({ rows: priced, totalRows: 1, startRow: 1, pageSize: 20, viewer: 'free', paidColumns: ['cpc'] });
    expect(page.rows).toEqual([{ keyword: 'k', volume: 100, budget: null, paidClicks: null, value: null, cpc: null, estimatedBudget: null }]);
    expect([...page.throttledColumns].sort()).toEqual(['budget', 'cpc', 'estimatedBudget', 'paidClicks', 'value']);
  });
});
