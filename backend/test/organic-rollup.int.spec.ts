import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  competitorRollupSql, createWarehouseSource, demoLastMonth, giantNames, keywordComparisonQuery, landWarehouseRows, monthsEndingAt,
  organicRollupSql, rivalRollupSql, rivalSourceOf, organicKeywordsRolledUp, organicChangesRolledUp, droppedTypes, pageOf, prepareExport, totalRowsOf, countSqlOf, kombatCounts, kombatDomainsRolledUp, viewerFiguresShared, kombatQuery, topPagesQuery, topPagesRolledUp, removeWarehouseSource, viewerScopedSql, type ComparisonType, type Sql,
  type TableOrder,
} from '@serpwise/research';
import { kombatSegments } from '@serpwise/contracts';
import type pg from 'pg';
import { openGiantMarket, type GiantMarket } from '../../infra/test/giant-market.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

/**
 * Issue 27 point 1, on the tiny market with the giant subjects at a hundredth (10,000 keywords a month): the SEO
 * keywords (and ranking history) and top pages of a large domain read their count from organic_rollup_month and, in
 * the clicks order, their page's keywords or pages from organic_keyword_month / organic_page_month. Both must answer exactly what the ranks answer (rows,
 * order, count), for every domain, and stay right when a provider fetch lands in the month or the month before, when
 * it is removed, and for a viewer with their own ranks.
 */
jest.setTimeout(180_000);

let market: GiantMarket;
let database: TestDatabase;
let client: pg.Client;
let sql: Sql;
const marketMonths = monthsEndingAt(demoLastMonth, 24);
const newest = demoLastMonth;
const previous = marketMonths.at(-2)!;
const alice = '00000000-0000-4000-8000-00000000a11c';

beforeAll(async () => {
  market = await openGiantMarket();
  ({ database, client, sql } = market);
}, setUpTimeoutMs);

afterAll(async () => {
  await market?.close();
}, setUpTimeoutMs);

const idOf = (name: string) => market.idOf(name);

type Window = { startRow: number; pageSize: number };
const orders: TableOrder[] = [
  {}, { sort: 'clicks', sortDirection: 'asc' }, { sort: 'clicks', sortDirection: 'desc', emptyValues: 'high' }, { sort: 'volume', sortDirection: 'desc' },
  { sort: 'volume', sortDirection: 'asc' }, { sort: 'value', sortDirection: 'desc' }, { sort: 'value', sortDirection: 'asc', emptyValues: 'low' },
];
const types: ComparisonType[] = ['all', 'newlyranked', 'NewKeywords', 'MostValuable'];

/** One page of a domain-month's keywords read both ways (from the ranks, and from the roll-up), as a visitor asks. */
async function bothWays(domainId: number, month: string, type: ComparisonType, order: TableOrder, window: Window, withHistory = false) {
  const read = async (fromRollup: boolean) => {
    // A visitor: the roll-up's volume and value keys are theirs (viewerFiguresShared).
    // The change types as the catalogue asks (FellFromTop10 and NoLongerRanks: when the month before is built too).
    const rollupChanges = fromRollup && await organicChangesRolledUp(sql, { domainId, territory: 'US', month, withPrevious: droppedTypes.includes(type) });
    const query = keywordComparisonQuery({ subject: { kind: 'domain', domainId }, territory: 'US', month, type, withHistory, fromRollup, rollupFigures: fromRollup, rollupChanges }, order);
    return { page: await pageOf(sql, query, window), paged: query.pageSql !== undefined };
  };
  const ranks = await read(false);
  const rollup = await read(true);
  return { ranks: ranks.page, rollup: rollup.page, paged: rollup.paged };
}

/** The kombat's Venn regions and segment counts of a domain-month, from the ranks and from the bitmaps, must be the same. */
async function expectSameKombatCounts(domainIds: number[], month: string) {
  const names = domainIds.map((id, index) => `d${index}-${id}`);
  const ranks = await kombatCounts(sql, { domainIds, territory: 'US', month }, names);
  const bits = await kombatCounts(sql, { domainIds, territory: 'US', month, rolledUp: domainIds.map(() => true) }, names);
  expect({ domainIds, ...bits }).toEqual({ domainIds, ...ranks });
  return bits;
}

/** The kombat of rolled-up domains, every segment's first page in the default order and the counts, both ways. */
async function expectSameKombat(domainIds: number[], month: string) {
  for (const segment of kombatSegments.organic) {
    const read = (fromRollup: boolean) => pageOf(sql, kombatQuery({ domainIds, territory: 'US', month, fromRollup }, segment, {}), { startRow: 1, pageSize: 100 });
    expect({ segment, ...(await read(true)) }).toEqual({ segment, ...(await read(false)) });
  }
  return expectSameKombatCounts(domainIds, month);
}

const pageOrders: TableOrder[] = [{}, { sort: 'clicks', sortDirection: 'asc' }, { sort: 'keywords', sortDirection: 'desc' }];

/** One page of a domain-month's top pages (all, or the new ones) read both ways. */
async function topPagesBothWays(domainId: number, month: string, order: TableOrder, window: Window, type: 'mosttraffic' | 'newpages' = 'mosttraffic') {
  const read = async (fromRollup: boolean) => {
    const query = topPagesQuery({ domainId, territory: 'US', month, type, fromRollup }, order);
    return { page: await pageOf(sql, query, window), paged: query.pageSql !== undefined };
  };
  const ranks = await read(false);
  const rollup = await read(true);
  return { ranks: ranks.page, rollup: rollup.page, paged: rollup.paged };
}

/** Every type, order and window of a domain-month (keywords and top pages): the roll-up's answers equal the ranks'. Returns how many pages the index read. */
async function expectSameAnswers(domainId: number, month: string, windows: Window[], keywordOrders = orders) {
  let paged = 0;
  for (const type of ['mosttraffic', 'newpages'] as const) {
    for (const order of pageOrders) {
      for (const window of windows) {
        const both = await topPagesBothWays(domainId, month, order, window, type);
        expect({ domainId, month, table: `top pages ${type}`, order, window, ...both.rollup }).toEqual({ domainId, month, table: `top pages ${type}`, order, window, ...both.ranks });
        if (both.paged && both.ranks.rows.length) paged++;
      }
    }
  }
  for (const type of types) {
    for (const order of keywordOrders) {
      for (const window of windows) {
        const both = await bothWays(domainId, month, type, order, window);
        expect({ domainId, month, type, order, window, ...both.rollup }).toEqual({ domainId, month, type, order, window, ...both.ranks });
        if (both.paged && both.ranks.rows.length) paged++;
      }
    }
  }
  return paged;
}

/** The month-over-month types read from organic_keyword_month's previous position and clicks (their partial indexes). */
const changeTypes: ComparisonType[] = [
  'almostthere', 'pageone', 'pastpageone', 'gainedranks', 'lostranks', 'gainedclicks', 'lostclicks', 'justmadeit', 'justfelloff',
  'GainedRanks', 'LostRanks', 'GainedClicks', 'LostClicks', 'MadeTheTop10', 'FellFromTop10', 'NoLongerRanks',
];
const changeOrders: TableOrder[] = [
  {}, { sort: 'clicks', sortDirection: 'desc' }, { sort: 'positionChange', sortDirection: 'asc' }, { sort: 'volume', sortDirection: 'desc' },
  { sort: 'previousClicks', sortDirection: 'desc' }, { sort: 'previousPosition', sortDirection: 'asc' },
];

/** Every change type of a domain-month, in `changeOrders`, both ways: rows, order and count. Returns how many pages the index read. */
async function expectSameChanges(domainId: number, month: string, windows: Window[], keywordOrders = changeOrders, withHistory = false) {
  let paged = 0;
  for (const type of changeTypes) {
    for (const order of keywordOrders) {
      for (const window of windows) {
        const both = await bothWays(domainId, month, type, order, window, withHistory && /^[A-Z]/.test(type));
        expect({ domainId, month, type, order, window, ...both.rollup }).toEqual({ domainId, month, type, order, window, ...both.ranks });
        if (both.paged && both.ranks.rows.length) paged++;
      }
    }
  }
  return paged;
}

describe('the SEO keywords roll-up', () => {
  it('answers the change types of the giant (SEO keywords and ranking history) what its ranks answer, from the previous month\'s keys', async () => {
    const giant = await idOf(giantNames.domain);
    const counts = await database.query<{ change_counts: Record<string, number> | null }>(
      `select change_counts from organic_rollup_month where domain_id = $1 and month = $2`, [giant, newest]);
    expect(counts[0]!.change_counts).not.toBeNull();
    let paged = 0;
    for (const month of marketMonths.slice(-3)) {
      paged += await expectSameChanges(giant, month, [{ startRow: 1, pageSize: 100 }, { startRow: 101, pageSize: 100 }, { startRow: 4_990, pageSize: 20 }], changeOrders, true);
    }
    // Every type has rows in at least one of the giant's months, each read through its index.
    expect(paged).toBeGreaterThan(changeTypes.length * 3);
    // The default first page of each type reads its index (a page, no grouping of every rank).
    for (const type of changeTypes) {
      const both = await bothWays(giant, newest, type, {}, { startRow: 1, pageSize: 100 });
      expect({ type, paged: both.paged }).toEqual({ type, paged: true });
    }
  });


  it('answers for the giant domain what its ranks answer (rows, order, count), for ranking history too', async () => {
    const giant = await idOf(giantNames.domain);
    const rolled = await database.query<{ month: string; keywords: number; newly_ranked: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, keywords, newly_ranked from organic_rollup_month where domain_id = $1 order by month`, [giant]);
    expect(rolled.map((row) => [row.month, row.keywords])).toEqual(marketMonths.slice(-3).map((month) => [month, 10_000]));
    // The oldest giant month is new throughout.
    expect(rolled[0]!.newly_ranked).toBe(10_000);
    const windows = [{ startRow: 1, pageSize: 100 }, { startRow: 101, pageSize: 100 }, { startRow: 9_950, pageSize: 100 }];
    let paged = 0;
    for (const { month } of rolled) paged += await expectSameAnswers(giant, month, windows);
    expect(paged).toBeGreaterThan(20);
    const history = await bothWays(giant, newest, 'all', {}, { startRow: 1, pageSize: 50 }, true);
    expect(history.rollup).toEqual(history.ranks);
    expect(history.paged).toBe(true);
    // Ranking history's default (MostValuable: value, most first) and the volume order read K ids from their indexes too.
    for (const [type, order] of [['MostValuable', {}], ['all', { sort: 'volume', sortDirection: 'desc' }], ['MostValuable', { sort: 'value', sortDirection: 'desc' }]] as const) {
      const both = await bothWays(giant, newest, type, order, { startRow: 1, pageSize: 50 }, true);
      expect(both.rollup).toEqual(both.ranks);
      expect({ type, order, paged: both.paged }).toEqual({ type, order, paged: true });
    }
    expect(await viewerFiguresShared(viewerScopedSql(sql, () => null))).toBe(true);
    expect(await organicKeywordsRolledUp(viewerScopedSql(sql, () => null), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    expect(await topPagesRolledUp(viewerScopedSql(sql, () => null), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    // Smaller than the roll-up's minimum: not rolled up.
    expect(await organicKeywordsRolledUp(sql, { domainId: await idOf(giantNames.sharer), territory: 'US', month: newest })).toBe(false);
    // A filter: the table's own statement, as before.
    expect(keywordComparisonQuery({ subject: { kind: 'domain', domainId: giant }, territory: 'US', month: newest, type: 'all', fromRollup: true }, { filter: 'x' }).pageSql).toBeUndefined();
  });

  it('counts an export of the giant\'s ranking history with the page\'s own total, which equals its every-row statement\'s count', async () => {
    const visitor = viewerScopedSql(sql, () => null);
    for (const type of ['MostValuable', 'NewKeywords'] as const) {
      const prepared = await prepareExport(visitor, 'seo/ranking-history', { domain: giantNames.domain, type });
      const query = prepared.query!;
      // The every-row statement (history as the file's text) keeps the roll-up's count instead of a grouping of every rank.
      expect(query.totalSql).toContain('organic_rollup_month');
      const [counted] = await visitor.query<{ total: number }>(countSqlOf(query), query.params);
      expect({ type, total: await totalRowsOf(visitor, query) }).toEqual({ type, total: counted!.total });
      if (type === 'MostValuable') expect(counted!.total).toBeGreaterThan(1_000);
    }
  });

  it('answers for every domain of the tiny market what its ranks answer (rolled up with no minimum)', async () => {
    await client.query('begin');
    try {
      // The first month (no month before it: everything is new) and the newest (one before it, not rolled up here); a
      // month between them has the newest's shape, and took a third of this file's time (issue 27: CI under 30 min).
      const months = [marketMonths[0]!, newest];
      for (const step of [...competitorRollupSql(months, { minKeywords: 1 }), ...organicRollupSql(months)]) await client.query(step.sql, step.params);
      const domainMonths = (await client.query<{ domain_id: number; month: string }>(
        `select domain_id, to_char(month, 'YYYY-MM-DD') as month from organic_rollup_month where territory = 'US' order by 1, 2`)).rows;
      expect(domainMonths.length).toBeGreaterThan(50);
      // The orders with a stored key, most first (the giant's test above reads every order).
      const stored = orders.filter((order) => order.sortDirection !== 'asc');
      for (const { domain_id: domainId, month } of domainMonths) {
        await expectSameAnswers(domainId, month, [{ startRow: 1, pageSize: 20 }, { startRow: 11, pageSize: 10 }], stored);
        await expectSameChanges(domainId, month, [{ startRow: 1, pageSize: 20 }], [{}]);
      }
    } finally {
      await client.query('rollback');
    }
  }, 400_000);

  it('answers the kombat of rolled-up domains (every segment in volume order, the Venn and segment counts) what its ranks answer', async () => {
    await client.query('begin');
    try {
      for (const step of [...competitorRollupSql([newest], { minKeywords: 1 }), ...organicRollupSql([newest])]) await client.query(step.sql, step.params);
      const giant = await idOf(giantNames.domain);
      const sharer = await idOf(giantNames.sharer);
      const others = (await client.query<{ domain_id: number }>(
        `select domain_id from organic_rollup_month where territory = 'US' and month = $1 and domain_id not in ($2, $3) order by keywords desc, domain_id limit 3`,
        [newest, giant, sharer])).rows.map((row) => row.domain_id);
      const sets = [[giant, sharer], [sharer, giant], [giant, others[0]!], [others[0]!, others[1]!], [giant, sharer, others[2]!], [others[0]!, others[1]!, others[2]!]];
      const kombatOrders: TableOrder[] = [{}, { sort: 'volume', sortDirection: 'asc' }, { sort: 'volume', sortDirection: 'desc', emptyValues: 'high' }, { sort: 'clicks' }];
      let paged = 0;
      for (const domainIds of sets) {
        for (const segment of kombatSegments.organic) {
          for (const order of kombatOrders) {
            for (const window of [{ startRow: 1, pageSize: 100 }, { startRow: 151, pageSize: 50 }]) {
              const read = async (fromRollup: boolean) => {
                const query = kombatQuery({ domainIds, territory: 'US', month: newest, fromRollup }, segment, order);
                return { page: await pageOf(sql, query, window), paged: query.pageSql !== undefined, stored: query.totalSql !== undefined };
              };
              const ranks = await read(false);
              const rollup = await read(true);
              expect({ domainIds, segment, order, window, ...rollup.page }).toEqual({ domainIds, segment, order, window, ...ranks.page });
              expect(rollup.stored).toBe(domainIds.length === 2 && segment === 'all');
              if (rollup.paged) paged++;
            }
          }
        }
      }
      // Every segment in the three volume orders is read through its walks; the clicks order from the ranks.
      expect(paged).toBe(sets.length * kombatSegments.organic.length * 3 * 2);
      // The counts: the same regions and segments from the bitmaps, also with a domain named twice.
      for (const domainIds of [...sets, [giant, giant], [sharer, giant, sharer]]) await expectSameKombatCounts(domainIds, newest);
    } finally {
      await client.query('rollback');
    }
  }, 600_000);

  it('answers the kombat of a rolled-up giant beside domains that are not rolled up (their bitmaps and keywords made from their ranks) as its ranks do', async () => {
    await client.query('begin');
    try {
      // The roll-up's own minimum: the giant is rolled up, the market's small domains are not.
      for (const step of [...competitorRollupSql([newest]), ...organicRollupSql([newest])]) await client.query(step.sql, step.params);
      const giant = await idOf(giantNames.domain);
      const sharer = await idOf(giantNames.sharer);
      const small = (await client.query<{ domain_id: number }>(
        `select m.domain_id from domain_month m where m.territory = 'US' and m.month = $1
           and not exists (select 1 from organic_rollup_month l where (l.domain_id, l.territory, l.month) = (m.domain_id, m.territory, m.month))
         order by m.organic_keywords desc, m.domain_id limit 2`, [newest])).rows.map((row) => row.domain_id);
      expect(small).toHaveLength(2);
      const sets = [[giant, small[0]!], [small[0]!, giant], [giant, sharer, small[0]!], [small[0]!, giant, small[1]!], [giant, small[0]!, small[0]!]];
      for (const domainIds of sets) {
        const rolledUp = await kombatDomainsRolledUp(sql, { domainIds, territory: 'US', month: newest });
        // The sharer is over the minimum at full size only: rolled up or not, its flag is its own.
        expect({ domainIds, rolledUp }).toEqual({ domainIds, rolledUp: domainIds.map((id, index) => (id === sharer ? rolledUp[index] : id === giant)) });
        const names = domainIds.map((id, index) => `d${index}-${id}`);
        const ranks = await kombatCounts(sql, { domainIds, territory: 'US', month: newest }, names);
        const mixed = await kombatCounts(sql, { domainIds, territory: 'US', month: newest, rolledUp }, names);
        expect({ domainIds, ...mixed }).toEqual({ domainIds, ...ranks });
        expect(mixed.segments.all).toBeGreaterThan(0);
        // Every segment's pages in the volume orders walk the giant's roll-up and the others' ranks: the same rows.
        for (const segment of kombatSegments.organic) {
          for (const order of [{}, { sort: 'volume', sortDirection: 'asc' }, { sort: 'volume', sortDirection: 'desc', emptyValues: 'high' }] as TableOrder[]) {
            for (const window of [{ startRow: 1, pageSize: 100 }, { startRow: 151, pageSize: 50 }]) {
              const walked = kombatQuery({ domainIds, territory: 'US', month: newest, fromRollup: true, rolledUp }, segment, order);
              expect(walked.pageSql).toBeDefined();
              const fromRanks = await pageOf(sql, kombatQuery({ domainIds, territory: 'US', month: newest }, segment, order), window);
              expect({ domainIds, segment, order, window, ...(await pageOf(sql, walked, window)) }).toEqual({ domainIds, segment, order, window, ...fromRanks });
            }
          }
        }
      }
      // A viewer with their own rank of the giant that month: not rolled up for her, every count from the ranks she sees.
      const hers = await createWarehouseSource(client, { kind: 'import', label: 'alice.csv', ownerUserId: alice });
      const [term] = (await client.query<{ term: string }>(`select term from keyword where territory = 'US' order by id limit 1`)).rows;
      await landWarehouseRows(client, hers, [{ keyword: term!.term, territory: 'US', date: '2026-10-21', position: 1, url: 'https://www.omnivora.example/alice', title: 'Alice' }], { inTransaction: true });
      const asAlice = viewerScopedSql(sql, () => alice);
      const domainIds = [giant, small[0]!];
      expect(await kombatDomainsRolledUp(asAlice, { domainIds, territory: 'US', month: newest })).toEqual([false, false]);
    } finally {
      await client.query('rollback');
    }
  }, 600_000);

  it('answers FellFromTop10 and NoLongerRanks of the giant what its ranks answer when some of P\'s top 10 no longer rank in M', async () => {
    await client.query('begin');
    try {
      const giant = await idOf(giantNames.domain);
      // 40 of P's top-10 keywords of the giant stop ranking in M: the strongest 20 (ahead of every keyword that fell to
      // below 10) and 20 from the middle of P's clicks order, so both walks of FellFromTop10 give rows to the page.
      const { rows: gone } = await client.query<{ keyword_id: number }>(
        `with top10 as (select keyword_id, row_number() over (order by clicks desc nulls last, term) as n from organic_keyword_month
           where domain_id = $1 and territory = 'US' and month = $2 and position <= 10)
         select keyword_id from top10 where n <= 20 or n between 2000 and 2019`, [giant, previous]);
      expect(gone).toHaveLength(40);
      await client.query(`delete from organic_rank where domain_id = $1 and month = $2 and keyword_id = any($3::int[])`, [giant, newest, gone.map((row) => row.keyword_id)]);
      for (const step of organicRollupSql([newest])) await client.query(step.sql, step.params);
      const windows = [{ startRow: 1, pageSize: 100 }, { startRow: 101, pageSize: 50 }, { startRow: 1_990, pageSize: 40 }];
      for (const type of ['FellFromTop10', 'NoLongerRanks'] as const) {
        for (const order of [{}, { sort: 'previousClicks', sortDirection: 'asc' }, { sort: 'position', sortDirection: 'asc' }] as TableOrder[]) {
          for (const window of windows) {
            const both = await bothWays(giant, newest, type, order, window, true);
            expect({ type, order, window, ...both.rollup }).toEqual({ type, order, window, ...both.ranks });
          }
        }
        const first = await bothWays(giant, newest, type, {}, { startRow: 1, pageSize: 100 });
        expect({ type, paged: first.paged }).toEqual({ type, paged: true });
        // The keywords that no longer rank lead both tables (P's strongest), as the ranks say.
        const names = first.rollup.rows.slice(0, 20).map((row) => (row as { position: number | null }).position);
        expect(names.every((position) => position === null)).toBe(true);
      }
    } finally {
      await client.query('rollback');
    }
  }, 300_000);

  it('answers top pages newpages of a rolled-up month what the ranks answer after a landing into an earlier month that does not rebuild it', async () => {
    await client.query('begin');
    try {
      const giant = await idOf(giantNames.domain);
      const url = 'https://www.omnivora.example/first-seen-probe';
      const earlier = marketMonths.at(-3)!;
      const newPages = async () => {
        const both = await topPagesBothWays(giant, newest, {}, { startRow: 1, pageSize: 1_000 }, 'newpages');
        expect(both.rollup).toEqual(both.ranks);
        expect(both.paged).toBe(true);
        return both.ranks.rows.map((row) => (row as { url: string }).url);
      };
      // A page first seen in M: a new page of M both ways.
      const inM = await createWarehouseSource(client, { kind: 'provider', label: 'fetch of M', ownerUserId: null });
      await landWarehouseRows(client, inM, [{ keyword: 'first seen probe term', territory: 'US', date: `${newest.slice(0, 8)}15`, position: 2, url, title: 'Probe', volume: 50_000 }]);
      expect(await newPages()).toContain(url);
      const rolledUpM = async () => (await client.query<{ ctid: string }>(
        `select ctid::text from organic_rollup_month where domain_id = $1 and territory = 'US' and month = $2`, [giant, newest])).rows;
      const mBefore = await rolledUpM();
      expect(mBefore).toHaveLength(1);
      // A fetch of two months before ranks the same page: its first month moves to then. M's roll-up is not rebuilt
      // (the landing rebuilds its own month and the next), so a stored new-page flag of M would be stale.
      const inEarlier = await createWarehouseSource(client, { kind: 'provider', label: 'earlier fetch', ownerUserId: null });
      await landWarehouseRows(client, inEarlier, [{ keyword: 'first seen probe term', territory: 'US', date: `${earlier.slice(0, 8)}15`, position: 4, url, title: 'Probe' }]);
      expect(await rolledUpM()).toEqual(mBefore);
      expect(await newPages()).not.toContain(url);
      for (const order of pageOrders) {
        for (const window of [{ startRow: 1, pageSize: 100 }, { startRow: 2, pageSize: 3 }]) {
          const both = await topPagesBothWays(giant, newest, order, window, 'newpages');
          expect({ order, window, ...both.rollup }).toEqual({ order, window, ...both.ranks });
        }
      }
      // The earlier fetch removed: new in M again.
      await removeWarehouseSource(client, inEarlier.sourceId);
      expect(await newPages()).toContain(url);
    } finally {
      await client.query('rollback');
    }
  }, 180_000);

  it('answers the competitor types with named competitors what the ranks answer: a precomputed pair, and probes from either side', async () => {
    await client.query('begin');
    try {
      // At a hundredth the giant has 10,000 keywords a month and the sharer 3,000: a pair at a 3,000 minimum.
      const rollUp = async () => {
        for (const step of [...competitorRollupSql([newest], { minKeywords: 1 }), ...organicRollupSql([newest]), ...rivalRollupSql([newest], { minKeywords: 3_000 })]) {
          await client.query(step.sql, step.params);
        }
      };
      await rollUp();
      const giant = await idOf(giantNames.domain);
      const sharer = await idOf(giantNames.sharer);
      const [other] = (await client.query<{ domain_id: number }>(
        `select domain_id from organic_rollup_month where territory = 'US' and month = $1 and domain_id not in ($2, $3) order by keywords desc, domain_id limit 1`,
        [newest, giant, sharer])).rows.map((row) => row.domain_id);
      const pairs = await client.query<{ domain_id: number; rival_domain_id: number; outranked: number; surpassed: number }>(
        `select domain_id, rival_domain_id, outranked, surpassed from organic_rival_month where month = $1 order by 1, 2`, [newest]);
      expect(pairs.rows.map((row) => [row.domain_id, row.rival_domain_id])).toEqual([[giant, sharer], [sharer, giant]].sort((a, b) => a[0]! - b[0]!));
      const competitorTypes: ComparisonType[] = ['theyoutrankyou', 'theyjustsurpassedyou', 'competitorsjustsurpassedyou'];
      const rivalOrders: TableOrder[] = [{}, { sort: 'clicks', sortDirection: 'asc' }, { sort: 'position', sortDirection: 'desc' }];
      const windows = [{ startRow: 1, pageSize: 100 }, { startRow: 101, pageSize: 50 }];
      const cases: Array<{ subject: number; competitors: number[]; source: string }> = [
        { subject: giant, competitors: [sharer], source: 'pair' },
        { subject: sharer, competitors: [giant], source: 'pair' },
        { subject: giant, competitors: [other!], source: 'probe rivals' },
        { subject: other!, competitors: [giant], source: 'probe subject' },
        { subject: giant, competitors: [sharer, other!], source: 'probe rivals' },
        { subject: giant, competitors: [giant, other!], source: 'probe rivals' },
      ];
      const compare = async (subject: number, competitors: number[]) => {
        const rivals = await rivalSourceOf(sql, { domainId: subject, competitorIds: competitors, territory: 'US', month: newest });
        let found = 0;
        for (const type of competitorTypes) {
          for (const order of rivalOrders) {
            for (const window of windows) {
              const read = async (fromRollup: boolean) => {
                const query = keywordComparisonQuery({ subject: { kind: 'domain', domainId: subject }, territory: 'US', month: newest, type, competitorIds: competitors,
                  fromRollup, rollupFigures: fromRollup, rollupChanges: fromRollup, ...(fromRollup ? { rivals } : {}) }, order);
                return { page: await pageOf(sql, query, window), paged: query.pageSql !== undefined };
              };
              const ranks = await read(false);
              const rollup = await read(true);
              expect({ subject, competitors, type, order, window, ...rollup.page }).toEqual({ subject, competitors, type, order, window, ...ranks.page });
              // The clicks orders (the default among them) read their page from the ids found; the others count from them only.
              expect({ type, order, paged: rollup.paged }).toEqual({ type, order, paged: order.sort === undefined || order.sort === 'clicks' });
              found += ranks.page.rows.length;
            }
          }
        }
        return { rivals, found };
      };
      for (const { subject, competitors, source } of cases) {
        const { rivals, found } = await compare(subject, competitors);
        expect({ subject, competitors, source: rivals.kind === 'pair' ? 'pair' : `probe ${rivals.drive}` }).toEqual({ subject, competitors, source });
        // Every case of the giant has rows to compare (not two empty answers).
        if (subject === giant) expect({ subject, competitors, found: found > 0 }).toEqual({ subject, competitors, found: true });
      }
      // The giant's rival outranks it on hundreds of keywords, and has surpassed it on some.
      const giantPair = pairs.rows.find((row) => row.domain_id === giant)!;
      expect(giantPair.outranked).toBeGreaterThan(100);
      expect(giantPair.surpassed).toBeGreaterThan(0);

      // A provider fetch puts the sharer first on a keyword the giant ranks lower for: the pair, rolled up again, follows.
      const [below] = (await client.query<{ term: string }>(
        `select k.term from organic_keyword_month o join keyword k on k.id = o.keyword_id
         where o.domain_id = $1 and o.territory = 'US' and o.month = $2 and o.position > 1
           and not exists (select 1 from organic_rival_keyword_month x where x.domain_id = $1 and x.month = $2 and x.rival_domain_id = $3 and x.keyword_id = o.keyword_id)
         order by o.keyword_id limit 1`, [giant, newest, sharer])).rows;
      const source = await createWarehouseSource(client, { kind: 'provider', label: 'rival fetch', ownerUserId: null });
      await landWarehouseRows(client, source, [{ keyword: below!.term, territory: 'US', date: '2026-10-20', position: 1, url: 'https://www.tallyhub.example/items/fetched', title: 'Fetched' }]);
      await rollUp();
      const [after] = (await client.query<{ outranked: number }>(
        `select outranked from organic_rival_month where domain_id = $1 and month = $2 and rival_domain_id = $3`, [giant, newest, sharer])).rows;
      expect(after!.outranked).toBe(giantPair.outranked + 1);
      await compare(giant, [sharer]);
      // A viewer with their own ranks of the rival: the pair is not theirs (the roll-up holds installation data only).
      const hers = await createWarehouseSource(client, { kind: 'import', label: 'alice.csv', ownerUserId: alice });
      await landWarehouseRows(client, hers, [{ keyword: below!.term, territory: 'US', date: '2026-09-21', position: 2, url: 'https://www.tallyhub.example/items/alice', title: 'Alice' }]);
      expect((await rivalSourceOf(viewerScopedSql(sql, () => alice), { domainId: giant, competitorIds: [sharer], territory: 'US', month: newest })).kind).toBe('probe');
      expect((await rivalSourceOf(viewerScopedSql(sql, () => null), { domainId: giant, competitorIds: [sharer], territory: 'US', month: newest })).kind).toBe('pair');
    } finally {
      await client.query('rollback');
    }
  }, 600_000);

  it('follows a provider fetch that lands in the month and the month before and is removed, and steps aside for a viewer with their own ranks', async () => {
    const giant = await idOf(giantNames.domain);
    // A market domain beside the giant in the kombat, rolled up in M too (below the roll-up's minimum otherwise).
    for (const step of [...competitorRollupSql([newest], { minKeywords: 1 }), ...organicRollupSql([newest])]) await client.query(step.sql, step.params);
    const [rival] = (await database.query<{ domain_id: number }>(
      `select domain_id from organic_rollup_month where territory = 'US' and month = $1 and domain_id <> $2 order by keywords desc, domain_id limit 1`, [newest, giant]));
    // A landing that touches the rival's month rolls it up again under the roll-up's minimum (out, at this scale): put
    // it back before each comparison, the giant's month as the landing left it.
    await client.query(`create temp table rival_month as select $1::int as domain_id, 'US'::varchar(2) as territory, $2::date as month`, [rival!.domain_id, newest]);
    const rollUpRival = async () => {
      const changed = { table: 'rival_month' };
      for (const step of [...competitorRollupSql([newest], { minKeywords: 1, changed }), ...organicRollupSql([newest], { changed })]) await client.query(step.sql, step.params);
    };
    const kombatBefore = await expectSameKombat([giant, rival!.domain_id], newest);
    const stored = () => database.query<{ month: string; keywords: number; newly_ranked: number; pages: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, keywords, newly_ranked, pages from organic_rollup_month where domain_id = $1 order by month`, [giant]);
    const before = await stored();
    const giantTerms = (await database.query<{ term: string }>(`select term from keyword where term like $1 order by id limit 3`, [`${giantNames.keywordTermPrefix}%`])).map((row) => row.term);
    const source = await createWarehouseSource(client, { kind: 'provider', label: 'test fetch', ownerUserId: null });
    // A new keyword in P and M (newly ranked in P, not in M: M's flag reads P), a new keyword at the top in M (newly
    // ranked), and the giant's own keyword at position 1 in M (its clicks grow: it moves up the first page).
    await landWarehouseRows(client, source, [
      { keyword: 'omnivora brand new term', territory: 'US', date: '2026-10-20', position: 1, url: 'https://www.omnivora.example/new', title: 'New', volume: 900_000 },
      { keyword: 'omnivora older term', territory: 'US', date: '2026-09-20', position: 1, url: 'https://www.omnivora.example/old', title: 'Old', volume: 800_000 },
      { keyword: 'omnivora older term', territory: 'US', date: '2026-10-20', position: 2, url: 'https://www.omnivora.example/old', title: 'Old', volume: 800_000 },
      { keyword: giantTerms[0]!, territory: 'US', date: '2026-10-20', position: 1, url: 'https://www.omnivora.example/top', title: 'Top' },
    ]);
    expect(newest).toBe('2026-10-01');
    const landed = await stored();
    const at = (rows: typeof before, month: string) => rows.find((row) => row.month === month)!;
    expect(at(landed, newest)).toEqual({ ...at(before, newest), keywords: at(before, newest).keywords + 2, newly_ranked: at(before, newest).newly_ranked + 1, pages: at(before, newest).pages + 3 });
    expect(at(landed, previous)).toEqual({ ...at(before, previous), keywords: at(before, previous).keywords + 1, newly_ranked: at(before, previous).newly_ranked + 1, pages: at(before, previous).pages + 1 });
    const first = await bothWays(giant, newest, 'all', {}, { startRow: 1, pageSize: 100 });
    expect(first.rollup.rows.slice(0, 2).map((row) => (row as { keyword: string }).keyword).sort()).toEqual(['omnivora brand new term', 'omnivora older term']);
    for (const month of [previous, newest]) await expectSameAnswers(giant, month, [{ startRow: 1, pageSize: 100 }]);
    // The change types of M read P's ranks too: the landing into P rebuilt M's previous keys ('omnivora older term'
    // fell from 1 to 2, the giant's keyword rose to 1).
    for (const month of [previous, newest]) await expectSameChanges(giant, month, [{ startRow: 1, pageSize: 100 }], [{}]);
    const lost = await bothWays(giant, newest, 'lostranks', { filter: 'omnivora older term' }, { startRow: 1, pageSize: 10 });
    expect(lost.ranks.rows.map((row) => (row as { keyword: string }).keyword)).toContain('omnivora older term');
    // The bitmaps follow the landing: the two new keywords are the giant's alone (and the results page the giant now
    // tops may have lost the rival).
    await rollUpRival();
    const kombatLanded = await expectSameKombat([giant, rival!.domain_id], newest);
    expect(kombatLanded.venn[0]!.keywords).toBeGreaterThanOrEqual(kombatBefore.venn[0]!.keywords + 2);

    // A keyword of the giant whose volume and CPC nobody knew (its rows' clicks unknown: null), then a fetch of
    // another month that gives them: the landing fills them in (fillUnknownNumbers) without rebuilding the giant's
    // months; the volume and value keys follow (organicKeywordFiguresSql), so the volume order still answers as the ranks.
    const unknown = await createWarehouseSource(client, { kind: 'provider', label: 'unknown volume', ownerUserId: null });
    await landWarehouseRows(client, unknown, [{ keyword: 'omnivora unknown volume', territory: 'US', date: '2026-10-21', position: 3, url: 'https://www.omnivora.example/unknown', title: 'Unknown' }]);
    const filling = await createWarehouseSource(client, { kind: 'provider', label: 'fills the volume', ownerUserId: null });
    await landWarehouseRows(client, filling, [{ keyword: 'omnivora unknown volume', territory: 'US', date: '2026-05-21', position: 4, url: 'https://www.velora-other.example/', title: 'Other', volume: 990_000, cpc: 2.5 }]);
    const byVolume = await bothWays(giant, newest, 'all', { sort: 'volume', sortDirection: 'desc' }, { startRow: 1, pageSize: 100 });
    expect((byVolume.rollup.rows[0] as { keyword: string; volume: number }).keyword).toBe('omnivora unknown volume');
    expect(byVolume.rollup).toEqual(byVolume.ranks);
    expect(byVolume.paged).toBe(true);
    for (const order of orders) {
      const both = await bothWays(giant, newest, 'all', order, { startRow: 1, pageSize: 100 });
      expect({ order, ...both.rollup }).toEqual({ order, ...both.ranks });
    }
    await removeWarehouseSource(client, filling.sourceId);
    await removeWarehouseSource(client, unknown.sourceId);

    // Alice's own import in P: her keywords of the giant are counted from ranks (the roll-up holds installation data only).
    const hers = await createWarehouseSource(client, { kind: 'import', label: 'alice.csv', ownerUserId: alice });
    await landWarehouseRows(client, hers, [{ keyword: giantTerms[1]!, territory: 'US', date: '2026-09-21', position: 1, url: 'https://www.omnivora.example/alice', title: 'Alice', volume: 5_000_000 }]);
    expect(await organicKeywordsRolledUp(viewerScopedSql(sql, () => alice), { domainId: giant, territory: 'US', month: newest })).toBe(false);
    // Her own volume of a giant keyword: the roll-up's volume and value keys are not hers.
    expect(await viewerFiguresShared(viewerScopedSql(sql, () => alice))).toBe(false);
    expect(await viewerFiguresShared(viewerScopedSql(sql, () => null))).toBe(true);
    // Her ranks are in P: the top pages of M are still the installation's for her.
    expect(await topPagesRolledUp(viewerScopedSql(sql, () => alice), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    expect(await organicKeywordsRolledUp(viewerScopedSql(sql, () => null), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    await removeWarehouseSource(client, hers.sourceId);

    await removeWarehouseSource(client, source.sourceId);
    expect(await stored()).toEqual(before);
    for (const month of [previous, newest]) await expectSameAnswers(giant, month, [{ startRow: 1, pageSize: 100 }]);
    for (const month of [previous, newest]) await expectSameChanges(giant, month, [{ startRow: 1, pageSize: 100 }], [{}]);
    await rollUpRival();
    // As the ranks again; the giant has its keywords of before (the rival's result the landing replaced stays gone).
    const removed = await expectSameKombat([giant, rival!.domain_id], newest);
    expect(removed.segments.all).toBe(kombatBefore.segments.all);
  });
});
