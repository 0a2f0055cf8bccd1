import { describe, expect, it } from '@jest/globals';
import { sqlFromPg } from './sql.js';
import { installationOwner, scopeToViewer, viewerScopedSql, withViewer } from './viewer-scope.js';

const alice = '11111111-1111-1111-1111-111111111111';
const bob = '22222222-2222-2222-2222-222222222222';

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
    expect(sent.map((statement) => statement.values)).toEqual([[alice, 'US', 5], [bob, 'US', 5], [null, 'US', 5]]);
    expect(sent[0]!.text).toBe(sent[1]!.text);
    expect(sent[0]!.text).toBe('select term from (select * from keyword where (owner_user_ids is null or $1::uuid = any(owner_user_ids))) keyword where territory = $2 limit $3');
  });
});
