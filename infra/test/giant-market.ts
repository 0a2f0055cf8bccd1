import { addGiantSubjects, demoLastMonth, monthsEndingAt, sqlFromPg, warehouseRollupSql, type Sql } from '@serpwise/research';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './test-services.js';

/** The tiny market with the giant subjects at a hundredth (issue 27 point 1), its roll-ups built and analysed. */
export interface GiantMarket {
  database: TestDatabase;
  /** One open connection, for the research statements under test. */
  client: pg.Client;
  sql: Sql;
  /** The market's 24 months, oldest first; the newest is demoLastMonth. */
  months: string[];
  idOf(domain: string): Promise<number>;
  close(): Promise<void>;
}

export async function openGiantMarket(): Promise<GiantMarket> {
  const months = monthsEndingAt(demoLastMonth, 24);
  const database = await createTestDatabase({ tinyMarket: true });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  await addGiantSubjects(client, 1, months, { scale: 0.01 });
  for (const step of warehouseRollupSql(months.slice(-3))) await client.query(step.sql, step.params);
  await client.query('commit');
  await client.query('analyze');
  return {
    database,
    client,
    sql: sqlFromPg(client),
    months,
    idOf: async (name) => (await database.query<{ id: number }>('select id from domain where name = $1', [name]))[0]!.id,
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}
