import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { unescapeCopyText, withLiterals } from './table-batches.js';

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
