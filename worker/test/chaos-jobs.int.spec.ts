import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ExportStatus, ServerToClientEvents } from '@serpwise/contracts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { bigDomain, ensureExportMarket } from '../../infra/bench/lib/export-market.mjs';
import type { HttpSession } from '../../infra/test/http-session.js';
import { OwnRedis, SlowLink, WorkerProcess } from '../../infra/test/job-faults.js';
import { parseCsv } from '../../infra/test/spreadsheet-readers.js';
import { TestStack } from '../../infra/test/stack.js';
import { untilReady } from '../../infra/test/waiting.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

/**
 * Issue 16, points 2 and 3, against the built API and worker processes, the real PostgreSQL and Redis: a job run
 * twice at once after its lock was lost publishes one correct file; a job whose worker dies four times ends failed
 * with a reason the user can read; a Redis restart without persistence during 50 exports loses none and doubles none.
 */
jest.setTimeout(240_000);

/** Rows of the exported table (a domain's backlinks): four 5,000-row batches, a few MB of CSV. */
const rows = 20_000;
/** The worker's database link in the fault scenarios: slow enough that an export takes seconds. */
const slowBytesPerSecond = 1_000_000;
/** Short lock and stall check, so a frozen or killed worker's job is taken over within seconds. */
const jobTimings = { JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' };
const backlinksExport = { table: 'seo/backlinks', params: { domain: bigDomain, countryCode: 'US', status: 'all' }, format: 'csv' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RecordRow {
  state: string;
  attempts: number;
  done: number;
  error: string | null;
  result: { rows?: number } | null;
}

const recordOf = async (stack: TestStack, id: string): Promise<RecordRow> =>
  (await stack.database.query<RecordRow>('select state, attempts, done, error, result from job_record where id = $1', [id]))[0]!;

async function startExport(session: HttpSession, body: unknown = backlinksExport): Promise<ExportStatus> {
  const response = await session.post('/rest/exports', body);
  if (response.status !== 202 && response.status !== 200) throw new Error(`export refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as ExportStatus;
}

async function downloadCsv(session: HttpSession, id: string): Promise<string> {
  const status = (await (await session.get(`/rest/exports/${id}`)).json()) as ExportStatus;
  expect(status.export.downloadUrl).toBeTruthy();
  const response = await session.get(status.export.downloadUrl!);
  expect(response.status).toBe(200);
  return response.text();
}

const healthy = async (url: string) => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200;

/** Files of one job in the owner's export folder (published file, other attempts' files, temporary files). */
const filesOf = (stack: TestStack, userId: string, jobId: string) =>
  readdirSync(join(stack.env.DATA_DIR!, `exports/${userId}`)).filter((name) => name.startsWith(jobId));

function connectSocket(baseUrl: string, cookie: string): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('session.ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('a doubled run and a job whose worker keeps dying', () => {
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;
  let link: SlowLink;
  const workers: WorkerProcess[] = [];
  const slowWorker = (name: string) => WorkerProcess.start(name, { ...stack.env, DATABASE_URL: link.urlFor(stack.database.url) }).then((worker) => (workers.push(worker), worker));
  const output = () => `${stack.output()}\n${workers.map((worker) => worker.output()).join('\n')}`;

  beforeAll(async () => {
    stack = await TestStack.start(jobTimings);
    // The workers of these tests are started, paused and killed by the tests; not the stack's own.
    await stack.killWorker();
    await ensureExportMarket(stack.database.url, () => undefined, { rows });
    user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
    const database = new URL(stack.database.url);
    link = await SlowLink.start({ host: database.hostname, port: Number(database.port || 5432) }, slowBytesPerSecond);
  }, 240_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await link?.close();
    await stack?.stop();
  }, 60_000);

  it('two runs of one export at once (the first frozen past its lock, then resumed): one correct file, completed once', async () => {
    const first = await slowWorker('w1');
    const job = await startExport(session);
    // The first run is writing rows (it reported some) when it freezes: its lock expires, BullMQ hands the job on.
    await untilReady('the first run to write rows', () => recordOf(stack, job.id), (record) => record.state === 'active' && record.done > 0, 90_000, output);
    first.pause();
    const second = await slowWorker('w2');
    await untilReady('a second run to take the job and write rows', () => recordOf(stack, job.id), (record) => record.attempts >= 2 && record.done > 0, 90_000, output);
    // Both runs now hold the job; the first goes on where it froze while the second writes.
    first.resume();

    const done = await untilReady('the job to end', () => recordOf(stack, job.id), (record) => record.state !== 'active', 90_000, output);
    expect(done).toMatchObject({ state: 'completed', error: null, result: expect.objectContaining({ rows }) });
    await sleep(1_000); // the first run, fenced off, has seen it by now
    expect(first.alive).toBe(true);
    expect(second.alive).toBe(true);
    expect(await healthy(stack.baseUrl)).toBe(true);

    // Completed once: one run published; the other was fenced off and counted as superseded, not completed.
    const outcomes = [await first.finishedJobs('export.table'), await second.finishedJobs('export.table')];
    expect(outcomes.reduce((sum, outcome) => sum + (outcome.completed ?? 0), 0)).toBe(1);
    expect(outcomes.reduce((sum, outcome) => sum + (outcome.superseded ?? 0), 0)).toBeGreaterThanOrEqual(1);
    // Only the published attempt's file is left: no file or temporary file of the other run.
    const final = await recordOf(stack, job.id);
    expect(filesOf(stack, user.id, job.id)).toEqual([`${job.id}.${final.attempts}.csv`]);

    // Row for row what a run nobody disturbed writes: the same request again (the first one has ended: a new job).
    const published = await downloadCsv(session, job.id);
    expect(published).not.toContain('\u0000');
    const again = await startExport(session);
    expect(again.id).not.toBe(job.id);
    await untilReady('the undisturbed export', () => recordOf(stack, again.id), (record) => record.state === 'completed', 90_000, output);
    const undisturbed = parseCsv(await downloadCsv(session, again.id));
    const lines = parseCsv(published);
    expect(lines).toHaveLength(rows + 1);
    expect(lines).toEqual(undisturbed);
  });

  it('a worker killed four times on one job: the job ends failed with a reason, and asking again starts a new job', async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    const cookie = session.cookie;
    const socket = await connectSocket(stack.baseUrl, cookie);
    const heard: ExportStatus[] = [];
    socket.on('job.updated', (status) => heard.push(status as ExportStatus));
    try {
      const job = await startExport(session);
      let attempts = 0;
      for (let death = 1; death <= 4; death += 1) {
        const worker = await slowWorker(`doomed-${death}`);
        const running = await untilReady(`run ${death} to start`, () => recordOf(stack, job.id), (record) => record.state === 'active' && record.attempts > attempts, 90_000, output);
        attempts = running.attempts;
        await worker.kill();
        workers.splice(workers.indexOf(worker), 1);
      }
      // The next worker finds the job stalled a fourth time: BullMQ gives it up without running it.
      const last = await WorkerProcess.start('last', stack.env);
      workers.push(last);
      const failed = await untilReady('the job to end', () => recordOf(stack, job.id), (record) => record.state !== 'active' && record.state !== 'queued', 90_000, output);
      expect(failed).toMatchObject({ state: 'failed', error: 'The export stopped repeatedly and was given up; please try again.' });
      expect(last.alive).toBe(true);
      expect(await healthy(stack.baseUrl)).toBe(true);

      // The user was told, and sees it in the list.
      await untilReady('the failure to reach the socket', async () => heard.filter((status) => status.id === job.id && status.state === 'failed'), (seen) => seen.length > 0, 10_000);
      expect(heard.filter((status) => status.id === job.id && status.state === 'failed')).toHaveLength(1);
      const status = (await (await session.get(`/rest/exports/${job.id}`)).json()) as ExportStatus;
      expect(status).toMatchObject({ state: 'failed', error: 'The export stopped repeatedly and was given up; please try again.' });

      // The same request again is a new job, and it completes.
      const again = await startExport(session);
      expect(again.id).not.toBe(job.id);
      const done = await untilReady('the new export', () => recordOf(stack, again.id), (record) => record.state === 'completed' || record.state === 'failed', 90_000, output);
      expect(done).toMatchObject({ state: 'completed', result: expect.objectContaining({ rows }) });
    } finally {
      socket.close();
    }
  });
});

describe('Redis restarted without persistence during 50 exports', () => {
  let redis: OwnRedis;
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;
  /** Fifty different small exports (four rows each): the backlinks from one linking site each. */
  const requests = Array.from({ length: 50 }, (_, index) => ({
    ...backlinksExport,
    params: { ...backlinksExport.params, filter: `linking-site-${index + 1}.example/` },
  }));

  beforeAll(async () => {
    redis = await OwnRedis.start();
    stack = await TestStack.start({ ...jobTimings, REDIS_URL: redis.url, JOB_RECONCILE_INTERVAL_MS: '2000', WORKER_CONCURRENCY: '2' });
    await ensureExportMarket(stack.database.url, () => undefined, { rows });
    user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  }, 60_000);

  it('every export ends exactly once, completed, with its file correct', async () => {
    // Queued while no worker runs, so the restart finds jobs waiting, running and done.
    await stack.killWorker();
    const jobs: ExportStatus[] = [];
    for (const request of requests) jobs.push(await startExport(session, request));
    expect(new Set(jobs.map((job) => job.id)).size).toBe(50);
    const worker = await WorkerProcess.start('worker', stack.env);
    try {
      const ids = jobs.map((job) => job.id);
      const ended = () => stack.database.query<{ count: number }>(`select count(*)::int as count from job_record where id = any($1) and state = 'completed'`, [ids]);
      await untilReady('a few exports to complete', ended, ([row]) => row!.count >= 3, 90_000, () => `${stack.output()}\n${worker.output()}`);
      await redis.kill(); // everything queued in Redis is gone
      // Jobs no worker had taken yet existed only in Redis now: the reconciler has to queue them again from PostgreSQL.
      const [waiting] = await stack.database.query<{ count: number }>(`select count(*)::int as count from job_record where id = any($1) and state = 'queued'`, [ids]);
      expect(waiting!.count).toBeGreaterThan(0);
      await sleep(1_500);
      await redis.startServer();

      const states = await untilReady(
        'every export to end',
        () => stack.database.query<{ state: string; count: number }>(`select state, count(*)::int as count from job_record where id = any($1) group by state`, [ids]),
        (rows) => rows.every((row) => row.state !== 'queued' && row.state !== 'active'),
        150_000,
        () => `${stack.output()}\n${worker.output()}`,
      );
      expect(states).toEqual([{ state: 'completed', count: 50 }]);
      expect(worker.alive).toBe(true);
      expect(await healthy(stack.baseUrl)).toBe(true);
      // Exactly once: one completion per job, whichever run got there (a job run twice was fenced off once).
      expect((await worker.finishedJobs('export.table')).completed).toBe(50);

      // Every file is the one an undisturbed run writes: checked against the warehouse, row for row by source URL.
      for (const [index, job] of jobs.entries()) {
        const [header, ...lines] = parseCsv(await downloadCsv(session, job.id));
        const expected = await stack.database.query<{ url: string }>(
          `select p.url from backlink b join page p on p.id = b.source_page_id join domain d on d.id = b.target_domain_id
            where d.name = $1 and p.url like $2 order by p.url`,
          [bigDomain, `%//linking-site-${index + 1}.example/%`],
        );
        expect(expected.length).toBeGreaterThan(0);
        const urlColumn = header!.findIndex((name) => /source/i.test(name) && /url/i.test(name));
        expect(urlColumn).toBeGreaterThanOrEqual(0);
        expect(lines.map((line) => line[urlColumn]).sort()).toEqual(expected.map((row) => row.url));
      }
    } finally {
      await worker.stop();
    }
  });
});
