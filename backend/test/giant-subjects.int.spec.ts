import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  backlinksQuery, backlinkTotalsSql, customListQuery, landProviderBacklinks, leadsQuery, competitorRollupSql, competitorsQuery, competitorsRolledUp, countSqlOf, createWarehouseSource, demoLastMonth, giantNames,
  landWarehouseRows, monthsEndingAt, withoutRowSource, pageOf, removeWarehouseSource, viewerScopedSql, type Sql, type WarehouseRow,
} from '@serpwise/research';
import type pg from 'pg';
import { openGiantMarket, type GiantMarket } from '../../infra/test/giant-market.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

/**
 * Issue 27 point 1, on the tiny market with the giant subjects at a hundredth (10,000 keywords, 20,000 backlinks):
 * - the competitors of large domains come from a roll-up (competitor_month). It must answer exactly what counting the
 *   ranks answers, and stay right when an import or a provider fetch lands, or is removed;
 * - the backlinks table's first pages in first-seen order are read from the index: the same rows as sorting them all.
 */
jest.setTimeout(120_000);

let market: GiantMarket;
let database: TestDatabase;
let client: pg.Client;
let sql: Sql;
const marketMonths = monthsEndingAt(demoLastMonth, 24);
const newest = demoLastMonth;
const alice = '00000000-0000-4000-8000-00000000a11c';

beforeAll(async () => {
  market = await openGiantMarket();
  ({ database, client, sql } = market);
}, setUpTimeoutMs);

afterAll(async () => {
  await market?.close();
}, setUpTimeoutMs);

const idOf = (name: string) => market.idOf(name);

/** The whole competitors table of a domain-month read both ways: its rows (one page of all), its count and its export rows. */
async function bothWays(domainId: number, territory: string, month: string) {
  const read = async (fromRollup: boolean) => {
    const query = competitorsQuery({ domainId, territory, month, fromRollup }, { sort: 'commonKeywords', sortDirection: 'desc' });
    const page = await pageOf(sql, query, { startRow: 1, pageSize: 1000 });
    const [count] = await sql.query<{ total: number }>(countSqlOf(query), query.params);
    const exported = await sql.query(query.sql, query.params);
    return { page, count: count!.total, exported };
  };
  return { ranks: await read(false), rollup: await read(true) };
}

describe('the competitor roll-up', () => {
  it('answers for the giant domain what its ranks answer, and is what a visitor reads', async () => {
    const giant = await idOf(giantNames.domain);
    const rolled = await database.query<{ month: string; keywords: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, keywords from competitor_rollup_month where domain_id = $1 order by month`, [giant]);
    expect(rolled).toEqual(marketMonths.slice(-3).map((month) => ({ month, keywords: 10_000 })));
    for (const { month } of rolled) {
      const { ranks, rollup } = await bothWays(giant, 'US', month);
      expect(ranks.page.totalRows).toBeGreaterThan(40);
      expect(rollup).toEqual(ranks);
    }
    const sharer = (await bothWays(giant, 'US', newest)).ranks.page.rows.find((row) => (row as { domain: string }).domain === giantNames.sharer);
    expect(sharer).toMatchObject({ commonKeywords: 3000, theirKeywords: 3000, overlap: 30 });
    expect(await competitorsRolledUp(viewerScopedSql(sql, () => null), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    // Smaller than the roll-up's minimum: counted from ranks.
    expect(await competitorsRolledUp(sql, { domainId: await idOf(giantNames.sharer), territory: 'US', month: newest })).toBe(false);
  });

  it('answers for every domain of the tiny market what its ranks answer (rolled up with no minimum)', async () => {
    await client.query('begin');
    try {
      const months = [marketMonths[0]!, marketMonths[12]!, newest];
      for (const step of competitorRollupSql(months, { minKeywords: 1 })) await client.query(step.sql, step.params);
      const domainMonths = (await client.query<{ domain_id: number; territory: string; month: string }>(
        `select domain_id, territory, to_char(month, 'YYYY-MM-DD') as month from competitor_rollup_month order by 1, 2, 3`)).rows;
      expect(domainMonths.length).toBeGreaterThan(150);
      for (const { domain_id: domainId, territory, month } of domainMonths) {
        const { ranks, rollup } = await bothWays(domainId, territory, month);
        expect({ domainId, territory, month, ...rollup }).toEqual({ domainId, territory, month, ...ranks });
      }
    } finally {
      await client.query('rollback');
    }
  });

  it('follows a provider fetch that lands and is removed, and steps aside for a viewer with their own ranks', async () => {
    const giant = await idOf(giantNames.domain);
    const giantTerms = (await database.query<{ term: string }>(`select term from keyword where term like $1 order by id limit 5`, [`${giantNames.keywordTermPrefix}%`])).map((row) => row.term);
    const fetched: WarehouseRow[] = [
      ...giantTerms.map((keyword, index) => ({ keyword, territory: 'US', date: '2026-10-20', position: 30 + index, url: 'https://www.newcomer.example/p', title: 'Newcomer' })),
      { keyword: 'omnivora brand new term', territory: 'US', date: '2026-10-20', position: 1, url: 'https://www.omnivora.example/new', title: 'New', volume: 90 },
    ];
    const source = await createWarehouseSource(client, { kind: 'provider', label: 'test fetch', ownerUserId: null });
    await landWarehouseRows(client, source, fetched);

    const newcomer = await idOf('newcomer.example');
    const rolled = await database.query<{ keywords: number; common: number; sources: number[] }>(
      `select l.keywords, c.common_keywords as common, c.source_ids as sources from competitor_rollup_month l
        join competitor_month c on c.domain_id = l.domain_id and c.territory = l.territory and c.month = l.month and c.competitor_domain_id = $2
        where l.domain_id = $1 and l.territory = 'US' and l.month = $3`, [giant, newcomer, newest]);
    expect(rolled).toEqual([{ keywords: 10_001, common: 5, sources: [source.sourceId] }]);
    const after = await bothWays(giant, 'US', newest);
    expect(after.rollup).toEqual(after.ranks);

    // Alice's own import in that month: her competitors are counted from ranks (the roll-up holds installation data only).
    const hers = await createWarehouseSource(client, { kind: 'import', label: 'alice.csv', ownerUserId: alice });
    await landWarehouseRows(client, hers, [{ keyword: giantTerms[0]!, territory: 'US', date: '2026-10-21', position: 40, url: 'https://www.alice.example/', title: 'Alice' }]);
    expect(await competitorsRolledUp(viewerScopedSql(sql, () => alice), { domainId: giant, territory: 'US', month: newest })).toBe(false);
    expect(await competitorsRolledUp(viewerScopedSql(sql, () => null), { domainId: giant, territory: 'US', month: newest })).toBe(true);
    await removeWarehouseSource(client, hers.sourceId);

    await removeWarehouseSource(client, source.sourceId);
    expect(await database.query(`select 1 from competitor_month where domain_id = $1 and competitor_domain_id = $2`, [giant, newcomer])).toEqual([]);
    expect(await database.query(`select keywords from competitor_rollup_month where domain_id = $1 and month = $2`, [giant, newest])).toEqual([{ keywords: 10_000 }]);
    const removed = await bothWays(giant, 'US', newest);
    expect(removed.rollup).toEqual(removed.ranks);
  });

  it('follows a landing that takes a keyword from the giant (the domains ranking before the landing are rolled up again)', async () => {
    const giant = await idOf(giantNames.domain);
    const [taken] = await database.query<{ term: string; position: number }>(
      `select k.term, r.position from organic_rank r join keyword k on k.id = r.keyword_id
        where r.domain_id = $1 and r.month = $2 order by k.id offset 7 limit 1`, [giant, newest]);
    const source = await createWarehouseSource(client, { kind: 'provider', label: 'rank refresh', ownerUserId: null });
    // The same position, a newer observation: the usurper's row replaces the giant's.
    await landWarehouseRows(client, source, [{ keyword: taken!.term, territory: 'US', date: '2026-10-22', position: taken!.position, url: 'https://www.usurper.example/', title: 'Usurper' }]);
    expect(await database.query(`select keywords from competitor_rollup_month where domain_id = $1 and month = $2`, [giant, newest])).toEqual([{ keywords: 9_999 }]);
    const after = await bothWays(giant, 'US', newest);
    expect(after.rollup).toEqual(after.ranks);
    await removeWarehouseSource(client, source.sourceId);
  });
});

describe('the backlinks table of a domain with many links', () => {
  it('reads pages in first-seen order from the index: the same rows as sorting every link', async () => {
    const giant = await idOf(giantNames.domain);
    const [home] = await database.query<{ id: number }>(`select id from page where url = 'https://www.omnivora.example/'`);
    const windows = [{ startRow: 1, pageSize: 20 }, { startRow: 101, pageSize: 100 }, { startRow: 9_990, pageSize: 50 }, { startRow: 19_990, pageSize: 100 }];
    let narrowed = 0;
    for (const target of [{ domainId: giant }, { pageId: home!.id }]) {
      for (const status of ['all', 'live', 'lost'] as const) {
        for (const sortDirection of [undefined, 'asc', 'desc'] as const) {
          const query = backlinksQuery({ target, status }, sortDirection ? { sort: 'firstSeen', sortDirection } : {});
          expect(query.pageSql).toBeDefined();
          for (const window of windows) {
            const offset = window.startRow - 1;
            const sorted = await sql.query<Record<string, unknown>>(`${query.sql} limit ${window.pageSize} offset ${offset}`, query.params);
            const page = await pageOf(sql, query, window);
            expect({ target, status, sortDirection, window, rows: page.rows }).toEqual({ target, status, sortDirection, window, rows: sorted.map(withoutRowSource) });
            if (sorted.length) narrowed++;
          }
        }
      }
    }
    expect(narrowed).toBeGreaterThan(30);
    // A filter, or another sort: every link is sorted, as before.
    expect(backlinksQuery({ target: { domainId: giant }, status: 'all' }, { filter: 'omnivora' }).pageSql).toBeUndefined();
    expect(backlinksQuery({ target: { domainId: giant }, status: 'all' }, { sort: 'anchor' }).pageSql).toBeUndefined();
  });

  it('reads pages in anchor order by walking the source pages: the same rows as sorting every link', async () => {
    const giant = await idOf(giantNames.domain);
    // Four anchors, 5,000 links each: windows inside the first anchor, across its end, and in the last.
    const windows = [{ startRow: 1, pageSize: 20 }, { startRow: 101, pageSize: 100 }, { startRow: 4_990, pageSize: 50 }, { startRow: 19_990, pageSize: 100 }];
    let narrowed = 0;
    for (const status of ['all', 'live', 'lost'] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const query = backlinksQuery({ target: { domainId: giant }, status, manyLinks: true }, { sort: 'anchor', sortDirection });
        expect(query.pageSql).toBeDefined();
        for (const window of windows) {
          const sorted = (await sql.query<Record<string, unknown>>(`${query.sql} limit ${window.pageSize} offset ${window.startRow - 1}`, query.params)).map(withoutRowSource);
          const page = { rows: (await pageOf(sql, query, window)).rows as Record<string, unknown>[] };
          // The order's keys (anchor, source URL, target URL) do not tell apart two links between the same pages with
          // the same anchor: both statements may list those in either order. The keys must match row for row, and
          // the rows of each such group that lies wholly inside the page must be the same.
          const keysOf = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify([row.anchor, row.sourceUrl, row.targetUrl]));
          expect({ status, sortDirection, window, keys: keysOf(page.rows) }).toEqual({ status, sortDirection, window, keys: keysOf(sorted) });
          const inside = (rows: Record<string, unknown>[]) => {
            const keys = keysOf(rows);
            return rows.filter((_row, index) => keys[index] !== keys[0] && keys[index] !== keys.at(-1)).map((row) => JSON.stringify(row)).sort();
          };
          expect(inside(page.rows)).toEqual(inside(sorted));
          if (sorted.length) narrowed++;
        }
      }
    }
    expect(narrowed).toBeGreaterThan(15);
    // A page's links, or a domain with few: sorted, as before.
    const [home] = await database.query<{ id: number }>(`select id from page where url = 'https://www.omnivora.example/'`);
    expect(backlinksQuery({ target: { pageId: home!.id }, status: 'all', manyLinks: true }, { sort: 'anchor' }).pageSql).toBeUndefined();
    expect(backlinksQuery({ target: { domainId: giant }, status: 'all', manyLinks: false }, { sort: 'anchor' }).pageSql).toBeUndefined();
  });
});

describe('the stored link counts of domains with very many backlinks', () => {
  const liveCounts = () => database.query<{ domain: string; links: number; live: number; lost: number; referring: number }>(
    `select d.name as domain, count(*)::int as links, (count(*) filter (where b.last_seen is null))::int as live,
       (count(*) filter (where b.last_seen is not null))::int as lost,
       (count(distinct b.source_domain_id) filter (where b.last_seen is null))::int as referring
     from backlink b join domain d on d.id = b.target_domain_id group by d.name order by d.name`);

  /** What the backlinks table's count and the custom list answer for every domain with links. */
  async function answered(domains: { domain: string }[]) {
    const answers = [];
    for (const { domain } of domains) {
      const domainId = await idOf(domain);
      const totals: Record<string, number> = {};
      for (const status of ['all', 'live', 'lost'] as const) {
        totals[status] = (await pageOf(sql, backlinksQuery({ target: { domainId }, status }, {}), { startRow: 1, pageSize: 20 })).totalRows;
      }
      const list = customListQuery({ territory: 'US', month: newest, domains: [domain] }, {});
      const [row] = await sql.query<{ liveBacklinks: number; referringDomains: number }>(list.sql, list.params);
      answers.push({ domain, links: totals.all, live: totals.live, lost: totals.lost, referring: row!.referringDomains, liveAgain: row!.liveBacklinks });
    }
    return answers;
  }

  it('answers from the stored counts what counting the links answers', async () => {
    const expected = (await liveCounts()).map((row) => ({ ...row, liveAgain: row.live }));
    await client.query('begin');
    try {
      for (const step of backlinkTotalsSql(undefined, 1)) await client.query(step.sql, step.params);
      const stored = (await client.query('select count(*)::int as n from backlink_total')).rows[0].n;
      expect(stored).toBe(expected.length);
      expect(await answered(expected)).toEqual(expected);
      // They are what is read: a changed stored count changes the answer.
      await client.query(`update backlink_total set links = links + 1, live_links = live_links + 1 where domain_id = $1`, [await idOf(giantNames.domain)]);
      const [giant] = await answered([{ domain: giantNames.domain }]);
      const [counted] = expected.filter((row) => row.domain === giantNames.domain);
      expect(giant).toMatchObject({ links: counted!.links + 1, live: counted!.live + 1, lost: counted!.lost });
    } finally {
      await client.query('rollback');
    }
  });

  it('give the outreach leads from the stored linking domains what grouping the links gives', async () => {
    // The domains with most live links, the giant first; leads of a domain beside the giant, and the giant's own.
    const [giant, second, third, fourth] = (await database.query<{ id: number }>(
      `select target_domain_id as id from backlink where last_seen is null group by 1 order by count(*) desc limit 4`)).map((row) => row.id);
    expect(giant).toBe(await idOf(giantNames.domain));
    // A domain nobody links to: every domain linking to its competitors is a lead.
    const [lonely] = (await database.query<{ id: number }>(`select id from domain d where not exists (select 1 from backlink b where b.target_domain_id = d.id) order by id limit 1`)).map((row) => row.id);
    const cases = [[giant!, [second!, third!]], [lonely!, [giant!]], [third!, [giant!, second!, fourth!]], [lonely!, [giant!, second!, fourth!]]] as const;
    const leads = async () => {
      const answers = [];
      for (const [domainId, competitorIds] of cases) {
        const query = leadsQuery({ domainId, competitorIds, territory: 'US', month: newest }, { sort: 'links', sortDirection: 'desc' });
        const page = await pageOf(sql, query, { startRow: 1, pageSize: 1000 });
        answers.push({ page, exported: await sql.query(query.sql, query.params) });
      }
      return answers;
    };
    await client.query('begin');
    try {
      // A second source's copies of some of the giant's live links: those leads' links come from two sources.
      const other = await createWarehouseSource(client, { kind: 'provider', label: 'a second source of links', ownerUserId: null });
      await client.query(
        `insert into backlink (source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
         select source_page_id, source_domain_id, target_page_id, target_domain_id, anchor || ' again', nofollow, first_seen, null, $2
         from backlink where target_domain_id = $1 and last_seen is null order by id limit 300`, [giant, other.sourceId]);
      const counted = await leads();
      expect(counted[1]!.page.totalRows).toBeGreaterThan(20);
      expect(counted.flatMap((answer) => answer.exported as { __source: number[] }[]).filter((row) => row.__source.length > 1)).not.toHaveLength(0);
      expect(counted.filter((answer) => answer.page.rows.some((row) => (row as { competitorsLinked: number }).competitorsLinked > 1))).not.toHaveLength(0);
      // Only the giant stored (the others grouped from their links in the same statement), then every domain.
      for (const minLinks of [10_000, 1]) {
        for (const step of backlinkTotalsSql(undefined, minLinks)) await client.query(step.sql, step.params);
        expect((await client.query('select count(distinct target_domain_id)::int as n from backlink_referrer')).rows[0].n).toBeGreaterThan(0);
        expect(await leads()).toEqual(counted);
      }
      // They are what is read: a changed stored row changes the giant's competitors' leads.
      const [lead] = counted[1]!.page.rows as { domain: string; links: number }[];
      await client.query(`update backlink_referrer set live_links = live_links + 1 where target_domain_id = $1 and source_domain_id = (select id from domain where name = $2)`,
        [giant, lead!.domain]);
      expect(((await leads())[1]!.page.rows as { domain: string; links: number }[]).find((row) => row.domain === lead!.domain)!.links).toBe(lead!.links + 1);
    } finally {
      await client.query('rollback');
    }
  });

  it('are kept when a provider\'s backlinks land', async () => {
    for (const step of backlinkTotalsSql(undefined, 10_000)) await client.query(step.sql, step.params);
    expect(await database.query('select count(*)::int as n from backlink_total')).toEqual([{ n: 1 }]);
    const source = await createWarehouseSource(client, { kind: 'provider', label: 'backlinks fetch', ownerUserId: null });
    const link = (n: number) => ({ urlFrom: `https://www.linker${n}.example/post`, urlTo: 'https://www.omnivora.example/', titleFrom: 'Post', anchor: 'omnivora',
      nofollow: false, firstSeen: '2026-10-02', lostOn: null });
    await landProviderBacklinks(client, { sourceId: source.sourceId, territory: 'US', date: '2026-10-20' }, [link(1), link(2)]);
    const expected = (await liveCounts()).map((row) => ({ ...row, liveAgain: row.live })).filter((row) => row.domain === giantNames.domain);
    expect(expected[0]!.links).toBe(20_002);
    expect(await answered(expected)).toEqual(expected);
    // The giant's live links by linking domain, the two new ones among them.
    const giant = await idOf(giantNames.domain);
    const referrers = (sql: string) => database.query(`${sql} order by source_domain_id`, [giant]);
    const stored = await referrers('select source_domain_id, live_links, source_ids from backlink_referrer where target_domain_id = $1');
    expect(stored).toEqual(await referrers(
      `select source_domain_id, count(*)::int as live_links, array_agg(distinct source_id order by source_id) as source_ids
       from backlink where target_domain_id = $1 and last_seen is null group by source_domain_id`));
    const linkers = await database.query<{ id: number }>(`select id from domain where name in ('linker1.example', 'linker2.example')`);
    expect(linkers).toHaveLength(2);
    for (const { id } of linkers) expect(stored).toContainEqual(expect.objectContaining({ source_domain_id: id, live_links: 1, source_ids: [source.sourceId] }));
  });
});
