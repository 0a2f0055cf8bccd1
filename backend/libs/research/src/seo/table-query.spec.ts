import { describe, expect, it } from '@jest/globals';
import { previousMonth } from '../warehouse/lookups.js';
import { invalidSortMessage, orderedTable, ResearchQueryError, type TableSpec } from './table-query.js';

const spec: TableSpec = { sortable: ['keyword', 'clicks'], filterColumns: ['keyword', 'url'], defaultSort: 'clicks', defaultDirection: 'desc', tieBreak: 't."keyword" asc' };
const base = { sql: 'select 1', params: [7] };

describe('orderedTable', () => {
  it('uses the natural order, with empty values lowest by default', () => {
    expect(orderedTable(base, spec, {}).sql).toContain('order by t."clicks" desc nulls last, t."keyword" asc');
    expect(orderedTable(base, spec, { sort: 'keyword', sortDirection: 'asc' }).sql).toContain('order by t."keyword" asc nulls first');
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
