import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createWarehouseSource, landWarehouseRows, removeWarehouseSource, warehouseRowProblem, type WarehouseRow } from '@serpwise/research';
import pg from 'pg';
import { setUpTimeoutMs, createTestDatabase, type TestDatabase } from '../../infra/test/test-services.js';

jest.setTimeout(60_000);

let database: TestDatabase;
let client: pg.Client;
const alice = '00000000-0000-4000-8000-00000000a11c';
const bob = '00000000-0000-4000-8000-000000000b0b';

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, setUpTimeoutMs);

afterAll(async () => {
  await client?.end();
  await database?.drop();
}, setUpTimeoutMs);

const serp = (keyword: string, position: number, url: string, date = '2026-03-14', extra: Partial<WarehouseRow> = {}): WarehouseRow => ({
  keyword, territory: 'US', date, position, url, title: `${keyword} ${position}`, ...extra,
});

const rows: WarehouseRow[] = [
  serp('Running  Shoes', 1, 'https://www.shoes.test/running', '2026-03-14', { volume: 1000, cpc: 1.5 }),
  serp('running shoes', 2, 'https://runners.test/best'),
  serp('running shoes', 1, 'https://runners.test/best', '2026-03-20'),
  serp('trail shoes', 4, 'https://shoes.test/trail', '2026-04-02', { clicks: 17, impressions: 400 }),
  { keyword: 'hiking boots', territory: 'US', date: '2026-04-01', volume: 320, volumeHistory: [100, 200, 320], cpc: 0.8 },
];

describe('landWarehouseRows', () => {
  it('lands results, keywords, pages and monthly ranks, rolls up the months, and adds nothing the second time', async () => {
    const source = await createWarehouseSource(client, { kind: 'import', label: 'test.csv', ownerUserId: alice });
    const first = await landWarehouseRows(client, source, rows);
    expect(first).toMatchObject({ rows: 5, landed: 5, duplicates: 0, keywordsAdded: 3, domainsAdded: 2, pagesAdded: 3, months: ['2026-03-01', '2026-04-01'] });
    // March: running shoes position 1 was seen on the 14th (shoes.test) and the 20th (runners.test): the newest day wins the month.
    expect(first.ranksAdded).toBe(3);
    const ranks = await database.query<{ month: string; term: string; position: number; url: string; clicks: number }>(
      `select to_char(r.month, 'YYYY-MM') as month, k.term, r.position, p.url, r.clicks from organic_rank r
       join keyword k on k.id = r.keyword_id join page p on p.id = r.page_id order by 1, 2, 3`);
    expect(ranks).toEqual([
      { month: '2026-03', term: 'running shoes', position: 1, url: 'https://runners.test/best', clicks: 276 },
      { month: '2026-03', term: 'running shoes', position: 2, url: 'https://runners.test/best', clicks: 158 },
      { month: '2026-04', term: 'trail shoes', position: 4, url: 'https://shoes.test/trail', clicks: 17 },
    ]);
    const [boots] = await database.query(`select volume, volume_history, to_char(history_start, 'YYYY-MM-DD') as start, cpc::float as cpc from keyword where term = 'hiking boots'`);
    expect(boots).toEqual({ volume: 320, volume_history: [100, 200, 320], start: '2026-02-01', cpc: 0.8 });
    // Alice's rows are hers: the ranks carry her as owner, what only her import brought lists her, and the shared
    // roll-ups (installation data only) do not count them.
    expect(await database.query(`select distinct owner_user_id from organic_rank`)).toEqual([{ owner_user_id: alice }]);
    expect(await database.query(`select term, owner_user_ids from keyword order by term`)).toEqual([
      { term: 'hiking boots', owner_user_ids: [alice] }, { term: 'running shoes', owner_user_ids: [alice] }, { term: 'trail shoes', owner_user_ids: [alice] },
    ]);
    expect(await database.query(`select name, owner_user_ids from domain order by name`)).toEqual([
      { name: 'runners.test', owner_user_ids: [alice] }, { name: 'shoes.test', owner_user_ids: [alice] },
    ]);
    expect(await database.query(`select count(*)::int as n from domain_month`)).toEqual([{ n: 0 }]);

    const again = await landWarehouseRows(client, source, rows);
    expect(again).toMatchObject({ rows: 5, landed: 0, duplicates: 5, keywordsAdded: 0, pagesAdded: 0, ranksAdded: 0 });
    expect(await database.query('select count(*)::int as n from serp_observation')).toEqual([{ n: 4 }]);
  });

  it('keeps another owner\'s results apart, and removing a source takes what it brought and hands the month to the other', async () => {
    const bobs = await createWarehouseSource(client, { kind: 'import', label: 'bob.csv', ownerUserId: bob });
    const landed = await landWarehouseRows(client, bobs, [serp('running shoes', 1, 'https://runners.test/best', '2026-03-20'), serp('bob term', 1, 'https://bob.test/')]);
    // Bob's "running shoes" result is his own monthly row, next to Alice's at the same position.
    expect(landed).toMatchObject({ landed: 2, keywordsAdded: 1, ranksAdded: 2 });
    expect(await database.query(`select owner_user_ids from keyword where term = 'running shoes'`)).toEqual([{ owner_user_ids: [alice, bob] }]);

    const [alices] = await database.query<{ id: number }>(`select id from data_source where owner_user_id = $1`, [alice]);
    const removed = await removeWarehouseSource(client, alices!.id);
    expect(removed).toMatchObject({ observations: 4, ranks: 3, months: ['2026-03-01', '2026-04-01'] });
    expect(await database.query(`select term from keyword order by term`)).toEqual([{ term: 'bob term' }, { term: 'running shoes' }]);
    expect(await database.query(`select name from domain order by name`)).toEqual([{ name: 'bob.test' }, { name: 'runners.test' }]);
    const ranks = await database.query(`select k.term, r.position, r.source_id from organic_rank r join keyword k on k.id = r.keyword_id order by 1`);
    expect(ranks).toEqual([{ term: 'bob term', position: 1, source_id: bobs.sourceId }, { term: 'running shoes', position: 1, source_id: bobs.sourceId }]);
    expect(await database.query(`select count(*)::int as n from data_source where id = $1`, [alices!.id])).toEqual([{ n: 0 }]);
    expect(await database.query(`select term, owner_user_ids from keyword order by term`)).toEqual([
      { term: 'bob term', owner_user_ids: [bob] }, { term: 'running shoes', owner_user_ids: [bob] },
    ]);

    // Installation data bringing Bob's keyword and site makes them everyone's; his own rows stay his.
    const fetch = await createWarehouseSource(client, { kind: 'provider', label: 'fetch', ownerUserId: null });
    expect(await landWarehouseRows(client, fetch, [serp('bob term', 2, 'https://bob.test/other')])).toMatchObject({ landed: 1, ranksAdded: 1 });
    expect(await database.query(`select owner_user_ids from keyword where term = 'bob term'`)).toEqual([{ owner_user_ids: null }]);
    expect(await database.query(`select name, owner_user_ids from domain order by name`)).toEqual([
      { name: 'bob.test', owner_user_ids: null }, { name: 'runners.test', owner_user_ids: [bob] },
    ]);
    expect(await database.query(`select url, owner_user_ids from page where url like 'https://bob.test/%' order by url`)).toEqual([
      { url: 'https://bob.test/', owner_user_ids: [bob] }, { url: 'https://bob.test/other', owner_user_ids: null },
    ]);
    // The roll-up counts the installation's row only.
    expect(await database.query(`select organic_keywords, average_position::float as position from domain_month where domain_id = (select id from domain where name = 'bob.test')`))
      .toEqual([{ organic_keywords: 1, position: 2 }]);
  });

  it('shows each month its newest observation: a later rank refresh replaces the row, an older file does not', async () => {
    const rank = async () =>
      (await database.query<{ url: string; observed_on: string }>(
        `select p.url, to_char(r.observed_on, 'YYYY-MM-DD') as observed_on from organic_rank r join keyword k on k.id = r.keyword_id join page p on p.id = r.page_id
         where k.term = 'daily refresh' and r.month = '2026-06-01' and r.position = 1 and r.owner_user_id = $1`, ['00000000-0000-0000-0000-000000000000']))[0];
    const run = (label: string) => createWarehouseSource(client, { kind: 'provider', label, ownerUserId: null });
    const first = await run('refresh 1');
    await landWarehouseRows(client, first, [serp('daily refresh', 1, 'https://first.test/', '2026-06-02')]);
    expect(await rank()).toEqual({ url: 'https://first.test/', observed_on: '2026-06-02' });

    const later = await run('refresh 2');
    expect(await landWarehouseRows(client, later, [serp('daily refresh', 1, 'https://later.test/', '2026-06-09')])).toMatchObject({ ranksAdded: 1 });
    expect(await rank()).toEqual({ url: 'https://later.test/', observed_on: '2026-06-09' });

    const older = await run('old archive');
    await landWarehouseRows(client, older, [serp('daily refresh', 1, 'https://older.test/', '2026-06-05')]);
    expect(await rank()).toEqual({ url: 'https://later.test/', observed_on: '2026-06-09' });

    // Removing the newest source hands the month to the newest observation left.
    await removeWarehouseSource(client, later.sourceId);
    expect(await rank()).toEqual({ url: 'https://older.test/', observed_on: '2026-06-05' });
  });

  it('names what is wrong with a row', () => {
    expect(warehouseRowProblem(serp('ok', 1, 'https://ok.test/'))).toBeNull();
    expect(warehouseRowProblem(serp(' ', 1, 'https://ok.test/'))).toBe('The keyword is empty.');
    expect(warehouseRowProblem(serp('x', 0, 'https://ok.test/'))).toBe('The position "0" is not a whole number from 1 to 1000.');
    expect(warehouseRowProblem(serp('x', 1, 'ftp://ok.test/'))).toBe('The URL "ftp://ok.test/" is not an http(s) address of a site.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-13-01'))).toBe('The date "2026-13-01" is not a date (YYYY-MM-DD).');
    expect(warehouseRowProblem({ ...serp('x', 1, 'https://ok.test/'), territory: 'usa' })).toBe('The territory "usa" is not a territory code.');
    // Values the warehouse's columns cannot hold are this row's problem, not a failure of the whole import.
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { clicks: 3.5 }))).toBe('The clicks "3.5" is not a whole number.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { impressions: 3e10 }))).toBe('The impressions "30000000000" is not a whole number.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { cpc: 1e6 }))).toBe('The cpc "1000000" is above 999,999.99.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { competition: 45 }))).toBe('The competition "45" is not a number from 0 to 1.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { difficulty: 101 }))).toBe('The difficulty "101" is not a number from 0 to 100.');
    expect(warehouseRowProblem(serp('x', 1, 'https://ok.test/', '2026-03-14', { clicks: 12, impressions: 400, cpc: 999_999.99, competition: 1, difficulty: 100 }))).toBeNull();
  });

  it('lands nothing and closes its input when the landing fails', async () => {
    const source = await createWarehouseSource(client, { kind: 'import', label: 'broken.csv', ownerUserId: alice });
    const endless = 5_000_000;
    let read = 0;
    let closed = false;
    async function* aBadRowThenMany() {
      try {
        // A row the writer trusts but PostgreSQL refuses (callers check rows with warehouseRowProblem first) …
        yield serp('never lands', 2, 'https://never.test/', '2026-02-30');
        // … then more than any test would wait for: the landing must stop reading and close this input. Like a file,
        // the input waits for the event loop now and then (so PostgreSQL's answer to the bad row can arrive).
        for (; read < endless; read++) {
          if (read % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
          yield serp(`never lands ${read % 100}`, 1 + (read % 20), 'https://never.test/');
        }
      } finally {
        closed = true;
      }
    }
    await expect(landWarehouseRows(client, source, aBadRowThenMany())).rejects.toThrow(/date/);
    expect(closed).toBe(true);
    expect(read).toBeLessThan(endless);
    expect(await database.query(`select term from keyword where term like 'never %'`)).toEqual([]);
  });
});

describe('landWarehouseRows with small dictionaries', () => {
  // Staging keeps each keyword and URL once and picks the monthly candidates as it reads, in memory bounded by a
  // dictionary limit; when one fills it is staged and starts again. The warehouse must not depend on where that
  // happens: the same rows land the same with a limit of 2 (a flush every other row) as in one pass.
  const tricky: WarehouseRow[] = [
    serp('flush term', 3, 'https://flush.test/a', '2026-05-02', { volume: 100, cpc: 1 }),
    serp('other term', 1, 'https://other.test/', '2026-05-02'),
    serp('flush term', 3, 'https://flush.test/b', '2026-05-02'), // twice the same result: the first row's URL stays
    serp('flush term', 3, 'https://flush.test/c', '2026-05-09', { volume: 150 }), // newer: the month's row, and the volume
    serp('flush term', 4, 'https://flush.test/a', '2026-05-01', { cpc: 2 }), // older: the cpc stays 1
    { keyword: 'flush only', territory: 'US', date: '2026-05-03', volume: 70, volumeHistory: [50, 70] },
    serp('other term', 1, 'https://other.test/', '2026-05-09', { clicks: 9, impressions: 90, title: 'A later title' }),
    serp('flush term', 3, 'https://flush.test/d', '2026-05-09', { volume: 175 }), // same day, later row: its volume, not its URL
    { keyword: 'flush only', territory: 'US', date: '2026-05-03', volume: 80 }, // same day, later row: 80
    serp('flush term', 2, 'https://flush.test/a', '2026-06-01'),
  ];

  async function landedWarehouse(dictionaryLimit: number | undefined) {
    const fresh = await createTestDatabase();
    const session = new pg.Client({ connectionString: fresh.url });
    await session.connect();
    try {
      const source = await createWarehouseSource(session, { kind: 'import', label: 'flush.csv', ownerUserId: alice });
      const result = await landWarehouseRows(session, source, tricky, dictionaryLimit ? { dictionaryLimit } : {});
      const keywords = await fresh.query(`select term, volume, volume_history, to_char(history_start, 'YYYY-MM-DD') as start, cpc::float as cpc, owner_user_ids
        from keyword order by term`);
      const pages = await fresh.query(`select p.url, p.title, d.name from page p join domain d on d.id = p.domain_id order by url`);
      const observations = await fresh.query(`select k.term, to_char(o.observed_on, 'YYYY-MM-DD') as day, o.position, p.url, o.clicks, o.impressions
        from serp_observation o join keyword k on k.id = o.keyword_id join page p on p.id = o.page_id order by 1, 2, 3`);
      const ranks = await fresh.query(`select to_char(r.month, 'YYYY-MM') as month, k.term, r.position, p.url, r.clicks, to_char(r.observed_on, 'YYYY-MM-DD') as day
        from organic_rank r join keyword k on k.id = r.keyword_id join page p on p.id = r.page_id order by 1, 2, 3`);
      return { result, keywords, pages, observations, ranks };
    } finally {
      await session.end();
      await fresh.drop();
    }
  }

  it('lands the same warehouse whatever the dictionary limit', async () => {
    const onePass = await landedWarehouse(undefined);
    expect(await landedWarehouse(2)).toEqual(onePass);
    expect(onePass.result).toMatchObject({ rows: 10, landed: 7, duplicates: 3, keywordsAdded: 3, pagesAdded: 5, ranksAdded: 4, months: ['2026-05-01', '2026-06-01'] });
    expect(onePass.keywords).toEqual([
      { term: 'flush only', volume: 80, volume_history: [50, 70], start: '2026-04-01', cpc: null, owner_user_ids: [alice] },
      { term: 'flush term', volume: 175, volume_history: [175], start: '2026-06-01', cpc: 1, owner_user_ids: [alice] },
      { term: 'other term', volume: null, volume_history: null, start: '2026-05-01', cpc: null, owner_user_ids: [alice] },
    ]);
    expect(onePass.observations.filter((row) => row['term'] === 'flush term' && row['position'] === 3)).toEqual([
      { term: 'flush term', day: '2026-05-02', position: 3, url: 'https://flush.test/a', clicks: null, impressions: null },
      { term: 'flush term', day: '2026-05-09', position: 3, url: 'https://flush.test/c', clicks: null, impressions: null },
    ]);
    expect(onePass.ranks).toEqual([
      { month: '2026-05', term: 'flush term', position: 3, url: 'https://flush.test/c', clicks: expect.any(Number), day: '2026-05-09' },
      { month: '2026-05', term: 'flush term', position: 4, url: 'https://flush.test/a', clicks: expect.any(Number), day: '2026-05-01' },
      { month: '2026-05', term: 'other term', position: 1, url: 'https://other.test/', clicks: 9, day: '2026-05-09' },
      { month: '2026-06', term: 'flush term', position: 2, url: 'https://flush.test/a', clicks: expect.any(Number), day: '2026-06-01' },
    ]);
    expect(onePass.pages).toContainEqual({ url: 'https://other.test/', title: 'other term 1', name: 'other.test' });
  });
});

describe('landWarehouseRows on a session that already used temporary tables', () => {
  it('keeps the session\'s temp_buffers and lands the rows', async () => {
    const session = new pg.Client({ connectionString: database.url });
    await session.connect();
    try {
      await session.query('create temp table scratch_before as select 1 as x');
      await session.query('select * from scratch_before');
      const source = await createWarehouseSource(session, { kind: 'provider', label: 'fetch', ownerUserId: null });
      const result = await landWarehouseRows(session, source, [serp('temp buffers term', 3, 'https://temp.test/')]);
      expect(result).toMatchObject({ landed: 1, keywordsAdded: 1 });
      expect(await database.query(`select owner_user_id from serp_observation where source_id = $1`, [source.sourceId])).toEqual([{ owner_user_id: '00000000-0000-0000-0000-000000000000' }]);
    } finally {
      await session.end();
    }
  });
});

describe('landWarehouseRows into a warehouse that has data', () => {
  // A warehouse of its own: installation rows first (what a market holds), then users' imports on top.
  let market: TestDatabase;
  let session: pg.Client;
  beforeAll(async () => {
    market = await createTestDatabase();
    session = new pg.Client({ connectionString: market.url });
    await session.connect();
    const installation = await createWarehouseSource(session, { kind: 'provider', label: 'market', ownerUserId: null });
    await landWarehouseRows(session, installation, [
      serp('market term', 1, 'https://market.test/a', '2026-07-03', { volume: 500, cpc: 2 }),
      serp('market term', 2, 'https://other-market.test/', '2026-07-03'),
      serp('second market term', 1, 'https://market.test/b', '2026-07-04', { volume: 90 }),
    ]);
  }, setUpTimeoutMs);
  afterAll(async () => {
    await session?.end();
    await market?.drop();
  }, setUpTimeoutMs);

  it('looks up only the known keywords\' results: new keywords land whole, a known keyword\'s results once', async () => {
    const source = await createWarehouseSource(session, { kind: 'import', label: 'mixed.csv', ownerUserId: alice });
    const mixed = [
      serp('market term', 1, 'https://market.test/a', '2026-07-03'), // known keyword, a result alice has not landed yet
      serp('market term', 3, 'https://alice.test/', '2026-07-05'),
      serp('brand new term', 1, 'https://alice.test/new', '2026-07-05'),
      serp('brand new term', 1, 'https://alice.test/new', '2026-07-05'), // twice in the file: the first row's
      serp('brand new term', 2, 'https://alice.test/other', '2026-07-06'),
    ];
    expect(await landWarehouseRows(session, source, mixed)).toMatchObject({ rows: 5, landed: 4, duplicates: 1, keywordsAdded: 1 });
    // The same file again: every keyword is known now, and every result alice's.
    expect(await landWarehouseRows(session, source, mixed)).toMatchObject({ rows: 5, landed: 0, duplicates: 5, keywordsAdded: 0, ranksAdded: 0 });
    // A file of alice's known results and new ones of a known keyword lands the new ones only.
    expect(await landWarehouseRows(session, source, [...mixed, serp('brand new term', 3, 'https://alice.test/third', '2026-07-06')]))
      .toMatchObject({ rows: 6, landed: 1, duplicates: 5, keywordsAdded: 0 });
    expect(await market.query(`select k.term, o.position, to_char(o.observed_on, 'YYYY-MM-DD') as day from serp_observation o join keyword k on k.id = o.keyword_id
      where o.owner_user_id = $1 order by 1, 3, 2`, [alice])).toEqual([
      { term: 'brand new term', position: 1, day: '2026-07-05' },
      { term: 'brand new term', position: 2, day: '2026-07-06' },
      { term: 'brand new term', position: 3, day: '2026-07-06' },
      { term: 'market term', position: 1, day: '2026-07-03' },
      { term: 'market term', position: 3, day: '2026-07-05' },
    ]);
  });

  it('finds a page already there under a site the landing adds (its insert is skipped, then it is resolved)', async () => {
    // Known pages are looked up only under sites that were there before; a page whose site row has another name
    // (written by hand here) is still found, by the insert's conflict and the lookup after it.
    const byHand = await createWarehouseSource(session, { kind: 'provider', label: 'by hand', ownerUserId: null });
    const elsewhere = (await session.query<{ id: number }>(`insert into domain (name, source_id) values ('elsewhere.test', $1) returning id`, [byHand.sourceId])).rows[0]!.id;
    const page = (await session.query<{ id: number }>(`insert into page (domain_id, url, title, source_id) values ($1, 'https://odd-site.test/p', 'odd', $2) returning id`,
      [elsewhere, byHand.sourceId])).rows[0]!.id;
    const source = await createWarehouseSource(session, { kind: 'import', label: 'odd.csv', ownerUserId: alice });
    expect(await landWarehouseRows(session, source, [serp('odd site term', 1, 'https://odd-site.test/p', '2026-07-11')]))
      .toMatchObject({ landed: 1, domainsAdded: 1, pagesAdded: 0 });
    expect(await market.query(`select o.page_id, o.domain_id from serp_observation o join keyword k on k.id = o.keyword_id where k.term = 'odd site term'`))
      .toEqual([{ page_id: page, domain_id: elsewhere }]);
    expect(await market.query(`select r.page_id from organic_rank r join keyword k on k.id = r.keyword_id where k.term = 'odd site term'`)).toEqual([{ page_id: page }]);
  });

  it('estimates a monthly rank\'s clicks from the volume the landing itself gave a known keyword', async () => {
    const first = await createWarehouseSource(session, { kind: 'import', label: 'no-volume.csv', ownerUserId: alice });
    await landWarehouseRows(session, first, [serp('alice volume term', 1, 'https://alice.test/v', '2026-07-12')]);
    const clicks = () => market.query(`select r.clicks from organic_rank r join keyword k on k.id = r.keyword_id where k.term = 'alice volume term'`);
    expect(await clicks()).toEqual([{ clicks: null }]);
    // Known now and unknown in volume: the next file's volume fills it, and the month's newer rank is estimated from it.
    const second = await createWarehouseSource(session, { kind: 'import', label: 'volume.csv', ownerUserId: alice });
    await landWarehouseRows(session, second, [serp('alice volume term', 1, 'https://alice.test/v', '2026-07-13', { volume: 1000 })]);
    expect(await clicks()).toEqual([{ clicks: 276 }]);
  });

  it('leaves the shared roll-ups unwritten when a user\'s rows land (they count installation data only), and rolls up the user\'s own', async () => {
    const shared = `select 'domain_month' as tab, xmin::text as version, domain_id from domain_month
      union all select 'page_first_month', xmin::text, page_id from page_first_month order by 1, 3`;
    const before = await market.query(shared);
    expect(before.length).toBeGreaterThan(0);
    const source = await createWarehouseSource(session, { kind: 'import', label: 'bob.csv', ownerUserId: bob });
    const landed = await landWarehouseRows(session, source, [serp('market term', 1, 'https://bob.test/', '2026-07-09'), serp('bob only term', 2, 'https://bob.test/', '2026-07-09')]);
    expect(landed).toMatchObject({ landed: 2, months: ['2026-07-01'] });
    expect(await market.query(shared)).toEqual(before);
    expect(await market.query(`select d.name, m.organic_keywords from owned_domain_month m join domain d on d.id = m.domain_id where m.owner_user_id = $1 order by 1`, [bob]))
      .toEqual([{ name: 'bob.test', organic_keywords: 2 }]);
    // Removing the user's rows leaves them unwritten too, and takes the user's roll-up with them.
    await removeWarehouseSource(session, source.sourceId);
    expect(await market.query(shared)).toEqual(before);
    expect(await market.query('select count(*)::int as n from owned_domain_month where owner_user_id = $1', [bob])).toEqual([{ n: 0 }]);
    // Installation rows still roll the shared tables up.
    const installation = await createWarehouseSource(session, { kind: 'provider', label: 'market again', ownerUserId: null });
    await landWarehouseRows(session, installation, [serp('third market term', 1, 'https://market.test/c', '2026-07-10')]);
    expect(await market.query(`select d.name, m.organic_keywords from domain_month m join domain d on d.id = m.domain_id order by 1`))
      .toEqual([{ name: 'market.test', organic_keywords: 3 }, { name: 'other-market.test', organic_keywords: 1 }]);
  });
});
