import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ExportStatus } from '@serpwise/contracts';
import { createOrmConfig } from '@serpwise/database';
import { createRedisConnection, LocalFileStore } from '@serpwise/platform';
import { defaultYieldRule, type YieldRule } from '@serpwise/domain';
import { warehousePoolApplicationName } from '@serpwise/research';
import type { Redis } from 'ioredis';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { standInHandlers } from '../../infra/test/stand-in-handlers.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { JobMetrics } from '../src/jobs/job-metrics.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { ExportProcessor } from '../src/processors/export.processor.js';
import { JobEvents } from '../src/realtime/job-events.emitter.js';

/**
 * Issue 27 point 2: an export yields to research on its PostgreSQL server (export-yield.ts). Research is a session
 * named as the API's research pool running a query on the same server (what pg_stat_activity shows of a research
 * page being answered); the export is the worker's real runner and export processor, a row a batch, on the tiny
 * market.
 */
jest.setTimeout(120_000);

class SilentEvents extends JobEvents {
  updated(): void {}
}

/**
 * Short enough for a test: research counts for 200 ms after its last query; one wait at most 300 ms; 4 s of waiting
 * in all, whatever the export ran. Bounded so that research of others on the same server (the signal is the server's)
 * can slow these exports but never hold them past the test's own timeouts.
 */
const testRule: YieldRule = { quietMs: 200, waitPerRunMs: 0, graceMs: 4_000, maxWaitMs: 300, pollMs: 10 };

let testApp: TestApp;
let orm: MikroORM;
let redis: Redis;
let runner: JobRunner;
let user: HttpSession;
let userId: string;
let busyDomain: string;
let exportPool: pg.Pool;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = async <T>(response: Response) => (await response.json()) as T;

interface RecordRow {
  state: string;
  done: number;
  total: number;
}
const recordOf = async (id: string): Promise<RecordRow> =>
  (await testApp.database.query<RecordRow>('select state, done::int as done, total::int as total from job_record where id = $1', [id]))[0]!;

async function until(what: string, ready: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function startExport(): Promise<string> {
  const response = await user.post('/rest/exports', { table: 'seo/keywords', params: { domain: busyDomain, countryCode: 'US', sort: 'keyword' }, format: 'csv' });
  expect(response.status).toBe(202);
  return (await json<ExportStatus>(response)).id;
}

const fileOf = (id: string) => readFileSync(join(testApp.environment.DATA_DIR, `exports/${userId}/${id}.1.csv`));

/** A session named `applicationName` asking `sql` again and again, `pauseMs` apart, until stopped. */
async function askingSession(applicationName: string, sql: string, pauseMs = 0): Promise<{ asked(): number; stop(): Promise<number> }> {
  const client = new pg.Client({ connectionString: testApp.environment.DATABASE_URL, application_name: applicationName });
  await client.connect();
  let running = true;
  let asked = 0;
  const loop = (async () => {
    while (running) {
      await client.query(sql);
      asked += 1;
      if (pauseMs) await sleep(pauseMs);
    }
  })();
  return {
    asked: () => asked,
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return Date.now();
    },
  };
}

/**
 * Research being answered, as PostgreSQL sees it: a session of the research pool's name running queries, one after
 * another (each `queryMs` long), until stopped.
 */
async function research(queryMs: number): Promise<{ stop(): Promise<number> }> {
  const session = await askingSession(warehousePoolApplicationName, `select pg_sleep(${queryMs / 1000})`);
  // Seen as started once its first query runs.
  await until('the research session to run', async () => (await testApp.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1 and state = 'active'`, [warehousePoolApplicationName]))[0]!.n > 0);
  return session;
}

/** The worker's runner with an export processor yielding by `rule` (the one before it stopped). */
async function useRunner(rule: YieldRule): Promise<void> {
  await runner?.stop();
  runner = new JobRunner(
    standInHandlers([new ExportProcessor(() => orm.em.fork(), exportPool, new LocalFileStore(testApp.environment.DATA_DIR), { batchRows: 1, yieldRule: rule })]),
    orm,
    new SilentEvents(),
    testApp.environment,
    pino({ level: 'silent' }),
    new JobMetrics(new Registry()),
  );
  runner.start();
}

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  const account = await createTestUser(testApp.database, { roles: ['full'] });
  userId = account.id;
  user = await loggedInSession(testApp.baseUrl, account);
  const [busy] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.organic_keywords desc limit 1`,
  );
  busyDomain = busy!.name;
  const { environment } = testApp;
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: 4 }));
  redis = createRedisConnection(environment, 'test-export-yield');
  exportPool = new pg.Pool({ connectionString: environment.DATABASE_URL, max: 3 });
  await useRunner(testRule);
}, setUpTimeoutMs);

afterAll(async () => {
  await runner?.stop();
  await exportPool?.end();
  await redis?.quit();
  await orm?.close();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('an export beside research', () => {
  let undisturbed: Buffer;
  let rows: number;

  it('alone, runs through (the file the other cases must give)', async () => {
    const id = await startExport();
    await until('the export to complete', async () => (await recordOf(id)).state === 'completed');
    undisturbed = fileOf(id);
    rows = (await recordOf(id)).total;
    // Enough one-row batches that a crawl shows.
    expect(rows).toBeGreaterThan(30);
  });

  it('does not start its statement while research is being answered, and runs once it is quiet', async () => {
    // One wait may last the whole research (5 s), and 8 s of waiting in all.
    await useRunner({ ...testRule, maxWaitMs: 8_000, graceMs: 8_000 });
    const asked = await research(5_000);
    let id = '';
    try {
      id = await startExport();
      // Research runs 5 s, the export alone well under one: it waits before its COPY and shows no row.
      await sleep(2_000);
      expect(await recordOf(id)).toMatchObject({ state: 'active', done: 0 });
      const copies = await testApp.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy (%' and state = 'active'`);
      expect(copies[0]!.n).toBe(0);
    } finally {
      await asked.stop();
    }
    // Research lasted five times the export's own time, and the export had not ended when research did.
    expect((await recordOf(id)).state).toBe('active');
    await until('the export to complete', async () => (await recordOf(id)).state === 'completed');
    expect(fileOf(id).equals(undisturbed)).toBe(true);
  });

  it('crawls while research goes on (one batch per wait), and finishes at its pace once research is quiet', async () => {
    // Waits of at most 300 ms, before its statement and between batches.
    await useRunner(testRule);
    const asked = await research(100);
    let id = '';
    try {
      id = await startExport();
      await sleep(2_500);
      const during = await recordOf(id);
      // It went on (a row after each wait): about 7 rows in 2.5 s (20 with slack), not the rest.
      expect(during.done).toBeGreaterThan(0);
      expect(during.done).toBeLessThanOrEqual(20);
      expect(during.state).toBe('active');
    } finally {
      await asked.stop();
    }
    await until('the export to complete', async () => (await recordOf(id)).state === 'completed');
    expect(fileOf(id).equals(undisturbed)).toBe(true);
  });

  it('does not wait for the API\'s bookkeeping (sessions, job status: queries of well under a millisecond, asked all the time)', async () => {
    await useRunner(testRule);
    // The API's connections answering sessions and job status: `select 1`, every 5 ms.
    const bookkeeping = await askingSession('serpwise-api', 'select 1', 5);
    try {
      await until('the bookkeeping to run', async () => bookkeeping.asked() > 0);
      const id = await startExport();
      // Counted as research, it would crawl a row per wait (at most 20 in 2.5 s: the case above); it runs through.
      await until('the export to complete beside the bookkeeping', async () => (await recordOf(id)).state === 'completed', 2_500);
      expect(fileOf(id).equals(undisturbed)).toBe(true);
      expect(bookkeeping.asked()).toBeGreaterThan(10);
    } finally {
      await bookkeeping.stop();
    }
  });

  it('is not starved by research that never stops: waits within its share, and the file is whole', async () => {
    // The production share (9× its running time, plus a second's grace), with short single waits.
    await useRunner({ ...testRule, waitPerRunMs: defaultYieldRule.waitPerRunMs, graceMs: defaultYieldRule.graceMs });
    // Research through the API itself, page after page (its statements run on the API's own connections).
    let asking = true;
    let pages = 0;
    const reading = (async () => {
      while (asking) {
        const page = await user.get(`/rest/research/seo/keywords?domain=${busyDomain}&countryCode=US`);
        expect(page.status).toBe(200);
        await page.arrayBuffer();
        pages += 1;
      }
    })();
    try {
      await until('research pages to be answered', async () => pages > 0);
      const id = await startExport();
      const pagesBefore = pages;
      // Research never paused during the export, yet it completed.
      await until('the export to complete beside never-ending research', async () => (await recordOf(id)).state === 'completed', 60_000);
      expect(pages).toBeGreaterThan(pagesBefore);
      expect(fileOf(id).equals(undisturbed)).toBe(true);
    } finally {
      asking = false;
      await reading;
    }
  });
});
