import { describe, expect, it } from '@jest/globals';
import { sqlFromPg } from './sql.js';
import { viewerScopedSql } from './viewer-scope.js';

const dave = '44444444-4444-4444-4444-444444444444';

type Statement = { text: string; values: unknown[]; name?: string };
const recorder = (answer: (statement: Statement) => unknown[] = () => []) => {
  const sent: Statement[] = [];
  return { sent, sql: sqlFromPg({ query: async (statement: Statement) => (sent.push(statement), { rows: answer(statement) }) }) };
};

describe('the viewer-level probe on a port of its own (levelSql)', () => {
  it('asks the level there, as the named statement, and reads on the base at the level it answered', async () => {
    const base = recorder();
    const prepared = recorder((statement) => (statement.name === 'research_viewer_level' ? [{ owns: false, shares: true }] : []));
    const sql = viewerScopedSql(base.sql, () => dave, () => undefined, prepared.sql);
    await sql.query('select m.month from domain_month m where m.territory = ?', ['US'], 'months');
    // The probe alone went to the prepared port, with the viewer in its three places; the read went to the base.
    expect(prepared.sent.map((statement) => [statement.name, statement.values])).toEqual([['research_viewer_level', [dave, dave, dave]]]);
    expect(prepared.sent[0]!.text).toContain('from owned_keyword where owner_user_id = $1::uuid');
    expect(base.sent.map((statement) => statement.name)).toEqual(['months_team']);
    expect(base.sent[0]!.text).toContain('from owned_domain_month');
  });

  it('asks nothing for a visitor, and probes on the base when no port is given', async () => {
    const base = recorder();
    const prepared = recorder();
    let viewer: string | null = null;
    await viewerScopedSql(base.sql, () => viewer, () => undefined, prepared.sql).query('select 1 from keyword', []);
    expect(prepared.sent).toEqual([]);
    viewer = '55555555-5555-5555-5555-555555555555';
    await viewerScopedSql(base.sql, () => viewer).query('select 1 from keyword', []);
    expect(base.sent.map((statement) => statement.name)).toEqual([undefined, 'research_viewer_level', undefined]);
  });
});
