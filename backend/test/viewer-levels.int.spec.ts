import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { listenForViewerLevels, openWarehousePool, PlainViewers, viewerLevelsApplicationName, viewerScopedSql, type PlainViewersListener, type Sql, type WarehousePool } from '@serpwise/research';
import { terminateConnections } from '../../infra/test/faults.js';
import { createTestDatabase, setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { until } from '../../infra/test/waiting.js';

/**
 * A research request of a viewer who owns nothing skips the probe of their level while the API hears every write that
 * could raise it (plain-viewers.ts, Migration20261210020000_viewer_level_notify). Real triggers, a real LISTEN
 * connection, and its real loss (pg_terminate_backend).
 */
jest.setTimeout(120_000);

let database: TestDatabase;
let pool: WarehousePool;
let viewers: PlainViewers;
let listener: PlainViewersListener;
/** Every statement the port ran, by name (the probe is research_viewer_level). */
const names: (string | undefined)[] = [];
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase({ tinyMarket: true });
  pool = openWarehousePool(database.url, { max: 2 });
  const counted: Sql = { query: (text, params, name) => (names.push(name), pool.sql.query(text, params, name)) };
  viewers = new PlainViewers();
  listener = listenForViewerLevels(database.url, viewers, { retryMs: 100 });
  sql = viewerScopedSql(counted, viewerNow, () => undefined, counted, viewers);
  await until('the level notices heard', () => viewers.heard, 30_000);
}, setUpTimeoutMs);

afterAll(async () => {
  await listener?.close();
  await pool?.close();
  await database?.drop();
}, setUpTimeoutMs);

let viewer = randomUUID();
function viewerNow(): string {
  return viewer;
}

/** One research request of the viewer: how many probes it cost and the name its read ran under. */
async function request(): Promise<{ probes: number; read: string | undefined }> {
  const from = names.length;
  await sql.query('select count(*) from domain_month m where m.territory = ?', ['US'], 'viewer_levels_read');
  const ran = names.slice(from);
  return { probes: ran.filter((name) => name === 'research_viewer_level').length, read: ran.find((name) => name?.startsWith('viewer_levels_read')) };
}

/** A new plain viewer, known at 'plain' after one probe. */
async function knownPlainViewer(): Promise<string> {
  viewer = randomUUID();
  expect(await request()).toEqual({ probes: 1, read: 'viewer_levels_read' });
  expect(await request()).toEqual({ probes: 0, read: 'viewer_levels_read' });
  return viewer;
}

const domainId = async () => (await database.query<{ id: number }>(`select id from domain order by id limit 1`))[0]!.id;

describe('viewers known to own nothing', () => {
  it('are probed once, then again after an owned figure of theirs lands, and read at their new level', async () => {
    const alice = await knownPlainViewer();
    await database.query(
      `insert into owned_domain_month (owner_user_id, domain_id, territory, month, organic_keywords, organic_top3, organic_top10, organic_clicks,
         paid_keywords, paid_clicks, paid_budget) values ($1, $2, 'US', '2026-10-01', 5, 1, 2, 30, 0, 0, 0)`,
      [alice, await domainId()],
    );
    await until('the landing heard', () => !viewers.has(alice), 10_000);
    expect(await request()).toEqual({ probes: 1, read: 'viewer_levels_read_own' });
  });

  it('are forgotten on each write that can raise a level: owned keywords, projects, team access, an account owner', async () => {
    const writes: [string, (id: string) => Promise<unknown>][] = [
      ['owned keyword', async (id) => database.query(`insert into owned_keyword (owner_user_id, keyword_id, month, source_id) select $1, id, '2026-10-01', 1 from keyword limit 1`, [id])],
      ['project', async (id) => database.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values (gen_random_uuid(), $1, 'P', 'a.example', 'US', now(), now())`, [id])],
      ['project domain', async (id) => database.query(`update project set domain = 'b.example' where owner_user_id = $1`, [id])],
      ['team access', async (id) => database.query(`insert into project_team_access (child_user_id, owner_user_id, access, updated_at) values ($1, $1, 'none', now())`, [id])],
      ['team access removed', async (id) => database.query(`delete from project_team_access where child_user_id = $1`, [id])],
      ['account owner', async (id) => database.query(`update app_user set parent_user_id = $1 where id = (select id from app_user order by id limit 1)`, [id])],
    ];
    for (const [what, write] of writes) {
      const known = await knownPlainViewer();
      // The write is the previous viewer's (a different one): every viewer kept is forgotten alike.
      await write(known);
      await until(`${what} heard`, () => !viewers.has(known), 10_000);
    }
  });

  it('are probed on every request while the listening connection is lost, and kept again once it is back', async () => {
    await knownPlainViewer();
    expect(await terminateConnections(database.url, { applicationNameLike: viewerLevelsApplicationName })).toBe(1);
    await until('the loss noticed', () => !viewers.heard, 10_000);
    // Not heard, nothing kept: each request probes (a write now could not be heard).
    expect(await request()).toEqual({ probes: 1, read: 'viewer_levels_read' });
    expect(await request()).toEqual({ probes: 1, read: 'viewer_levels_read' });
    await until('listening again', () => viewers.heard, 30_000);
    await knownPlainViewer();
    // What was written while it was down is read by the next probe; and writes are heard again.
    const bob = viewer;
    await database.query(`insert into owned_keyword (owner_user_id, keyword_id, month, source_id) select $1, id, '2026-10-01', 1 from keyword limit 1`, [bob]);
    await until('heard after the reconnection', () => !viewers.has(bob), 10_000);
    expect(await request()).toEqual({ probes: 1, read: 'viewer_levels_read_own' });
  });
});
