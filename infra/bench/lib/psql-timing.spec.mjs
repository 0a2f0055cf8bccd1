import { describe, expect, it } from '@jest/globals';
import { sqlForCopy } from './psql-timing.mjs';

describe('sqlForCopy', () => {
  // The ranking history's statement has `--` comments (one with a `?`): on psql's one \copy line they swallowed the
  // rest ("\copy: parse error at end of line"), and a `?` in a comment took a parameter meant for the statement.
  it('drops comments before inlining, keeps quoted text, and gives one line', () => {
    const sql = `select a, -- is it ranked? unknown otherwise
      b from t
      where x = ? and note = 'a -- not a comment' -- the subject
        and y = ?::date`;
    expect(sqlForCopy(sql, ['ex.com', '2026-10-01'])).toBe(`select a, b from t where x = 'ex.com' and note = 'a -- not a comment' and y = '2026-10-01'::date`);
  });
});
