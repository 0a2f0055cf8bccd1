import { describe, expect, it } from '@jest/globals';
import { sqlFromPg } from './sql.js';

/** What node-postgres is asked to run: named statements (prepared by pg) carry their name, others none. */
function recordingPg() {
  const sent: { text: string; values: unknown[]; name?: string }[] = [];
  return { sent, client: { query: async (config: { text: string; values: unknown[]; name?: string }) => (sent.push(config), { rows: [{ ok: 1 }] }) } };
}

describe('sqlFromPg', () => {
  it('runs a named statement under its name, with numbered placeholders, and an unnamed one without a name', async () => {
    const { sent, client } = recordingPg();
    const sql = sqlFromPg(client);
    expect(await sql.query('select ? as a, ? as b', [1, 'x'], 'test_statement')).toEqual([{ ok: 1 }]);
    await sql.query('select ? as a, ? as b', [2, 'y'], 'test_statement');
    await sql.query('select ? as c', [3]);
    expect(sent).toEqual([
      { name: 'test_statement', text: 'select $1 as a, $2 as b', values: [1, 'x'] },
      { name: 'test_statement', text: 'select $1 as a, $2 as b', values: [2, 'y'] },
      { text: 'select $1 as c', values: [3] },
    ]);
    expect('name' in sent[2]!).toBe(false);
  });
});
