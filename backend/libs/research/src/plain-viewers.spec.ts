import { describe, expect, it } from '@jest/globals';
import { PlainViewers } from './plain-viewers.js';
import { sqlFromPg } from './sql.js';
import { viewerScopedSql } from './viewer-scope.js';

const erin = '66666666-6666-4666-8666-666666666666';

describe('PlainViewers', () => {
  it('keeps nothing while the writes are not heard', () => {
    const viewers = new PlainViewers();
    viewers.remember(erin, viewers.version);
    expect(viewers.has(erin)).toBe(false);
    viewers.setHearing(true);
    viewers.remember(erin, viewers.version);
    expect(viewers.has(erin)).toBe(true);
    viewers.setHearing(false);
    expect(viewers.has(erin)).toBe(false);
    viewers.setHearing(true);
    expect(viewers.has(erin)).toBe(false);
  });

  it('does not remember a probe begun before a write was heard', () => {
    const viewers = new PlainViewers();
    viewers.setHearing(true);
    const before = viewers.version;
    viewers.forget();
    viewers.remember(erin, before);
    expect(viewers.has(erin)).toBe(false);
    viewers.remember(erin, viewers.version);
    expect(viewers.has(erin)).toBe(true);
    viewers.forget();
    expect(viewers.has(erin)).toBe(false);
  });
});

describe('a research port that keeps PlainViewers', () => {
  type Statement = { text: string; values: unknown[]; name?: string };
  const portAnswering = (level: { owns: boolean; shares: boolean }) => {
    const sent: Statement[] = [];
    const sql = sqlFromPg({ query: async (statement: Statement) => (sent.push(statement), { rows: statement.name === 'research_viewer_level' ? [level] : [] }) });
    return { sent, sql };
  };
  const probes = (sent: Statement[]) => sent.filter((statement) => statement.name === 'research_viewer_level').length;

  it('probes a plain viewer once while nothing is written, then again after a write, at the level it finds', async () => {
    const level = { owns: false, shares: false };
    const port = portAnswering(level);
    const viewers = new PlainViewers();
    viewers.setHearing(true);
    const sql = viewerScopedSql(port.sql, () => erin, () => undefined, port.sql, viewers);
    for (let request = 0; request < 3; request += 1) await sql.query('select 1 from keyword', [], 'one');
    expect(probes(port.sent)).toBe(1);
    level.owns = true;
    viewers.forget();
    await sql.query('select 1 from keyword', [], 'one');
    await sql.query('select 1 from keyword', [], 'one');
    // 'own' is never kept as plain: probed on each request (it may reach 'team'), read at 'own'.
    expect(probes(port.sent)).toBe(3);
    expect(port.sent.filter((statement) => statement.name?.startsWith('one')).map((statement) => statement.name)).toEqual(['one', 'one', 'one', 'one_own', 'one_own']);
  });
});
