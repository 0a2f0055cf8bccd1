import { describe, expect, it } from '@jest/globals';
import { previousMonth } from '../warehouse/lookups.js';
import { invalidSortMessage, ResearchQueryError } from './built-query.js';
import { orderedTable } from './ordered-table.js';
import { ppcKeywordTableOrder, seoTableOrder, sortableAsNamed, trackedKeywordTableOrder, type TableSpec } from './table-spec.js';

const spec: TableSpec = {
  sortColumns: sortableAsNamed(['keyword', 'clicks']),
  filterColumns: ['keyword', 'url'],
  defaultOrder: [{ column: 'clicks', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: seoTableOrder,
};
const base = { sql: 'select 1', params: [7] };

describe('orderedTable', () => {
  it('uses the natural order, with empty (unknown) values last in both directions by default', () => {
    expect(orderedTable(base, spec, {}).sql).toContain('order by t."clicks" desc nulls last, t."keyword" asc');
    expect(orderedTable(base, spec, { sort: 'clicks', sortDirection: 'asc' }).sql).toContain('order by t."clicks" asc nulls last');
    expect(orderedTable(base, spec, { sort: 'clicks', sortDirection: 'desc' }).sql).toContain('order by t."clicks" desc nulls last');
  });

  it('places empty values as the request says: low (lowest) or high (highest)', () => {
    expect(orderedTable(base, spec, { sort: 'keyword', sortDirection: 'asc', emptyValues: 'low' }).sql).toContain('order by t."keyword" asc nulls first');
    expect(orderedTable(base, spec, { sortDirection: 'desc', emptyValues: 'low' }).sql).toContain('desc nulls last');
    expect(orderedTable(base, spec, { sortDirection: 'desc', emptyValues: 'high' }).sql).toContain('desc nulls first');
    expect(orderedTable(base, spec, { sortDirection: 'asc', emptyValues: 'high' }).sql).toContain('asc nulls last');
  });

  it('refuses a column the table does not have', () => {
    expect(() => orderedTable(base, spec, { sort: 'volume' })).toThrow(new ResearchQueryError(invalidSortMessage));
  });

  it('filters every text column with an escaped pattern passed as a parameter', () => {
    const query = orderedTable(base, spec, { filter: '50%_off\\' });
    expect(query.sql).toContain(`where t."keyword"::text ilike ? or t."url"::text ilike ?`);
    expect(query.params).toEqual([7, '%50\\%\\_off\\\\%', '%50\\%\\_off\\\\%']);
  });
});

describe('previousMonth', () => {
  it('steps back one month, across a year', () => {
    expect(previousMonth('2026-10-01')).toBe('2026-09-01');
    expect(previousMonth('2026-01-01')).toBe('2025-12-01');
  });
});

describe('orderedTable with the PPC and keyword tables’ order rules', () => {
  const ppcSpec: TableSpec = {
    sortColumns: { keyword: 'keyword', paidClicks: 'paid_clicks' },
    filterColumns: ['keyword'],
    defaultOrder: [{ column: 'months_bought', direction: 'desc' }, { column: 'paid_clicks', direction: 'desc' }],
    tieBreak: [{ column: 'keyword', direction: 'asc' }],
    unspecified: ppcKeywordTableOrder,
  };

  it('sorts a named column descending when no direction is given, and places empty values on the tie-break too', () => {
    expect(orderedTable(base, ppcSpec, { sort: 'keyword' }).sql).toContain('order by t."keyword" desc nulls last, t."keyword" asc nulls last');
  });

  it('ignores a direction given without a sort column', () => {
    expect(orderedTable(base, ppcSpec, { sortDirection: 'asc' }).sql).toContain('order by t."months_bought" desc nulls last, t."paid_clicks" desc nulls last, t."keyword" asc nulls last');
  });

  it('refuses a sort name that is only a property of every object', () => {
    expect(() => orderedTable(base, ppcSpec, { sort: 'constructor' })).toThrow(new ResearchQueryError(invalidSortMessage));
  });

  it('maps the rows and counts without the order', () => {
    const query = orderedTable(base, { ...ppcSpec, map: (raw: { keyword: string }) => ({ term: raw.keyword }) }, { filter: ' shoes ' });
    expect(query.map?.({ keyword: 'a' })).toEqual({ term: 'a' });
    expect(query.countSql).toBe('select t.* from (select 1) t where t."keyword"::text ilike ?');
    expect(query.params).toEqual([7, '%shoes%']);
  });
});

describe('orderedTable with the projects keyword table’s rules', () => {
  const trackedSpec: TableSpec = {
    sortColumns: { keyword: 'keyword', volume: 'volume', groups: 'groups_sort' },
    filterColumns: ['keyword'],
    filterMatch: 'lowercase-contains',
    defaultOrder: [{ column: 'volume', direction: 'desc' }],
    tieBreak: [{ column: 'keyword', direction: 'asc' }],
    unspecified: trackedKeywordTableOrder,
    firstDirections: { keyword: 'asc', groups: 'asc' },
  };
  it('starts each column in its own direction, and a direction alone sorts the default column', () => {
    expect(orderedTable(base, trackedSpec, { sort: 'groups' }).sql).toContain('order by t."groups_sort" asc nulls last, t."keyword" asc');
    expect(orderedTable(base, trackedSpec, { sort: 'volume' }).sql).toContain('order by t."volume" desc nulls last, t."keyword" asc');
    expect(orderedTable(base, trackedSpec, { sortDirection: 'asc' }).sql).toContain('order by t."volume" asc nulls last, t."keyword" asc');
    expect(() => orderedTable(base, trackedSpec, { sort: 'hasOwnProperty' })).toThrow(new ResearchQueryError(invalidSortMessage));
  });
  it('matches the filter lowercased, as a plain substring (no pattern characters)', () => {
    const query = orderedTable(base, trackedSpec, { filter: ' Shoe_% ' });
    expect(query.sql).toContain('where strpos(t."keyword"::text, ?) > 0');
    expect(query.params).toEqual([7, 'shoe_%']);
  });
});
