import pg from 'pg';
import { openPgPool, type DroppedConnectionListener } from './pg-pool.js';
import { sqlFromPg, type Sql } from './sql.js';

/** A node-postgres pool of the research layer's own, for its hot fixed-shape statements (named, so prepared). */
export interface WarehousePool {
  sql: Sql;
  /** Ends every connection; calling it again is harmless. */
  close(): Promise<void>;
}

// date, timestamp, timestamptz, interval, and their arrays (1182, 1115, 1185, 1187).
const textScalarTypes = [1082, 1114, 1184, 1186];
const textArrayTypes = [1182, 1115, 1185, 1187];
/** text[] (its oid is missing from pg-types' TypeId enum): its parser gives arrays of strings, nulls kept. */
const textArrayOid = 1009 as Parameters<typeof pg.types.getTypeParser>[0];

/**
 * The value types MikroORM's connection gives the same queries: dates and times stay the text PostgreSQL sends
 * (node-postgres would make them Date objects), everything else as node-postgres parses it (bigint and numeric
 * as strings). So a query answers byte for byte the same on either port.
 */
export function mikroOrmCompatibleTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  const asText = (value: string) => value;
  const asTextArray = pg.types.getTypeParser(textArrayOid, 'text');
  for (const oid of textScalarTypes) types.setTypeParser(oid, asText);
  for (const oid of textArrayTypes) types.setTypeParser(oid, asTextArray);
  return types;
}

/**
 * Opens the pool (it connects lazily, on the first query). A few connections are enough: the statements it runs
 * take well under a millisecond, and every connection prepares each statement once, on its first use.
 */
export function openWarehousePool(
  databaseUrl: string,
  options: { max?: number; applicationName?: string; onDropped?: DroppedConnectionListener } = {},
): WarehousePool {
  // A connection the server drops is discarded by the pool and the process goes on (pg-pool.ts).
  const pool = openPgPool({
    connectionString: databaseUrl,
    max: options.max ?? 4,
    idleTimeoutMillis: 60_000,
    application_name: options.applicationName ?? warehousePoolApplicationName,
    types: mikroOrmCompatibleTypes(),
  }, options.onDropped);
  let closing: Promise<void> | null = null;
  return { sql: sqlFromPg(pool), close: () => (closing ??= pool.end()) };
}

/** How the pool's connections name themselves (pg_stat_activity.application_name). */
export const warehousePoolApplicationName = 'serpwise-research-pool';
/** The API's research reads on a read replica (DATABASE_READ_URL), the queries MikroORM runs without one. */
export const researchReadsApplicationName = 'serpwise-research-reads';
