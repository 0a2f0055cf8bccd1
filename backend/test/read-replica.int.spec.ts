import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { researchReadsApplicationName, warehousePoolApplicationName } from '@serpwise/research';
import { rm } from 'node:fs/promises';
import { ReplicatedPostgres } from '../../infra/test/replicated-postgres.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { importKeywords, insertProject, json, nsa } from './projects-support.js';

/**
 * Issue 26 point 4: research reads go to a read replica (DATABASE_READ_URL); writes, job records and reads that must
 * see a write just made stay on the primary. The replica is real: a PostgreSQL cluster of this file's own with a
 * streaming-replication standby made by pg_basebackup -R (replicated-postgres.ts). Pausing the standby's replay
 * (pg_wal_replay_pause) makes the two differ, so each answer shows which server gave it.
 */
jest.setTimeout(90_000);

const binaries = await ReplicatedPostgres.binaries();
const describeWithReplica = binaries ? describe : describe.skip;
if (!binaries) console.warn('read-replica.int.spec.ts skipped: no PostgreSQL server binaries with pg_basebackup under /usr/lib/postgresql/*/bin.');

let cluster: ReplicatedPostgres | undefined;
let testApp: TestApp | undefined;
/** The test database's name: the same on both servers. */
let databaseName: string;
/** The last test shuts the application down itself; then only the rest of stop() is left to do. */
let appClosed = false;

beforeAll(async () => {
  if (!binaries) return;
  cluster = await ReplicatedPostgres.start(binaries);
  // The test database is made (migrated, the tiny market loaded) on the primary; the standby replays all of it.
  testApp = await startTestApp({
    serverUrl: cluster.primaryUrl(),
    tinyMarket: true,
    env: (database) => ({ DATABASE_READ_URL: cluster!.standbyUrl(new URL(database.url).pathname.slice(1)), DATABASE_READ_POOL_MAX: '3' }),
  });
  databaseName = new URL(testApp.database.url).pathname.slice(1);
  await cluster.waitForReplay();
}, setUpTimeoutMs);

afterAll(async () => {
  // Replay may have been left paused by a failed test: the drop of the database must reach the standby for stop().
  await cluster?.onStandby('select pg_wal_replay_resume()').catch(() => undefined);
  if (testApp && !appClosed) await testApp.stop();
  if (testApp && appClosed) {
    await rm(testApp.environment.DATA_DIR, { recursive: true, force: true });
    await testApp.redis.cleanup();
    await testApp.database.drop();
  }
  await cluster?.close();
}, setUpTimeoutMs);

const visitorJson = async <T>(path: string): Promise<T> => {
  const response = await fetch(testApp!.baseUrl + path, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** The API's research connections to this database on one server, by application name. */
async function researchConnections(on: 'primary' | 'standby'): Promise<string[]> {
  const sql = `select application_name from pg_stat_activity where datname = $1 and application_name = any($2) order by 1`;
  const names = [researchReadsApplicationName, warehousePoolApplicationName];
  if (on === 'standby') return (await cluster!.onStandby<{ application_name: string }>(sql, [databaseName, names])).map((row) => row.application_name);
  return (await testApp!.database.query<{ application_name: string }>(sql, [databaseName, names])).map((row) => row.application_name);
}

/** Runs `work` while the standby replays nothing: whatever the primary writes meanwhile, the standby does not have. */
async function withReplayPaused<T>(work: () => Promise<T>): Promise<T> {
  await cluster!.onStandby('select pg_wal_replay_pause()');
  try {
    return await work();
  } finally {
    await cluster!.onStandby('select pg_wal_replay_resume()');
  }
}

type Overview = { latest: { clicks: number } };
type Footprint = { totalDomains: number };

describeWithReplica('research reads on a streaming-replication standby (DATABASE_READ_URL)', () => {
  it('answers research from the standby: a write on the primary shows only once the standby has replayed it', async () => {
    const domain = (await testApp!.database.query<{ name: string }>(
      `select d.name from domain d join domain_month m on m.domain_id = d.id and m.territory = 'US' group by d.name order by max(m.organic_clicks) desc limit 1`,
    ))[0]!.name;
    const overviewPath = `/rest/research/domain-overview?domain=${domain}&countryCode=US`;
    const before = { overview: await visitorJson<Overview>(overviewPath), footprint: await visitorJson<Footprint>('/rest/research/footprint') };

    await withReplayPaused(async () => {
      // On the primary: the domain's newest month gets 1,000,001 more clicks, and a new domain appears.
      await testApp!.database.query(
        `update domain_month set organic_clicks = organic_clicks + 1000001
         where territory = 'US' and domain_id = (select id from domain where name = $1) and month = (select max(month) from domain_month where territory = 'US')`,
        [domain],
      );
      await testApp!.database.query(`insert into domain (name, source_id) values ('replica-lag.example', 1)`);
      const [{ count }] = await testApp!.database.query<{ count: string }>(`select count(*) from domain`) as [{ count: string }];
      expect(Number(count)).toBe(before.footprint.totalDomains + 1);

      // The API still answers what the standby has: the prepared pool (overview) and the research reads (footprint).
      expect((await visitorJson<Overview>(overviewPath)).latest.clicks).toBe(before.overview.latest.clicks);
      expect((await visitorJson<Footprint>('/rest/research/footprint')).totalDomains).toBe(before.footprint.totalDomains);
    });

    await cluster!.waitForReplay();
    expect((await visitorJson<Overview>(overviewPath)).latest.clicks).toBe(before.overview.latest.clicks + 1000001);
    expect((await visitorJson<Footprint>('/rest/research/footprint')).totalDomains).toBe(before.footprint.totalDomains + 1);

    // Both research pools hold their connections on the standby, none on the primary.
    expect(new Set(await researchConnections('standby'))).toEqual(new Set([researchReadsApplicationName, warehousePoolApplicationName]));
    expect(await researchConnections('primary')).toEqual([]);
  });

  it('keeps writes, sessions and read-after-write (a project\'s keywords with their numbers) on the primary', async () => {
    await withReplayPaused(async () => {
      // Everything below is written while the standby replays nothing: an answer read there would not know it.
      const user = await createTestUser(testApp!.database, { roles: ['full'] });
      const browser = await loggedInSession(testApp!.baseUrl, user);
      const [{ name: domain }] = await testApp!.database.query<{ name: string }>(
        `select d.name from domain d join organic_rank r on r.domain_id = d.id where r.territory = 'US' group by d.name order by count(*) desc limit 1`,
      ) as [{ name: string }];
      const terms = (await testApp!.database.query<{ term: string }>(
        `select distinct k.term from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id
         where d.name = $1 and r.territory = 'US' order by k.term limit 3`,
        [domain],
      )).map((row) => row.term);
      const projectId = await insertProject(testApp!.database, user.id, { name: 'Replica', domain, territory: 'US' });
      const imported = await importKeywords(browser, { projectId, termCsv: terms.join('\n'), countryCode: 'US' });
      expect(imported.status).toBe(200);

      const listed = await json<{ totalRowCount: number; keywords: { keyword: string; monthlySearches: number | null }[] }>(
        await browser.get(`${nsa}/Keywords/Keywords/GetKeywordList?projectId=${projectId}&sortColumn=keyword`),
      );
      expect(listed.totalRowCount).toBe(3);
      expect(listed.keywords.map((row) => row.keyword)).toEqual([...terms].sort());
      expect(listed.keywords.every((row) => typeof row.monthlySearches === 'number')).toBe(true);

      const standbyUsers = await cluster!.onStandby<{ count: string }>(`select count(*) from app_user where id = $1`, [user.id], databaseName);
      expect(Number(standbyUsers[0]!.count)).toBe(0);
    });
  });

  it('says in /healthz whether the replica answers: 503 while it is down, 200 again once it is back', async () => {
    const health = async () => {
      const response = await fetch(`${testApp!.baseUrl}/healthz`);
      return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
    };
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok', replica: 'ok' } } });
    await cluster!.stopStandby();
    try {
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body.checks).toMatchObject({ database: 'ok', redis: 'ok' });
      expect(down.body.checks.replica).not.toBe('ok');
    } finally {
      await cluster!.startStandby();
    }
    // The pool dropped its dead connections and opens new ones to the standby that is back.
    let back = await health();
    for (let attempt = 0; attempt < 50 && back.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      back = await health();
    }
    expect(back).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok', replica: 'ok' } } });
  });

  it('closes its replica connections when the application shuts down', async () => {
    await testApp!.app.close();
    appClosed = true;
    for (let attempt = 0; attempt < 20 && (await researchConnections('standby')).length > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await researchConnections('standby')).toEqual([]);
  });
});
