import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { keysetColumns, keysetFrom, orderedTable, ppcKeywordTableOrder, seoTableOrder, toNumberedPlaceholders, type BuiltQuery, type TableOrder, type TableSpec } from '@serpwise/research';
import pg from 'pg';
import { testPostgresServerUrl } from '../../infra/test/test-services.js';

/**
 * Issue 21 item 4: a resumed export reads the rows after its last written one by keyset over the table's full order
 * (keysetFrom). On real PostgreSQL, for orders with empty values first and last, both directions, ties on the sort
 * column, numeric and timestamp keys with digits a parsed value would lose: after any row, the keyset read gives
 * exactly the rest of the full read, in the same order.
 */
let client: pg.Client;

const rowsAsText = { getTypeParser: () => (text: string) => text };

async function read(query: BuiltQuery): Promise<Record<string, string | null>[]> {
  const result = await client.query<Record<string, string | null>>({ text: toNumberedPlaceholders(query.sql), values: [...query.params], types: rowsAsText });
  return result.rows;
}

const keywordTieBreak: TableSpec['tieBreak'] = [{ column: 'keyword', direction: 'asc' }];
/** Like the outreach table's (links desc, domain asc): a descending tie-break key with nulls, PostgreSQL's default place for them. */
const nullableTieBreak: TableSpec['tieBreak'] = [{ column: 'volume', direction: 'desc' }, { column: 'keyword', direction: 'asc' }];

const spec = (unspecified: TableSpec['unspecified'], tieBreak = keywordTieBreak): TableSpec => ({
  sortColumns: { volume: 'volume', cpc: 'cpc', seen: 'seen', keyword: 'keyword' },
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'volume', direction: 'desc' }],
  tieBreak,
  unspecified,
});

const orders: TableOrder[] = [
  {},
  { sort: 'volume', sortDirection: 'asc' },
  { sort: 'cpc', sortDirection: 'desc', emptyValues: 'high' },
  { sort: 'cpc', sortDirection: 'asc', emptyValues: 'low' },
  { sort: 'seen', sortDirection: 'desc' },
  { sort: 'seen', sortDirection: 'asc', emptyValues: 'high', filter: 'term' },
  { sort: 'keyword', sortDirection: 'desc' },
];

beforeAll(async () => {
  client = new pg.Client({ connectionString: testPostgresServerUrl });
  await client.connect();
  // A temporary table of this connection only: ties and nulls on every sort column, the keyword unique.
  await client.query(`create temporary table keyset_rows as
    select n as id, 'term ' || lpad(n::text, 3, '0') as keyword,
      case when n % 7 = 0 then null else (n % 5) * 100 end as volume,
      case when n % 4 = 0 then null else round((n % 3) + 0.123456789012345, 15) end::numeric as cpc,
      case when n % 6 = 0 then null else timestamptz '2026-01-01 00:00:00.000001+00' + (n % 4) * interval '1 microsecond' end as seen
    from generate_series(1, 80) n`);
}, 60_000);

afterAll(async () => {
  await client?.end();
});

describe('keysetFrom', () => {
  const tables = [
    ['ppc/keyword tables', ppcKeywordTableOrder, keywordTieBreak],
    ['SEO tables', seoTableOrder, keywordTieBreak],
    ['a nullable descending tie-break', seoTableOrder, nullableTieBreak],
    ['a nullable descending tie-break placed by the request', ppcKeywordTableOrder, nullableTieBreak],
  ] as const;
  for (const [name, unspecified, tieBreak] of tables) {
    for (const order of orders) {
      it(`${name}, order ${JSON.stringify(order)}: after any row, exactly the rest of the rows`, async () => {
        const query = orderedTable({ sql: 'select * from keyset_rows', params: [] }, spec(unspecified, tieBreak), order);
        const columns = keysetColumns(query);
        const all = await read(query);
        expect(all.length).toBeGreaterThan(10);
        for (let at = 0; at < all.length; at += 1) {
          const last = columns.map((column) => all[at]![column] ?? null);
          const after = await read(keysetFrom(query, last, false)!);
          expect(after.map((row) => row.id)).toEqual(all.slice(at + 1).map((row) => row.id));
          // With the row itself: what a resume that skips the rows it has (ties) reads.
          const from = await read(keysetFrom(query, last, true)!);
          expect(from.map((row) => row.id)).toEqual(all.slice(at).map((row) => row.id));
        }
      });
    }
  }

  it('a query without its order (none of the research tables) cannot be resumed by keyset', () => {
    expect(keysetFrom({ sql: 'select 1', params: [] }, [], false)).toBeNull();
  });
});
