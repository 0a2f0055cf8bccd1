import { describe, expect, it } from '@jest/globals';
import type { Sql } from '../sql.js';
import { rowProvenance } from './row-provenance.js';

const viewer = '11111111-1111-1111-1111-111111111111';
const owner = '22222222-2222-2222-2222-222222222222';
const sources = [
  { id: 1, kind: 'demo', label: 'Demo market (tiny size, seed 1): invented sites and keywords', format: null, owner_user_id: null, fetched_on: '2026-11-01' },
  { id: 2, kind: 'provider', label: 'DataForSEO: freshsite.example (US)', format: null, owner_user_id: null, fetched_on: '2026-11-20' },
  { id: 3, kind: 'import', label: 'Search Console: sc-domain:bakehouse.example, Oct 2026', format: 'gsc', owner_user_id: viewer, fetched_on: '2026-11-02' },
  { id: 4, kind: 'import', label: 'positions.csv', format: 'organic-positions', owner_user_id: owner, fetched_on: '2026-11-03' },
];

/** An Sql answering the one read of data_source, counting the reads. */
function fakeSql() {
  const reads: string[] = [];
  const sql: Sql = { query: async <T extends object>(text: string) => (reads.push(text), sources as unknown as T[]) };
  return { sql, reads };
}

const file = { dataSource: 'Demo data', dataDate: '2026-10' };

describe('rowProvenance', () => {
  it('names each row\'s own source in the page\'s words, dated by the table\'s month or the fetch\'s day', async () => {
    const { sql, reads } = fakeSql();
    const of = await rowProvenance(sql, { viewerUserId: viewer, month: '2026-10-01', file });
    expect(of(1)).toEqual({ dataSource: 'Demo data', dataDate: '2026-10' });
    expect(of(2)).toEqual({ dataSource: 'DataForSEO', dataDate: '2026-11-20' });
    expect(of(3)).toEqual({ dataSource: 'Your data: Search Console', dataDate: '2026-10' });
    // The account owner's import a team member sees through a project.
    expect(of(4)).toEqual({ dataSource: "Your team's data: Organic Positions", dataDate: '2026-10' });
    // One read for the whole export.
    expect(reads).toHaveLength(1);
  });

  it('lists every source of a row made of several, once each', async () => {
    const of = await rowProvenance(fakeSql().sql, { viewerUserId: viewer, month: '2026-10-01', file });
    expect(of([3, 1, 1])).toEqual({ dataSource: 'Demo data, Your data: Search Console', dataDate: '2026-10' });
    expect(of([2, 1])).toEqual({ dataSource: 'Demo data, DataForSEO', dataDate: '2026-10, 2026-11-20' });
  });

  it('gives a row without a source, or with one the viewer may not see, the file\'s words', async () => {
    const of = await rowProvenance(fakeSql().sql, { viewerUserId: viewer, month: null, file });
    expect(of(null)).toBe(file);
    expect(of(undefined)).toBe(file);
    expect(of([])).toBe(file);
    expect(of(99)).toBe(file);
    expect(of([99, 98])).toBe(file);
    // No month (backlinks): no date but a fetch's.
    expect(of(1)).toEqual({ dataSource: 'Demo data', dataDate: null });
  });
});
