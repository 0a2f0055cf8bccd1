import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ExportStatus } from '@serpwise/contracts';
import pg from 'pg';
import { bigDomain, ensureExportMarket } from '../../infra/bench/lib/export-market.mjs';
import { connectionsTo, OwnPostgres, terminateConnections } from '../../infra/test/faults.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { parseCsv } from '../../infra/test/spreadsheet-readers.js';
import { TestStack } from '../../infra/test/stack.js';
import { healthy, until, wait } from '../../infra/test/waiting.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

/**
 * Issue 16 point 1, against the built backend and worker as separate processes: PostgreSQL dropping their
 * connections (pg_terminate_backend, a restart) fails what was using them — a job goes to its retry, a request
 * answers 503 or its stream is cut — and never the process; the next work succeeds without a restart.
 */
jest.setTimeout(300_000);

const exportRows = 20_000;
const historyRows = 150_000;
const json = async <T>(response: Response) => (await response.json()) as T;

/** Both processes still the ones started (same PIDs, running) and answering /healthz. */
async function expectBothAlive(stack: TestStack, pids: { backend: number | null; worker: number | null }): Promise<void> {
  expect(stack.pids()).toEqual(pids);
  expect(pids.backend).not.toBeNull();
  expect(pids.worker).not.toBeNull();
  await until('both processes healthy', async () => (await healthy(stack.baseUrl)) && (await healthy(stack.workerUrl)), 30_000);
}

async function exportBacklinks(session: HttpSession, status: 'all' | 'live' | 'lost' = 'all'): Promise<ExportStatus> {
  const response = await session.post('/rest/exports', { table: 'seo/backlinks', params: { domain: bigDomain, countryCode: 'US', status }, format: 'csv', scope: 'full' });
  expect([200, 202]).toContain(response.status);
  return json<ExportStatus>(response);
}

async function finishedExport(session: HttpSession, id: string): Promise<ExportStatus> {
  return until(`export ${id} to finish`, async () => {
    const status = await json<ExportStatus>(await session.get(`/rest/exports/${id}`));
    return ['completed', 'failed', 'cancelled'].includes(status.state) ? status : null;
  }, 120_000);
}

async function download(session: HttpSession, status: ExportStatus): Promise<string> {
  const response = await session.get(status.export.downloadUrl!);
  expect(response.status).toBe(200);
  return response.text();
}

describe('PostgreSQL drops the connections of running processes', () => {
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;

  beforeAll(async () => {
    stack = await TestStack.start();
    await ensureExportMarket(stack.database.url, () => undefined, { rows: exportRows });
    user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("the worker survives losing its connections mid-export; the export is retried and its file is complete", async () => {
    const pids = stack.pids();
    // Two exports side by side leave two connections idle in the worker's exports pool, as a busy worker has.
    const warmUp = await Promise.all([exportBacklinks(session, 'live'), exportBacklinks(session, 'lost')]);
    for (const { id } of warmUp) expect((await finishedExport(session, id)).state).toBe('completed');
    // Hold the page table so the export's read waits inside PostgreSQL: its connection is cut while the job runs.
    // (The API's row count reads the backlink index alone and still answers.)
    const blocker = new pg.Client({ connectionString: stack.database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table page in access exclusive mode');
    const started = await exportBacklinks(session);
    await until('the export to wait for its rows', async () =>
      (await connectionsTo(stack.database.url, { applicationNameLike: 'serpwise-worker-exports' })).length > 0 &&
      (await stack.database.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity where application_name = 'serpwise-worker-exports' and wait_event_type = 'Lock'`,
      ))[0]!.waiting > 0);
    const [running] = await stack.database.query<{ state: string; attempts: number }>('select state, attempts from job_record where id = $1', [started.id]);
    expect(running).toEqual({ state: 'active', attempts: 1 });

    // Every connection the worker holds (its ORM pool, the exports and warehouse pools) is terminated.
    expect(await terminateConnections(stack.database.url, { applicationNameLike: 'serpwise-worker%' })).toBeGreaterThan(0);
    await blocker.query('rollback');
    await blocker.end();

    const finished = await finishedExport(session, started.id);
    expect(finished.state).toBe('completed');
    const [record] = await stack.database.query<{ state: string; attempts: number; result: { rows: number } }>('select state, attempts, result from job_record where id = $1', [started.id]);
    expect(record).toMatchObject({ state: 'completed', attempts: 2, result: expect.objectContaining({ rows: exportRows }) });

    // The file holds the table as an export without any fault writes it, row for row.
    const file = await download(session, finished);
    const [header, ...lines] = parseCsv(file);
    expect(lines).toHaveLength(exportRows);
    const [{ links }] = (await stack.database.query<{ links: number }>(
      'select count(*)::int as links from backlink b join domain d on d.id = b.target_domain_id where d.name = $1', [bigDomain])) as [{ links: number }];
    expect(lines).toHaveLength(links);
    const clean = await finishedExport(session, (await exportBacklinks(session)).id);
    expect(clean.id).not.toBe(started.id);
    const [cleanHeader, ...cleanLines] = parseCsv(await download(session, clean));
    expect(header).toEqual(cleanHeader);
    expect(lines).toEqual(cleanLines);

    await expectBothAlive(stack, pids);
  });

  it('the API survives losing its connections during a streamed history download; that download is cut, the next ones work', async () => {
    const pids = stack.pids();
    // A history far larger than the socket buffers, so the download is mid-way (its cursor open) while the reader waits.
    const seed = new pg.Client({ connectionString: stack.database.url });
    await seed.connect();
    try {
      const [{ id: source }] = (await seed.query(`insert into data_source (kind, label, loaded_at, owner_user_id) values ('import', 'chaos history', now(), $1) returning id`, [user.id])).rows;
      const [{ id: site }] = (await seed.query(`insert into domain (name, source_id) values ('chaos-history.test', $1) returning id`, [source])).rows;
      await seed.query(`insert into page (domain_id, url, title, source_id) select $1, 'https://chaos-history.test/p' || g, 'Page ' || g, $2 from generate_series(1, 100) g`, [site, source]);
      await seed.query(
        `insert into keyword (territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, source_id)
         select 'US', 'chaos term ' || g, g, '{}', date '2026-01-01', 1.5, 0.5, 10, 1000, $1 from generate_series(1, 1500) g`, [source]);
      await seed.query(
        `insert into serp_observation (keyword_id, observed_on, position, owner_user_id, territory, domain_id, page_id, source_id)
         select terms.ids[1 + g % 1500], date '2026-01-01' + (g / 1500), 1 + g % 100, $1, 'US', $2, pages.ids[1 + g % 100], $3
           from generate_series(0, $4::int - 1) g,
                (select array_agg(id) as ids from keyword where term like 'chaos term %') terms,
                (select array_agg(id) as ids from page where domain_id = $2) pages`,
        [user.id, site, source, historyRows]);
    } finally {
      await seed.end();
    }
    const [{ owned }] = (await stack.database.query<{ owned: number }>('select count(*)::int as owned from serp_observation where owner_user_id = $1', [user.id])) as [{ owned: number }];
    expect(owned).toBe(historyRows);

    const response = await fetch(`${stack.baseUrl}/rest/imports/history`, { headers: { cookie: session.cookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = Buffer.from((await reader.read()).value ?? []);
    // The reader stops; the server fills the socket and waits with its cursor open between two fetches.
    await until('the download to wait for its reader', async () =>
      (await connectionsTo(stack.database.url, { applicationNameLike: 'serpwise-api-imports' })).some((connection) => connection.state === 'idle in transaction'));
    expect(await terminateConnections(stack.database.url, { applicationNameNotLike: 'serpwise-worker%' })).toBeGreaterThan(0);

    let cut = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received = Buffer.concat([received, Buffer.from(value)]);
      }
    } catch {
      cut = true;
    }
    const receivedLines = received.toString('utf8').split('\r\n').length - 1;
    // Either the connection was closed under the reader, or the file ended short: never a complete-looking file.
    expect(cut || receivedLines < historyRows + 1).toBe(true);
    expect(receivedLines).toBeLessThan(historyRows + 1);

    // The process is the same one, and the next requests (a page of JSON, the whole download again) work.
    await expectBothAlive(stack, pids);
    expect((await session.get('/rest/imports')).status).toBe(200);
    const again = await session.get('/rest/imports/history');
    expect(again.status).toBe(200);
    const lines = (await again.text()).split('\r\n');
    expect(lines.length - 2).toBe(historyRows); // the header, and the empty string after the last line
  });
});

describe('PostgreSQL restarts', () => {
  let postgres: OwnPostgres;
  let stack: TestStack;
  let session: HttpSession;

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    stack = await TestStack.start({}, { postgresServerUrl: postgres.serverUrl });
    await ensureExportMarket(stack.database.url, () => undefined, { rows: 5_000 });
    session = await loggedInSession(stack.baseUrl, await createTestUser(stack.database, { roles: ['full'] }));
  }, 240_000);
  afterAll(async () => {
    await stack?.stop().catch(() => undefined);
    await postgres?.close();
  });

  it('while it is down requests answer 503 with a sentence; afterwards everything works again without a restart', async () => {
    const pids = stack.pids();
    // Both processes hold connections (a finished export used the worker's pools).
    const before = await finishedExport(session, (await exportBacklinks(session)).id);
    expect(before.state).toBe('completed');

    await postgres.stop();
    const started = Date.now();
    const down = await session.get('/rest/exports');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(down.status).toBe(503);
    expect(await json(down)).toEqual({ statusCode: 503, message: 'The database is not answering right now. Please try again in a moment.' });
    expect(down.headers.get('retry-after')).toBe('5');
    await wait(2_000); // the worker's periodic work (heartbeats, progress checks) meets the dead server too
    expect(stack.pids()).toEqual(pids);

    await postgres.start();
    await until('the API to answer again', async () => (await session.get('/rest/exports')).status === 200, 30_000);
    const after = await finishedExport(session, (await exportBacklinks(session)).id);
    expect(after.state).toBe('completed');
    expect(after.id).not.toBe(before.id);
    await expectBothAlive(stack, pids);
  });
});
