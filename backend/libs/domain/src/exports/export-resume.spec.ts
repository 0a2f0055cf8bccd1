import { describe, expect, it } from '@jest/globals';
import { exportFingerprint, resumePointOf, sameKey, tiesAtEnd } from './export-resume.js';

describe('export resume points', () => {
  const point = { attempt: 1, fingerprint: 'f', rows: 10, bytes: 120, scope: null, columns: ['a'], lastKey: ['2026-01-01 00:00:00.000001+00', null], ties: 1 };

  it('reads the checkpoint an earlier attempt saved, and nothing else', () => {
    expect(resumePointOf({ exportResume: point, other: true })).toEqual(point);
    expect(resumePointOf(null)).toBeNull();
    expect(resumePointOf({ exportResume: { ...point, bytes: 0 } })).toBeNull();
    // A spreadsheet's checkpoint has no bytes, only its rows in the spreadsheet it names.
    const sheet = { ...point, bytes: 0, sheet: { spreadsheetId: 's1', url: 'https://docs.google.com/spreadsheets/d/s1/edit', sheetTitle: 'Export' } };
    expect(resumePointOf({ exportResume: sheet })).toEqual(sheet);
    expect(resumePointOf({ emailed: true })).toBeNull();
  });

  it('counts the written rows at the end that share the last key (a tie-break that is not unique)', () => {
    const keys = [['1', 'a'], ['2', null], ['2', null], ['2', null], ['3', 'b']];
    expect(tiesAtEnd((index) => keys[index]!, 5)).toEqual({ key: ['3', 'b'], count: 1 });
    expect(tiesAtEnd((index) => keys[index]!, 4)).toEqual({ key: ['2', null], count: 3 });
    expect(sameKey(['2', null], ['2', null])).toBe(true);
    expect(sameKey(['2', null], ['2', ''])).toBe(false);
    expect(sameKey(['2'], null)).toBe(false);
  });

  it('fingerprints what the attempt exports: another month, plan or order is another export', () => {
    const query = { sql: 'select 1', params: ['2026-10-01', 'user'], keyset: { keys: [], orderSql: 't."a" asc' } };
    const base = exportFingerprint({ format: 'csv', query, withhold: [], limits: [500_000] });
    expect(exportFingerprint({ format: 'csv', query: { ...query }, withhold: [], limits: [500_000] })).toBe(base);
    expect(exportFingerprint({ format: 'csv', query: { ...query, params: ['2026-11-01', 'user'] }, withhold: [], limits: [500_000] })).not.toBe(base);
    expect(exportFingerprint({ format: 'csv', query, withhold: ['cpc'], limits: [500_000] })).not.toBe(base);
    expect(exportFingerprint({ format: 'csv', query, withhold: [], limits: [10_000] })).not.toBe(base);
  });
});
