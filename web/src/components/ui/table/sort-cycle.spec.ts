import { describe, expect, it } from '@jest/globals';
import { ariaSort, compareCells, nextSort, sortRows } from './sort-cycle';

describe('the sort cycle', () => {
  it('text column: none → asc → desc → none', () => {
    const asc = nextSort(null, 'keyword', 'text');
    expect(asc).toEqual({ column: 'keyword', direction: 'asc' });
    const desc = nextSort(asc, 'keyword', 'text');
    expect(desc).toEqual({ column: 'keyword', direction: 'desc' });
    expect(nextSort(desc, 'keyword', 'text')).toBeNull();
  });

  it('numeric column: none → desc → asc → none', () => {
    const desc = nextSort(null, 'volume', 'number');
    expect(desc).toEqual({ column: 'volume', direction: 'desc' });
    const asc = nextSort(desc, 'volume', 'number');
    expect(asc).toEqual({ column: 'volume', direction: 'asc' });
    expect(nextSort(asc, 'volume', 'number')).toBeNull();
  });

  it('changing column starts at asc for text and desc for numbers, whatever the previous state', () => {
    expect(nextSort({ column: 'volume', direction: 'asc' }, 'keyword', 'text')).toEqual({ column: 'keyword', direction: 'asc' });
    expect(nextSort({ column: 'keyword', direction: 'desc' }, 'clicks', 'number')).toEqual({ column: 'clicks', direction: 'desc' });
  });

  it('names the header state for assistive technology', () => {
    expect(ariaSort({ column: 'a', direction: 'asc' }, 'a')).toBe('ascending');
    expect(ariaSort({ column: 'a', direction: 'desc' }, 'a')).toBe('descending');
    expect(ariaSort({ column: 'a', direction: 'desc' }, 'b')).toBe('none');
    expect(ariaSort(null, 'a')).toBe('none');
  });
});

describe('empty values placed high or low', () => {
  // (Array.prototype.sort always puts undefined last, so the empty values here are null and NaN.)
  const values = [5, null, 1, Number.NaN, 3];
  const sorted = (direction: 'asc' | 'desc', empty: 'high' | 'low' | undefined) => [...values].sort((a, b) => compareCells(a, b, direction, empty));

  it('unset: empty (unknown) values last in both directions', () => {
    expect(sorted('asc', undefined)).toEqual([1, 3, 5, null, Number.NaN]);
    expect(sorted('desc', undefined)).toEqual([5, 3, 1, null, Number.NaN]);
  });

  it('low: empty values are the lowest — first ascending, last descending', () => {
    expect(sorted('asc', 'low')).toEqual([null, Number.NaN, 1, 3, 5]);
    expect(sorted('desc', 'low')).toEqual([5, 3, 1, null, Number.NaN]);
  });

  it('high: empty values are the highest — last ascending, first descending', () => {
    expect(sorted('asc', 'high')).toEqual([1, 3, 5, null, Number.NaN]);
    expect(sorted('desc', 'high')).toEqual([null, Number.NaN, 5, 3, 1]);
  });

  it('treats an empty string and NaN as empty, and compares text naturally', () => {
    expect(['b', '', 'a10', 'a9'].sort((a, b) => compareCells(a, b, 'asc', 'high'))).toEqual(['a9', 'a10', 'b', '']);
    expect([Number.NaN, 2].sort((a, b) => compareCells(a, b, 'desc', 'low'))).toEqual([2, Number.NaN]);
  });
});

describe('sortRows', () => {
  const rows = [
    { domain: 'b.com', position: 3 },
    { domain: 'a.com', position: null },
    { domain: 'c.com', position: 1 },
  ];
  const valueOf = (row: (typeof rows)[number], column: string) => row[column as keyof typeof row];

  it('keeps the given order without a sort and does not change its input', () => {
    expect(sortRows(rows, null, valueOf).map((row) => row.domain)).toEqual(['b.com', 'a.com', 'c.com']);
    sortRows(rows, { column: 'domain', direction: 'asc' }, valueOf);
    expect(rows[0]!.domain).toBe('b.com');
  });

  it('sorts by the column, with the empty values rule of that column', () => {
    const positionsHigh = () => 'high' as const;
    expect(sortRows(rows, { column: 'position', direction: 'asc' }, valueOf, positionsHigh).map((row) => row.position)).toEqual([1, 3, null]);
    expect(sortRows(rows, { column: 'domain', direction: 'desc' }, valueOf).map((row) => row.domain)).toEqual(['c.com', 'b.com', 'a.com']);
  });
});
