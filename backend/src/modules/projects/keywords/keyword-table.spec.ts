import { describe, expect, it } from '@jest/globals';
import type { KeywordRow } from '@serpwise/contracts';
import { keywordRow, keywordTable } from './keyword-table.js';

const row = (keyword: string, monthlySearches: number | null, currentRank: number | null = null): KeywordRow => ({
  ...keywordRow({ termId: keyword.length, term: keyword, addedAt: '2026-11-22T00:00:00.000Z', groups: [], labels: [] }, undefined),
  monthlySearches,
  currentRank,
});

const rows = [row('red shoes', 500, 3), row('blue shoes', 1200, null), row('green hats', null, 8), row('shoe polish', 90, 1)];
const base = { emptyValues: 'low' as const, startRow: 1, rowsToDisplay: 250 };

describe('keywordTable', () => {
  it('sorts by monthly searches, highest first, by default, with empty values last', () => {
    expect(keywordTable(rows, base).keywords.map((r) => r.keyword)).toEqual(['blue shoes', 'red shoes', 'shoe polish', 'green hats']);
  });

  it('starts a text column ascending and honours an explicit order', () => {
    expect(keywordTable(rows, { ...base, sortColumn: 'keyword' }).keywords.map((r) => r.keyword)).toEqual(['blue shoes', 'green hats', 'red shoes', 'shoe polish']);
    expect(keywordTable(rows, { ...base, sortColumn: 'currentRank', sortOrder: 'asc' }).keywords.map((r) => r.currentRank)).toEqual([null, 1, 3, 8]);
  });

  it("puts empty values first in a descending sort when they count as 'high'", () => {
    expect(keywordTable(rows, { ...base, sortColumn: 'currentRank', emptyValues: 'high' }).keywords.map((r) => r.currentRank)).toEqual([null, 8, 3, 1]);
  });

  it('filters by contained text, ignoring case, and pages from start row 1', () => {
    const answer = keywordTable(rows, { ...base, filterTerm: ' SHOE', startRow: 2, rowsToDisplay: 1 });
    expect(answer.totalRowCount).toBe(3);
    expect(answer.keywords.map((r) => r.keyword)).toEqual(['red shoes']);
    expect(keywordTable(rows, { ...base, filterTerm: 'boots' })).toEqual({ keywords: [], totalRowCount: 0 });
  });

  it('leaves metrics empty for a term the warehouse does not know', () => {
    expect(keywordRow({ termId: 1, term: 'x', addedAt: 'a', groups: ['G1', 'G2'], labels: [] }, undefined)).toMatchObject({
      monthlySearches: null,
      rankChange: null,
      clickChange: null,
      groupsCsv: 'G1,G2',
      groupCount: 2,
      labelCount: 0,
    });
  });
});
