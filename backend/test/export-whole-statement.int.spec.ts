import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { countSqlOf, prepareExport, prepareResearchTable, scopeBuiltQuery, sqlFromPg, toNumberedPlaceholders, viewerScopedSql, type BuiltQuery } from '@serpwise/research';
import { spreadsheetCell } from '@serpwise/contracts';
import pg from 'pg';
import { createTestDatabase, setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

/**
 * An export reads a table's every row with one statement (BuiltQuery.whole): the columns a page adds per batch (the
 * ranking history, the best result's URL, an ad history's months and ad texts) computed in the SQL. On the tiny
 * market, for several orders and a filter, that statement gives exactly the rows, columns and order that the page's
 * statement and its decorate step give over all rows — what the export wrote before — and the same count. Compared
 * as the file's cells (spreadsheetCell): the ranking history comes as text already in its file form, the page's as
 * parsed months.
 */
let database: TestDatabase;
let pool: pg.Pool;
let busyDomain: string;
let advertiser: string;
const viewer = '00000000-0000-0000-0000-0000000000aa';

beforeAll(async () => {
  database = await createTestDatabase({ tinyMarket: true });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const largest = async (column: string) =>
    (await database.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US'
        and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.${column} desc limit 1`,
    ))[0]!.name;
  busyDomain = await largest('organic_keywords');
  advertiser = await largest('paid_keywords');
}, setUpTimeoutMs);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
}, setUpTimeoutMs);

/** A row as the file's cells, by column. */
const cellsOf = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, spreadsheetCell(value)]));

/** Every row of a statement, as the export parses them (node-postgres's types), mapped like the export does. */
async function rowsOf(query: BuiltQuery, decorate: boolean): Promise<Record<string, unknown>[]> {
  const scoped = scopeBuiltQuery(query, viewer);
  const client = await pool.connect();
  try {
    const raw = (await client.query<Record<string, unknown>>(toNumberedPlaceholders(scoped.sql), [...scoped.params])).rows;
    const decorated = decorate && scoped.decorate ? await scoped.decorate(sqlFromPg(client), raw) : raw;
    return decorated.map((row) => (scoped.map ? scoped.map(row) : row) as Record<string, unknown>);
  } finally {
    client.release();
  }
}

const cases = () => [
  { table: 'seo/ranking-history', params: { domain: busyDomain, countryCode: 'US' } },
  { table: 'seo/ranking-history', params: { domain: busyDomain, countryCode: 'US', type: 'MostValuable', sort: 'position', sortDirection: 'asc' } },
  { table: 'seo/ranking-history', params: { domain: busyDomain, countryCode: 'US', sort: 'url', filter: 'e' } },
  { table: 'seo/keywords', params: { domain: busyDomain, countryCode: 'US', sort: 'volume', sortDirection: 'asc', filter: 'a' } },
  { table: 'ppc/ad-history', params: { query: advertiser, countryCode: 'US', months: '12' } },
  { table: 'ppc/ad-history', params: { query: advertiser, countryCode: 'US', months: '6', sort: 'keyword', sortDirection: 'desc' } },
] as const;

describe('the export statement of a table whose pages add columns per batch', () => {
  it('gives the rows, columns and order of the page statement and its decorate step over all rows, and the same count', async () => {
    for (const { table, params } of cases()) {
      const sql = viewerScopedSql(sqlFromPg(pool), () => viewer);
      const paged = (await prepareResearchTable(sql, table, params)).query!;
      const exported = (await prepareExport(sql, table, params)).query!;
      // The export reads one statement: no decorate step, the page's own order and params.
      expect(exported.decorate).toBeUndefined();
      expect(paged.decorate).toBeDefined();
      expect(exported.params).toEqual(paged.params);
      expect(exported.keyset).toEqual(paged.keyset);
      const expected = await rowsOf(paged, true);
      expect(expected.length).toBeGreaterThan(0);
      const rows = await rowsOf(exported, false);
      // Same keys in the same order (the file's columns come from the first row's), same values, same order.
      expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
      expect(rows.map(cellsOf)).toEqual(expected.map(cellsOf));
      // The ranking history is copied as it comes: text in its file form, nothing to parse.
      if (table === 'seo/ranking-history') expect(rows.every((row) => typeof row.history === 'string')).toBe(true);
      const [counted] = (await pool.query<{ total: number }>(toNumberedPlaceholders(countSqlOf(exported)), [...exported.params])).rows;
      expect(counted!.total).toBe(expected.length);
    }
  });
});
