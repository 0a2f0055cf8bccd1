import { describe, expect, it } from '@jest/globals';
import { rankChanges, sightingOf, siteOfUrl, type RankSighting } from './rank-alert-rules.js';

// Which rank changes an alert reports (issue 22 point 6).
const at = (position: number | null, top10: string[] = []): RankSighting => ({ position, top10 });

describe('sightingOf', () => {
  it('finds the project’s site (www. and subdomains included) and the top 10’s sites', () => {
    const results = Array.from({ length: 12 }, (_, index) => ({ position: index + 1, url: index === 4 ? 'https://www.acme.example/shoes' : `https://site${index + 1}.example/x` }));
    expect(sightingOf(results, 'acme.example')).toEqual({ position: 5, top10: ['site1.example', 'site2.example', 'site3.example', 'site4.example', 'acme.example', 'site6.example', 'site7.example', 'site8.example', 'site9.example', 'site10.example'] });
    expect(sightingOf([{ position: 3, url: 'https://blog.acme.example/a' }], 'acme.example').position).toBe(3);
    expect(sightingOf([{ position: 3, url: 'https://notacme.example/a' }], 'acme.example').position).toBeNull();
    expect(siteOfUrl('not a url')).toBeNull();
  });
});

describe('rankChanges', () => {
  const rules = [
    { kind: 'enters', top: 3 },
    { kind: 'leaves', top: 3 },
    { kind: 'enters', top: 10 },
    { kind: 'leaves', top: 10 },
    { kind: 'moves', by: 5 },
    { kind: 'newCompetitor' },
  ] as const;

  it('reports nothing the first time a keyword is seen', () => {
    expect(rankChanges('shoes', 'acme.example', null, at(1), rules)).toEqual([]);
  });

  it('reports leaving the top 10 at its edge, and leaving the results altogether', () => {
    expect(rankChanges('shoes', 'acme.example', at(10), at(11), [{ kind: 'leaves', top: 10 }]).map((change) => change.message)).toEqual(['“shoes”: acme.example left the top 10 (#10 → #11).']);
    expect(rankChanges('shoes', 'acme.example', at(9), at(null), [{ kind: 'leaves', top: 10 }])[0]).toMatchObject({ previousPosition: 9, position: null, message: '“shoes”: acme.example left the top 10 (#9 → not in the results).' });
    expect(rankChanges('shoes', 'acme.example', at(10), at(10), [{ kind: 'leaves', top: 10 }])).toEqual([]);
  });

  it('reports entering the top 3 and the top 10 as two changes when both happen', () => {
    expect(rankChanges('shoes', 'acme.example', at(14), at(2), rules).map((change) => change.ruleKey)).toEqual(['enters:3', 'enters:10', 'moves:5']);
    expect(rankChanges('shoes', 'acme.example', at(null), at(4), rules).map((change) => change.ruleKey)).toEqual(['enters:10']);
  });

  it('reports a move of at least N places either way, and not a smaller one', () => {
    expect(rankChanges('shoes', 'acme.example', at(20), at(15), [{ kind: 'moves', by: 5 }]).map((change) => change.message)).toEqual(['“shoes”: acme.example rose 5 places (#20 → #15).']);
    expect(rankChanges('shoes', 'acme.example', at(15), at(20), [{ kind: 'moves', by: 5 }])[0]!.message).toBe('“shoes”: acme.example fell 5 places (#15 → #20).');
    expect(rankChanges('shoes', 'acme.example', at(15), at(19), [{ kind: 'moves', by: 5 }])).toEqual([]);
  });

  it('reports each site new in the top 10 once, never the project’s own', () => {
    const changes = rankChanges('shoes', 'acme.example', at(12, ['a.example', 'b.example']), at(8, ['a.example', 'c.example', 'acme.example', 'd.example']), [{ kind: 'newCompetitor' }]);
    expect(changes.map((change) => [change.competitor, change.message])).toEqual([
      ['c.example', '“shoes”: c.example is new in the top 10 (#2).'],
      ['d.example', '“shoes”: d.example is new in the top 10 (#4).'],
    ]);
  });
});
