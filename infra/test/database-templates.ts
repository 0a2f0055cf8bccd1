import { migrationsList, runMigrations } from '@serpwise/database';
import { loadDemoMarket } from '@serpwise/research';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Databases kept on the test server as templates, so each test database is a file copy (`create database …
 * template …`, about a second) instead of running every migration again and, for most files, generating the tiny
 * demo market (together 5–25 s on a loaded machine, about a hundred times per `npm test`).
 *
 * - `migrated`: every migration, no data.
 * - `tiny-market`: the same with the tiny demo market loaded (what loadTinyMarket writes).
 *
 * A template's name carries a hash of what made it: the migrations' names and code, and for the market the source of
 * the libraries that generate and load it. Changed code makes a new template, so a test never gets data older than the
 * code. Templates of other code (an older checkout) are dropped once they are a day old.
 */
export type DatabaseTemplate = 'migrated' | 'tiny-market';

const templatePrefix = 'sw_template_';
const staleAfterMs = 24 * 60 * 60 * 1000;
/** pg_advisory_lock key: one process at a time builds or drops templates. */
const templateLockKey = 72_616_401;
const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the tiny market's rows are made by, besides the migrations. */
const marketSourceFolders = ['backend/libs/research/src', 'backend/libs/contracts/src', 'backend/libs/database/src'];

function sourceFilesOf(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .sort()
    .map((file) => join(folder, file));
}

let hashes: Record<DatabaseTemplate, string> | undefined;
function hashOf(template: DatabaseTemplate): string {
  if (!hashes) {
    const migrations = createHash('sha256');
    for (const migration of migrationsList) migrations.update(`${migration.name}\n${String(migration.class)}\n`);
    const market = createHash('sha256').update(migrations.copy().digest());
    for (const file of marketSourceFolders.flatMap(sourceFilesOf)) market.update(`${file}\n`).update(readFileSync(join(root, file)));
    hashes = { migrated: migrations.digest('hex').slice(0, 16), 'tiny-market': market.digest('hex').slice(0, 16) };
  }
  return hashes[template];
}

const templateName = (template: DatabaseTemplate) => `${templatePrefix}${template === 'migrated' ? 'm' : 't'}_${hashOf(template)}`;

export const urlOfDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function templateExists(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
  return rows.length > 0;
}

async function fill(template: DatabaseTemplate, serverUrl: string, lockHolder: pg.Client, scratch: string): Promise<void> {
  if (template === 'migrated') {
    await lockHolder.query(`create database "${scratch}"`);
    await runMigrations(urlOfDatabase(serverUrl, scratch));
    return;
  }
  await lockHolder.query(`create database "${scratch}" template "${await ensureTemplate('migrated', serverUrl, lockHolder)}"`);
  const market = new pg.Client({ connectionString: urlOfDatabase(serverUrl, scratch) });
  await market.connect();
  try {
    await loadDemoMarket(market, { size: 'tiny' });
  } finally {
    await market.end();
  }
}

/** Builds the template under a scratch name and renames it when complete, so a half-built one is never copied. */
async function build(template: DatabaseTemplate, serverUrl: string, lockHolder: pg.Client, name: string): Promise<void> {
  const scratch = `${name}_building`;
  await lockHolder.query(`drop database if exists "${scratch}" with (force)`);
  await fill(template, serverUrl, lockHolder, scratch);
  await lockHolder.query(`alter database "${scratch}" rename to "${name}"`);
  // No connections: a connected session (even autovacuum's) would make `create database … template` fail.
  await lockHolder.query(`alter database "${name}" with is_template true allow_connections false`);
  await lockHolder.query(`comment on database "${name}" is '${new Date().toISOString()}'`);
}

async function dropStaleTemplates(lockHolder: pg.Client): Promise<void> {
  const current = [templateName('migrated'), templateName('tiny-market')];
  const { rows } = await lockHolder.query<{ datname: string; made: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as made from pg_database
      where datname like '${templatePrefix}%' and not (datname = any($1))`,
    [current],
  );
  for (const { datname, made } of rows) {
    const age = made ? Date.now() - Date.parse(made) : Number.POSITIVE_INFINITY;
    if (!(age > staleAfterMs)) continue;
    await lockHolder.query(`alter database "${datname}" is_template false`);
    await lockHolder.query(`drop database if exists "${datname}" with (force)`);
  }
}

/**
 * The template's name on the server, built first if missing. `lockHolder` is a client that already holds the lock
 * (the market template builds on the migrated one inside the same lock).
 */
async function ensureTemplate(template: DatabaseTemplate, serverUrl: string, lockHolder?: pg.Client): Promise<string> {
  const name = templateName(template);
  if (lockHolder) {
    if (!(await templateExists(lockHolder, name))) await build(template, serverUrl, lockHolder, name);
    return name;
  }
  return withClient(serverUrl, async (client) => {
    if (await templateExists(client, name)) return name;
    await client.query('select pg_advisory_lock($1)', [templateLockKey]);
    try {
      if (!(await templateExists(client, name))) {
        await build(template, serverUrl, client, name);
        await dropStaleTemplates(client);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [templateLockKey]);
    }
    return name;
  });
}

/** A new database on the server, a copy of the template (built first if this is the first test to ask). */
export async function createDatabaseFromTemplate(serverUrl: string, name: string, template: DatabaseTemplate): Promise<void> {
  const source = await ensureTemplate(template, serverUrl);
  await withClient(serverUrl, (client) => client.query(`create database "${name}" template "${source}"`));
}
