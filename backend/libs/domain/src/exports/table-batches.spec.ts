import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { batchRowsFor, batchTextBytes, unescapeCopyText, withLiterals } from './table-batches.js';

// escapeLiteral is node-postgres's own quoting; no connection is opened.
const client = new pg.Client();

describe('withLiterals', () => {
  it('writes each ? as a quoted literal, quotes and backslashes escaped', () => {
    expect(withLiterals('select * from t where a = ? and b = ? and c = ?', [7, "O'Brien", 'back\\slash'], client)).toBe(
      "select * from t where a = '7' and b = 'O''Brien' and c =  E'back\\\\slash'",
    );
  });

  it('writes null, booleans, dates and arrays as node-postgres sends them', () => {
    expect(withLiterals('? ? ? ?', [null, true, new Date('2026-10-01T00:00:00Z'), [1, 'a"b', null]], client)).toBe(
      `NULL 'true' '2026-10-01T00:00:00.000Z'  E'{"1","a\\\\"b",NULL}'`,
    );
  });

  it('refuses what it cannot write safely', () => {
    expect(() => withLiterals('?', [{ a: 1 }], client)).toThrow();
    expect(() => withLiterals('?', [Number.NaN], client)).toThrow();
    expect(() => withLiterals('? ?', [1], client)).toThrow();
  });
});

describe('unescapeCopyText', () => {
  it("undoes COPY's text-format escapes", () => {
    expect(unescapeCopyText('a\\tb\\nc\\\\d\\re')).toBe('a\tb\nc\\d\re');
  });
});

describe('batchRowsFor (issue 27 point 2: batch sizes by row width)', () => {
  it('keeps narrow rows at the full batch: 500,000 backlinks of ~200 bytes read 5,000 at a time as before', () => {
    expect(batchRowsFor(200, 5_000)).toBe(5_000);
    expect(batchRowsFor(400, 5_000)).toBe(5_000);
  });

  it('cuts wide rows to what fits in the text budget', () => {
    expect(batchRowsFor(2_048, 5_000)).toBe(1_024);
    expect(batchRowsFor(1_000, 5_000, 100_000)).toBe(100);
    expect(batchRowsFor(batchTextBytes / 3, 5_000)).toBe(100); // never below 100 rows a batch
    expect(batchRowsFor(10_000, 50)).toBe(50); // nor above the batch asked for
  });

  it('answers the full batch while the width is unknown', () => {
    expect(batchRowsFor(null, 2_000)).toBe(2_000);
    expect(batchRowsFor(0, 2_000)).toBe(2_000);
    expect(batchRowsFor(Number.NaN, 2_000)).toBe(2_000);
  });
});
