import { describe, expect, it } from '@jest/globals';
import type { ColumnDef } from '@/components/ui/table/columns';
import { applyTableChange, tableParams, tableStateFrom, writeTableState, type TableState } from './use-table-state';
import { siteKindOf } from './use-research-subject';

const base: TableState = { sort: null, startRow: 41, pageSize: 20, filter: '' };

describe('research table state', () => {
  it('reads the state from the URL, ignoring what is not valid', () => {
    expect(tableStateFrom(new URLSearchParams('query=a.com&sort=volume&dir=desc&startRow=21&pageSize=50&filter=shoe'))).toEqual({
      sort: { column: 'volume', direction: 'desc' },
      startRow: 21,
      pageSize: 50,
      filter: 'shoe',
    });
    expect(tableStateFrom(new URLSearchParams('sort=volume&dir=up&startRow=0&pageSize=30'))).toEqual({ sort: null, startRow: 1, pageSize: 20, filter: '' });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeTableState(new URLSearchParams('query=a.com&startRow=41'), { sort: { column: 'keyword', direction: 'asc' }, startRow: 1, pageSize: 20, filter: '' });
    expect(written.toString()).toBe('query=a.com&sort=keyword&dir=asc');
  });

  it('starts again at row 1 after a new sort, filter or page size, but not after a page change', () => {
    expect(applyTableChange(base, { sort: { column: 'clicks', direction: 'desc' } }).startRow).toBe(1);
    expect(applyTableChange(base, { sort: null }).startRow).toBe(1);
    expect(applyTableChange(base, { filter: 'x' }).startRow).toBe(1);
    expect(applyTableChange(base, { pageSize: 100 }).startRow).toBe(1);
    expect(applyTableChange(base, { startRow: 61 }).startRow).toBe(61);
    expect(applyTableChange(base, { startRow: 1, pageSize: 50 })).toEqual({ ...base, startRow: 1, pageSize: 50 });
  });

  it('sends the sort with the column’s empty-values rule, and nothing for a column the table does not have', () => {
    const columns: ColumnDef<object>[] = [
      { key: 'keyword', label: 'Keyword', kind: 'text' },
      { key: 'position', label: 'Position', kind: 'number', emptyValues: 'high' },
    ];
    expect(tableParams({ ...base, sort: { column: 'position', direction: 'asc' }, filter: ' shoe ' }, columns)).toEqual({
      startRow: 41,
      pageSize: 20,
      sort: 'position',
      sortDirection: 'asc',
      emptyValues: 'high',
      filter: 'shoe',
    });
    expect(tableParams({ ...base, sort: { column: 'keyword', direction: 'desc' } }, columns).emptyValues).toBeUndefined(); // unset: the API puts unknown values last both ways
    expect(tableParams({ ...base, sort: { column: 'nope', direction: 'desc' } }, columns)).toEqual({
      startRow: 41, pageSize: 20, sort: undefined, sortDirection: undefined, emptyValues: undefined, filter: undefined,
    });
  });

  it('tells a URL from a domain by its path', () => {
    expect(siteKindOf('example.com')).toBe('domain');
    expect(siteKindOf('https://example.com/')).toBe('domain');
    expect(siteKindOf('https://example.com/page')).toBe('url');
    expect(siteKindOf('example.com/a/b?x=1')).toBe('url');
  });
});
