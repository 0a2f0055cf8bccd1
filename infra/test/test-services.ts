import { loadEnvironment, type Environment } from '@serpwise/contracts';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { createDatabaseFromTemplate, urlOfDatabase } from './database-templates.js';
import { wait } from './waiting.js';

/**
 * Integration and end-to-end tests run against the real PostgreSQL and Redis, each in a database and a key
 * prefix of its own that it removes afterwards, so they never touch what `npm start` uses.
 */
export const testPostgresServerUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const uniqueSuffix = () => `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function onServer<T>(work: (client: pg.Client) => Promise<T>, serverUrl = testPostgresServerUrl): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/**
 * A new, migrated database named sw_test_… (on the shared server, or the one given), copied from a template; with
 * `tinyMarket` it already holds the tiny demo market (as loadTinyMarket would write it). drop() removes it.
 */
export async function createTestDatabase(options: { serverUrl?: string; tinyMarket?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? testPostgresServerUrl;
  const name = `sw_test_${uniqueSuffix()}`;
  await createDatabaseFromTemplate(serverUrl, name, options.tinyMarket ? 'tiny-market' : 'migrated');
  const url = urlOfDatabase(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle client can be cut off by the server (another test dropping databases with force): without a listener
  // that error would crash the test process. The next query simply opens a new connection.
  pool.on('error', () => undefined);
  return {
    url,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    drop: async () => {
      await pool.end();
      await onServer(async (client) => {
        await untilClosed(client, name);
        await client.query(`drop database if exists "${name}" with (force)`);
      }, serverUrl);
    },
  };
}

/**
 * Waits (at most 2 s) for the database's connections to close. A test ends its pools before drop(), but pg-pool's
 * end() resolves before its connections have closed: a forced drop then cut them, and an ended pool without an
 * 'error' listener threw the server's "terminating connection due to administrator command" into its test (seen
 * once in a full run, export-whole-statement.int.spec.ts). A connection still open after that is cut as before.
 */
async function untilClosed(client: pg.Client, database: string): Promise<void> {
  for (let waited = 0; waited < 2_000; waited += 25) {
    const { rows } = await client.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [database]);
    if (rows[0]!.open === 0) return;
    await wait(25);
  }
}

export interface TestRedis {
  prefix: string;
  client: Redis;
  cleanup(): Promise<void>;
}

/** A unique key prefix; cleanup() deletes every key under it. */
export function createTestRedis(): TestRedis {
  const prefix = `swtest-${uniqueSuffix()}`;
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 3 });
  return {
    prefix,
    client,
    cleanup: async () => {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}

/**
 * The per-plan quotas and research limits raised out of the way of tests that make many calls; the tests about the
 * limits (backend/test/limits.int.spec.ts) set their own through the overrides.
 */
export const generousTestLimits: Record<string, string> = {
  RESEARCH_REQUESTS_PER_MINUTE_VISITOR: '100000',
  RESEARCH_REQUESTS_PER_MINUTE_FREE: '100000',
  EXPORTS_PER_HOUR_FREE: '100000',
  EXPORTS_PER_HOUR_FULL: '100000',
  REPORTS_PER_HOUR_FREE: '100000',
  REPORTS_PER_HOUR_FULL: '100000',
  IMPORT_FILES_PER_DAY_FREE: '100000',
  IMPORT_FILES_PER_DAY_FULL: '100000',
  IMPORT_MB_PER_DAY_FREE: '100000',
  IMPORT_MB_PER_DAY_FULL: '100000',
  // A test process shares its 2 cores with a dozen others: a reply that arrived can wait more than the 1.5 s default
  // for the event loop, and the request would answer 503 (Redis not answering). A Redis that is down still fails at once.
  REDIS_REQUEST_TIMEOUT_MS: '15000',
};

/**
 * The bot check raised for integration tests, which call the research API at machine speed on purpose. Not in
 * generousTestLimits: end-to-end tests keep the defaults, so a browser flow at e2e speed shows a person is not held
 * back (backend/test/scraper-protection.int.spec.ts sets its own).
 */
export const generousBotCheck: Record<string, string> = {
  BOT_CHECK_REQUESTS_PER_SESSION: '100000',
  BOT_CHECK_REQUESTS_PER_ADDRESS: '100000',
};

export function testEnvironment(database: TestDatabase, redis: TestRedis, overrides: Record<string, string> = {}): Environment {
  return loadEnvironment({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    REDIS_PREFIX: redis.prefix,
    LOG_LEVEL: 'warn',
    DIAGNOSTIC_STEP_MS: '0',
    DATA_DIR: `/tmp/serpwise-test-${redis.prefix}`,
    ...generousTestLimits,
    ...generousBotCheck,
    ...overrides,
  }, { cores: availableParallelism() });
}

/**
 * How long a set-up or tear-down hook that creates a database, starts the app, the worker, processes or a browser
 * may take. Generous on purpose: on a loaded 2-core machine migrating a new database alone can take tens of seconds,
 * and Jest's default (5 s) or a file's test timeout must not decide a run.
 */
export const setUpTimeoutMs = 300_000;
/**
 * How long a started API or worker may take to answer /healthz: a start takes ~2 s of CPU, which at load average 25
 * on 2 cores (two test runs and a CPU hog) took over 90 s. Under setUpTimeoutMs, so the process's output is reported.
 */
export const processHealthyWithinMs = 240_000;
