import { describe, expect, it } from '@jest/globals';
import { sqlFromPg } from './sql.js';
import { installationOwner, scopeToViewer, viewerScopedSql, withViewer } from './viewer-scope.js';

const alice = '11111111-1111-1111-1111-111111111111';
const bob = '22222222-2222-2222-2222-222222222222';
const carol = '33333333-3333-3333-3333-333333333333';

describe('scopeToViewer', () => {
  it('replaces each read of a warehouse table by the rows the viewer may see, keeping its alias', () => {
    const scoped = scopeToViewer('select k.term from organic_rank r join keyword k on k.id = r.keyword_id where r.month = ?::date');
    expect(scoped.text).toBe(
      `select k.term from (select * from organic_rank where owner_user_id in ('${installationOwner}', ?::uuid)) r ` +
        'join (select * from keyword where (owner_user_ids is null or ?::uuid = any(owner_user_ids))) k on k.id = r.keyword_id where r.month = ?::date',
    );
    expect(scoped.viewerAt).toEqual([0, 0]);
  });

  it('names an alias-less table after itself, and puts the viewer among the parameters where its placeholders stand', () => {
    const scoped = scopeToViewer('select ? as a, (select max(last_month) from data_source) from page where url = ? and domain_id = ?');
    expect(scoped.text).toBe(
      'select ? as a, (select max(last_month) from (select * from data_source where (owner_user_id is null or owner_user_id = ?::uuid)) data_source) ' +
        'from (select * from page where (owner_user_ids is null or ?::uuid = any(owner_user_ids))) page where url = ? and domain_id = ?',
    );
    expect(scoped.viewerAt).toEqual([1, 1]);
    expect(withViewer(['a', 'u', 7], scoped.viewerAt, alice)).toEqual(['a', alice, alice, 'u', 7]);
  });

  it('leaves other tables, partitions, columns, deletes and comments alone', () => {
    const text = `select keyword_id, domain_month.month from domain_month join organic_rank_default d on true
      -- read from organic_rank later
      where exists (select 1 from paid_ad); delete from page p where p.id = 1`;
    expect(scopeToViewer(text)).toEqual({ text, viewerAt: [] });
  });

  it('gives every viewer the same text for a named statement, the viewer travelling as a parameter', async () => {
    const sent: { text: string; values: unknown[]; name?: string }[] = [];
    const base = sqlFromPg({ query: async (config: { text: string; values: unknown[]; name?: string }) => (sent.push(config), { rows: [] }) });
    let viewer: string | null = alice;
    const sql = viewerScopedSql(base, () => viewer);
    await sql.query('select term from keyword where territory = ? limit ?', ['US', 5], 'suggest');
    viewer = bob;
    await sql.query('select term from keyword where territory = ? limit ?', ['US', 5], 'suggest');
    viewer = null;
    await sql.query('select term from keyword where territory = ? limit ?', ['US', 5]);
    // A logged-in viewer is asked about first (once per request): do they own figures of their own (no, here)?
    expect(sent.map((statement) => statement.name)).toEqual(['research_viewer_level', 'suggest', 'research_viewer_level', 'suggest', undefined]);
    const reads = sent.filter((statement) => statement.name !== 'research_viewer_level');
    expect(reads.map((statement) => statement.values)).toEqual([[alice, 'US', 5], [bob, 'US', 5], [null, 'US', 5]]);
    expect(reads[0]!.text).toBe(reads[1]!.text);
    expect(reads[0]!.text).toBe('select term from (select * from keyword where (owner_user_ids is null or $1::uuid = any(owner_user_ids))) keyword where territory = $2 limit $3');
  });

  it('reads a viewer\'s own figures over the shared ones once they own some, under a statement name of its own', async () => {
    const sent: { text: string; values: unknown[]; name?: string }[] = [];
    const base = sqlFromPg({
      query: async (config: { text: string; values: unknown[]; name?: string }) => {
        sent.push(config);
        return { rows: config.name === 'research_viewer_level' ? [{ owns: true, shares: false }] : [] };
      },
    });
    let request = {};
    const sql = viewerScopedSql(base, () => carol, () => request);
    await sql.query('select m.month from domain_month m join keyword k on k.id = ? where m.territory = ?', [7, 'US'], 'months');
    await sql.query('select m.month from domain_month m join keyword k on k.id = ? where m.territory = ?', [7, 'US'], 'months');
    // Asked once for the request's statements; the next request asks again (an import may have finished since).
    expect(sent.map((statement) => statement.name)).toEqual(['research_viewer_level', 'months_own', 'months_own']);
    request = {};
    await sql.query('select m.month from domain_month m join keyword k on k.id = ? where m.territory = ?', [7, 'US'], 'months');
    expect(sent.map((statement) => statement.name).slice(3)).toEqual(['research_viewer_level', 'months_own']);
    const read = sent[1]!;
    expect(read.text).toContain('from owned_domain_month where owner_user_id = $1::uuid');
    expect(read.text).toContain('left join owned_keyword o on o.owner_user_id = $3::uuid');
    expect(read.values).toEqual([carol, carol, carol, carol, 7, 'US']);
  });
});
