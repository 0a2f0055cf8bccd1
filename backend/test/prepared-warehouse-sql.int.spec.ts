import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { withheldFor } from '@serpwise/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { domainOverview, domainOverviewStatementName, openWarehousePool, sqlFromEntityManager, SuggestionQuery, viewerLevelsApplicationName, warehousePoolApplicationName, type Sql } from '@serpwise/research';
import { PREPARED_WAREHOUSE_SQL, PreparedWarehousePool } from '../src/modules/research/prepared-warehouse-sql.provider.js';
import { SlowLink } from '../../infra/test/job-faults.js';
import { until } from '../../infra/test/waiting.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * The hot research statements (domain overview, suggestions) moved from MikroORM's em.execute to a node-postgres
 * pool of their own, where they run prepared. These tests hold the two ports to the same answers, byte for byte.
 */
jest.setTimeout(60_000);

let testApp: TestApp;
let onOrm: Sql;
let prepared: Sql;
let domains: string[];

beforeAll(async () => {
  testApp = await startTestApp({
    tinyMarket: true,
    seed: async (database) => {
      // A domain the warehouse knows with no month of data: the overview's left join answers one row of nulls.
      await database.query(`insert into domain (name, source_id) values ('bare.example', 1)`);
    },
  });
  onOrm = sqlFromEntityManager(testApp.app.get(EntityManager).fork());
  prepared = testApp.app.get<symbol, Sql>(PREPARED_WAREHOUSE_SQL, { strict: false });
  domains = (await testApp.database.query<{ name: string }>(`select name from domain order by name`)).map((row) => row.name);
}, setUpTimeoutMs);

/** The last test shuts the application down itself; then only the rest of stop() is left to do. */
let appClosed = false;
afterAll(async () => {
  if (!testApp) return;
  if (!appClosed) return testApp.stop();
  await rm(testApp.environment.DATA_DIR, { recursive: true, force: true });
  await testApp.redis.cleanup();
  await testApp.database.drop();
}, setUpTimeoutMs);

describe('the prepared research port', () => {
  it('gives every domain overview exactly as MikroORM did, in every territory, and the API serves that answer', async () => {
    expect(domains.length).toBeGreaterThan(40);
    for (const territory of ['US', 'UK', 'NZ']) {
      for (const domain of [...domains, 'nobody.example']) {
        const [before, after] = [await domainOverview(onOrm, { domain, territory }), await domainOverview(prepared, { domain, territory })];
        expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      }
    }
    const bare = await domainOverview(prepared, { domain: 'bare.example', territory: 'US' });
    expect(bare).toMatchObject({ domain: 'bare.example', month: null, latest: null, history: [] });

    const largest = (await domainOverview(onOrm, { domain: domains[0]!, territory: 'US' }))!;
    const response = await fetch(`${testApp.baseUrl}/rest/research/domain-overview?domain=${largest.domain}&countryCode=US`);
    // The visitor's answer: the same, with its paid figures withheld (issue 24: one paywall).
    const withheld = { ...largest, latest: largest.latest && withheldFor('visitor', largest.latest), history: largest.history.map((point) => withheldFor('visitor', point)) };
    expect(await response.text()).toBe(JSON.stringify({ ...withheld, isDemoData: true }));
  });

  it('gives the same suggestions as MikroORM did', async () => {
    const [before, after] = [new SuggestionQuery(onOrm), new SuggestionQuery(prepared)];
    const prefixes = [...new Set([...domains.map((name) => name.slice(0, 2)), 'a', 'b', 'shoe', 'best', 'www.', 'zz'])];
    for (const prefix of prefixes) {
      expect(await after.any('US', prefix, 5)).toEqual(await before.any('US', prefix, 5));
      expect(await after.keywords('UK', prefix, 10)).toEqual(await before.keywords('UK', prefix, 10));
      expect(await after.domains('US', prefix, 10)).toEqual(await before.domains('US', prefix, 10));
    }
  });

  it('returns every value type as MikroORM does: dates and times as text, bigint and numeric as strings', async () => {
    const text = `select date '2026-10-01' as day, timestamp '2026-10-01 12:30:00' as at, timestamptz '2026-10-01 12:30:00+00' as at_zone,
      interval '1 day' as span, array[date '2026-09-01', null] as days, array[timestamptz '2026-10-01 00:00:00+00'] as moments,
      9007199254740993::bigint as big, 12.50::numeric(14,2) as amount, 3::int as count, 0.5::float8 as ratio, null::date as nothing,
      array[1, 2]::int[] as numbers, '{"a":1}'::jsonb as doc, ? ::text as echoed`;
    const rows = await prepared.query(text, ['x'], 'test_value_types');
    expect(rows).toStrictEqual(await onOrm.query(text, ['x']));
    expect(rows[0]).toMatchObject({ day: '2026-10-01', big: '9007199254740993', amount: '12.50', days: ['2026-09-01', null] });
  });

  it('prepares a named statement once per connection and reuses it', async () => {
    const pool = openWarehousePool(testApp.database.url, { max: 1 });
    try {
      const preparedNames = async () =>
        (await pool.sql.query<{ name: string }>(`select name from pg_prepared_statements order by name`)).map((row) => row.name);
      expect(await preparedNames()).toEqual([]);
      await domainOverview(pool.sql, { domain: domains[0]!, territory: 'US' });
      await domainOverview(pool.sql, { domain: domains[1]!, territory: 'UK' });
      expect(await preparedNames()).toEqual([domainOverviewStatementName]);
    } finally {
      await pool.close();
      await pool.close();
    }
  });

  // Compose points DATABASE_URL at PgBouncer in transaction mode, which does not carry LISTEN: the listener has its own URL.
  it('listens for viewer levels on DATABASE_LISTEN_URL when it is set, not on DATABASE_URL', async () => {
    const database = new URL(testApp.environment.DATABASE_URL);
    const link = await SlowLink.start({ host: database.hostname, port: Number(database.port || 5432) }, 1e9);
    const pool = new PreparedWarehousePool({ ...testApp.environment, DATABASE_LISTEN_URL: link.urlFor(testApp.environment.DATABASE_URL) });
    try {
      await until('the level notices heard through the link', () => pool.plainViewers!.heard, 30_000);
      // Cutting the link, and nothing else, leaves the notices unheard: the listener's one connection went through it.
      await link.close();
      await until('the listener deaf once its link is cut', () => !pool.plainViewers!.heard, 30_000);
    } finally {
      await pool.onApplicationShutdown();
      await link.close().catch(() => undefined);
    }
  });

  it('closes its connections when the application shuts down, its level listener too', async () => {
    const open = async (applicationName = warehousePoolApplicationName) =>
      Number(
        (
          await testApp.database.query<{ count: string }>(
            `select count(*) from pg_stat_activity where datname = current_database() and application_name = $1`,
            [applicationName],
          )
        )[0]!.count,
      );
    await domainOverview(prepared, { domain: domains[0]!, territory: 'US' });
    expect(await open()).toBeGreaterThan(0);
    expect(await open(viewerLevelsApplicationName)).toBe(1);
    await testApp.app.close();
    appClosed = true;
    // The server lists a backend until it has seen the socket close: allow it a moment.
    for (let attempt = 0; attempt < 20 && (await open()) + (await open(viewerLevelsApplicationName)) > 0; attempt += 1) await sleep(100);
    expect(await open()).toBe(0);
    expect(await open(viewerLevelsApplicationName)).toBe(0);
  });
});
