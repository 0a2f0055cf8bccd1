import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { exportJob, exportSpreadsheetCheckpoint, type ExportStatus, type ServerToClientEvents } from '@serpwise/contracts';
import { createOrmConfig, GoogleTokenRepository, JobRecordRepository } from '@serpwise/database';
import { standInHandlers } from '../../infra/test/stand-in-handlers.js';
import { createRedisConnection, DownloadLinks, FileStore, type FileUpload, GoogleAuthorisations, LocalFileStore, type ResumableUpload, type ResumeFrom } from '@serpwise/platform';
import { presentExport } from '@serpwise/domain';
import type { Redis } from 'ioredis';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { io, type Socket } from 'socket.io-client';
import { FakeGoogle } from '../../infra/test/fake-google.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { JobMetrics } from '../src/jobs/job-metrics.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { ExportProcessor } from '../src/processors/export.processor.js';
import { RedisJobEvents } from '../src/realtime/job-events.emitter.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

jest.setTimeout(120_000);

/** A door the export walks through once: the test learns it arrived, does its thing, then opens it. */
class Gate {
  arrived!: Promise<void>;
  private arrive!: () => void;
  private opened!: Promise<void>;
  open!: () => void;
  constructor() {
    this.arrived = new Promise((resolve) => (this.arrive = resolve));
    this.opened = new Promise((resolve) => (this.open = resolve));
  }
  async pass(): Promise<void> {
    this.arrive();
    await this.opened;
  }
}

/**
 * The export pool, watched: counts the cursor's FETCHes, can hold one of them at a gate, and tells when the
 * export gave its connection back (the handler is done with it).
 */
class WatchedPool {
  fetches = 0;
  holdFetch: { at: number; gate: Gate } | null = null;
  released: Promise<void> = Promise.resolve();

  constructor(readonly pool: pg.Pool) {}

  asPool(): pg.Pool {
    return new Proxy(this.pool, {
      get: (target, key) => {
        if (key === 'connect') return () => this.connect();
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  private async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    let release!: () => void;
    this.released = new Promise((resolve) => (release = resolve));
    return new Proxy(client, {
      get: (target, key) => {
        if (key === 'query')
          return (query: unknown, params?: unknown[]) => {
            const run = () => (target.query as (...args: unknown[]) => unknown)(query, params);
            // A cursor's FETCH comes as text or as a query config (the export reads its rows as text: table-batches.ts).
            const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
            if (typeof text !== 'string' || !text.startsWith('fetch')) return run();
            this.fetches += 1;
            const gate = this.holdFetch?.at === this.fetches ? this.holdFetch.gate : null;
            return (async () => {
              await gate?.pass();
              return run();
            })();
          };
        if (key === 'release')
          return (error?: Error) => {
            target.release(error);
            release();
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/**
 * The file store, watched: counts the writes into the file being made, can hold one of them at a gate (the export
 * mid-file), and can hold a finished file before it is committed (between the export's last check and "done").
 */
class GatedFileStore extends FileStore {
  holdCommit: Gate | null = null;
  writes = 0;
  holdWrite: { at: number; gate: Gate } | null = null;
  /** Settles once the last upload's commit returned. */
  committed: Promise<void> = Promise.resolve();

  constructor(private readonly inner: FileStore) {
    super();
  }

  async create(key: string): Promise<FileUpload> {
    return this.watch(await this.inner.create(key));
  }

  /** A CSV export writes a resumable upload: watched the same way; its sync waits for the writes let through. */
  async resume(key: string, from?: ResumeFrom): Promise<ResumableUpload> {
    const upload = await this.inner.resume(key, from);
    const watched = this.watch(upload);
    return {
      ...watched,
      offset: upload.offset,
      // What was written before the call is committed, as the store's own sync answers (later writes not counted).
      sync: async () => {
        const bytes = upload.offset + watched.given();
        await new Promise<void>((resolve, reject) => watched.stream.write(Buffer.alloc(0), (error) => (error ? reject(error) : resolve())));
        return { ...(await upload.sync()), bytes };
      },
      close: () => {
        watched.stream.destroy();
        return upload.close();
      },
    };
  }

  private watch(upload: FileUpload): FileUpload & { given(): number } {
    // Bytes that went through to the store's stream; with the watched stream's own buffer, all it was given.
    let passed = 0;
    let done!: () => void;
    this.committed = new Promise((resolve) => (done = resolve));
    this.writes = 0;
    // A one-byte buffer: every write waits for the one before it, so a held write holds the export too (with the
    // default 16 KiB the export would go on filling the buffer while the test is at the gate).
    const stream = new Writable({
      highWaterMark: 1,
      write: (chunk: Buffer, _encoding, callback) => {
        if (chunk.length === 0) return callback();
        this.writes += 1;
        const gate = this.holdWrite?.at === this.writes ? this.holdWrite.gate : null;
        void (gate ? gate.pass() : Promise.resolve()).then(() => {
          // Counted as it leaves this stream's buffer (writableLength counts it until the callback).
          const through = () => {
            passed += chunk.length;
            callback();
          };
          if (upload.stream.write(chunk)) through();
          else upload.stream.once('drain', through);
        });
      },
    });
    return {
      stream,
      given: () => passed + stream.writableLength,
      commit: async () => {
        if (!stream.writableFinished) await finished(stream);
        upload.stream.end();
        await this.holdCommit?.pass();
        const result = await upload.commit();
        done();
        return result;
      },
      abort: () => {
        stream.destroy();
        return upload.abort();
      },
    };
  }
  read(key: string) {
    return this.inner.read(key);
  }
  size(key: string) {
    return this.inner.size(key);
  }
  remove(key: string) {
    return this.inner.remove(key);
  }
}

let google: FakeGoogle;
let testApp: TestApp;
let orm: MikroORM;
let redis: Redis;
let runner: JobRunner;
let user: HttpSession;
let userId: string;
let socket: Socket<ServerToClientEvents>;
let busyDomain: string;
let exportPool: pg.Pool;
let watched: WatchedPool;
let files: GatedFileStore;
const events: ExportStatus[] = [];

const json = async <T>(response: Response) => (await response.json()) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ready: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}
/** The file of the job's first attempt (each attempt writes its own). */
const fileOf = (id: string, format: string) => join(testApp.environment.DATA_DIR, `exports/${userId}/${id}.1.${format}`);
/** Temporary files a write of this job left behind (none, once it is over). */
const partsOf = (id: string) => readdirSync(join(testApp.environment.DATA_DIR, `exports/${userId}`)).filter((name) => name.startsWith(id) && name.endsWith('.part'));

async function startExport(format: 'csv' | 'xlsx' | 'sheets', table = 'seo/keywords'): Promise<string> {
  const response = await user.post('/rest/exports', { table, params: { domain: busyDomain, countryCode: 'US', sort: 'keyword' }, format });
  expect(response.status).toBe(202);
  return (await json<ExportStatus>(response)).id;
}

beforeAll(async () => {
  google = await new FakeGoogle().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: {
      GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_BASE_URL: google.baseUrl,
      GOOGLE_DRIVE_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_WRITE_INTERVAL_MS: '20',
    },
  });
  const account = await createTestUser(testApp.database, { roles: ['full'] });
  userId = account.id;
  user = await loggedInSession(testApp.baseUrl, account);
  const [busy] = await testApp.database.query<{ name: string }>(
    `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') order by dm.organic_keywords desc limit 1`,
  );
  busyDomain = busy!.name;

  // The browser: every job.updated it hears.
  socket = io(testApp.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: user.cookie }, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('session.ready', resolve);
    socket.once('connect_error', reject);
  });
  socket.on('job.updated', (status) => events.push(status as ExportStatus));

  // The worker's real runner and export processor (5 rows a batch, and a Sheets append per batch), publishing
  // through Redis as the worker does.
  const { environment } = testApp;
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: 4 }));
  redis = createRedisConnection(environment, 'test-export-cancel');
  exportPool = new pg.Pool({ connectionString: environment.DATABASE_URL, max: 2 });
  watched = new WatchedPool(exportPool);
  files = new GatedFileStore(new LocalFileStore(environment.DATA_DIR));
  const links = await DownloadLinks.create(environment, redis);
  runner = new JobRunner(
    standInHandlers([
      new ExportProcessor(() => orm.em.fork(), watched.asPool(), files, {
        batchRows: 5,
        sheetsAppendRows: 5,
        sheetsFor: (id) => new GoogleAuthorisations(environment, new GoogleTokenRepository(orm.em.fork())).sheetsFor(id),
      }),
    ]),
    orm,
    new RedisJobEvents(redis, environment.REDIS_PREFIX, { [exportJob.name]: (status) => presentExport(status, links, environment.EXPORT_FILE_TTL_HOURS) }),
    environment,
    pino({ level: 'silent' }),
    new JobMetrics(new Registry()),
  );
  runner.start();
}, setUpTimeoutMs);

afterAll(async () => {
  socket?.close();
  await runner?.stop();
  await exportPool?.end();
  await redis?.quit();
  await orm?.close();
  await testApp?.stop();
  await google?.stop();
}, setUpTimeoutMs);

describe('cancelling a running export', () => {
  it('stops it within one batch, leaves no file, and ends it cancelled exactly once (the socket says so)', async () => {
    const gate = new Gate();
    files.holdWrite = { at: 3, gate };
    const id = await startExport('csv');
    // Mid-export (read with COPY): the header and the first batch are written, the second batch is being written.
    await gate.arrived;
    files.holdWrite = null;
    const record = await new JobRecordRepository(orm.em.fork()).findById(id);
    expect(record).toMatchObject({ state: 'active' });

    const cancelled = await user.post(`/rest/exports/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    gate.open();
    await watched.released;
    await sleep(300); // any late event would arrive by now

    // It finished the write it was in, saw the cancel before the next batch, and wrote nothing more (the table has
    // many more batches); the COPY was stopped and its connection closed.
    expect(files.writes).toBe(3);
    const total = Number((await testApp.database.query<{ total: number }>(`select total from job_record where id = $1`, [id]))[0]!.total);
    expect(total).toBeGreaterThan(15);

    const after = await json<ExportStatus>(await user.get(`/rest/exports/${id}`));
    expect(after).toMatchObject({ state: 'cancelled', attempts: 1, export: { downloadUrl: null } });
    expect(existsSync(fileOf(id, 'csv'))).toBe(false);
    expect(partsOf(id)).toEqual([]);

    const mine = events.filter((status) => status.id === id);
    expect(mine.filter((status) => status.state === 'cancelled')).toHaveLength(1);
    expect(mine.some((status) => status.state === 'completed' || status.state === 'failed')).toBe(false);
    expect(mine.at(-1)).toMatchObject({ state: 'cancelled' });
  });

  it('cancelled after its file was written but before it was recorded done: the file goes, the job stays cancelled', async () => {
    const gate = new Gate();
    files.holdCommit = gate;
    const id = await startExport('xlsx');
    await gate.arrived;
    files.holdCommit = null;
    expect((await user.post(`/rest/exports/${id}/cancel`)).status).toBe(200);
    gate.open();

    // The runner's completion finds the record cancelled and has the processor remove the file it committed.
    await files.committed;
    const deadline = Date.now() + 10_000;
    while (existsSync(fileOf(id, 'xlsx')) && Date.now() < deadline) await sleep(50);
    await sleep(300);
    expect(existsSync(fileOf(id, 'xlsx'))).toBe(false);
    const after = await json<ExportStatus>(await user.get(`/rest/exports/${id}`));
    expect(after).toMatchObject({ state: 'cancelled', export: { downloadUrl: null } });
    const mine = events.filter((status) => status.id === id);
    expect(mine.filter((status) => status.state === 'cancelled')).toHaveLength(1);
    expect(mine.some((status) => status.state === 'completed')).toBe(false);
  });

  it('a Sheets export stops before its next append, and the spreadsheet it made is deleted: none is left', async () => {
    const authorised = await user.post('/auth/setgoogletoken', { code: google.issueCode(), redirectUri: `${testApp.baseUrl}/google-auth/callback` });
    expect(authorised.status).toBe(200);
    const gate = new Gate();
    watched.holdFetch = { at: watched.fetches + 3, gate };
    const fetchesBefore = watched.fetches;
    // The ranking history adds columns batch by batch, so it is read with a cursor: its FETCHes can be held.
    const id = await startExport('sheets', 'seo/ranking-history');
    await gate.arrived; // two batches read and appended, the third being read
    const [sheet] = [...google.spreadsheets.values()];
    const appendsAtCancel = sheet!.appends;
    const rowsAtCancel = sheet!.rows.length;
    expect(appendsAtCancel).toBeGreaterThan(0);
    expect((await user.post(`/rest/exports/${id}/cancel`)).status).toBe(200);
    gate.open();
    await watched.released;
    await sleep(300);

    expect(watched.fetches - fetchesBefore).toBe(3);
    expect(sheet!.appends).toBe(appendsAtCancel);
    expect(sheet!.rows.length).toBe(rowsAtCancel);
    // Recorded as soon as Google made it, and deleted from the owner's Drive once the job ended cancelled.
    const record = await new JobRecordRepository(orm.em.fork()).findById(id);
    expect((record!.result as Record<string, { spreadsheetId?: string }>)[exportSpreadsheetCheckpoint]?.spreadsheetId).toBe(sheet!.id);
    await until('the spreadsheet to be deleted', () => google.deletedSpreadsheets.has(sheet!.id));
    expect(google.spreadsheets.has(sheet!.id)).toBe(false);
    expect(google.requestsTo(`/drive/v3/files/${sheet!.id}`).map((request) => [request.method, request.status])).toEqual([['DELETE', 204]]);
    const after = await json<ExportStatus>(await user.get(`/rest/exports/${id}`));
    expect(after).toMatchObject({ state: 'cancelled', error: null, export: { spreadsheetUrl: null } });
    const mine = events.filter((status) => status.id === id);
    expect(mine.filter((status) => status.state === 'cancelled')).toHaveLength(1);
    expect(mine.some((status) => status.state === 'completed' || status.state === 'failed')).toBe(false);
  });

  it('a Sheets export Google refuses halfway ends failed and deletes its spreadsheet; with a grant that cannot delete, it says where the spreadsheet is', async () => {
    for (const grant of ['new', 'old'] as const) {
      // A grant from before the drive.file scope was asked for cannot delete files (Google answers 403).
      const scope = grant === 'old' ? 'https://www.googleapis.com/auth/spreadsheets openid email profile' : undefined;
      const authorised = await user.post('/auth/setgoogletoken', { code: google.issueCode(scope), redirectUri: `${testApp.baseUrl}/google-auth/callback` });
      expect(authorised.status).toBe(200);
      const known = new Set([...google.spreadsheets.keys(), ...google.deletedSpreadsheets.keys()]);
      // The third append is refused for good (400): the export fails after two appends went in.
      google.beforeAppendAnswer = async (sheet) => {
        if (sheet.appends === 2 && !known.has(sheet.id)) google.failNext.push({ status: 400 });
      };
      const id = await startExport('sheets', 'seo/ranking-history');
      let status: ExportStatus;
      const deadline = Date.now() + 30_000;
      do {
        await sleep(100);
        status = await json<ExportStatus>(await user.get(`/rest/exports/${id}`));
      } while ((status.state !== 'failed' || (grant === 'old' && !status.error?.includes('Google Drive'))) && Date.now() < deadline);
      google.beforeAppendAnswer = null;
      const made = [...google.spreadsheets.values(), ...google.deletedSpreadsheets.values()].filter((sheet) => !known.has(sheet.id));
      expect(made).toHaveLength(1);
      expect(made[0]!.appends).toBe(2);
      expect(status.state).toBe('failed');
      if (grant === 'new') {
        await until('the spreadsheet to be deleted', () => google.deletedSpreadsheets.has(made[0]!.id));
        expect(google.spreadsheets.has(made[0]!.id)).toBe(false);
        expect(status.error).not.toContain('Google Drive');
      } else {
        expect(google.spreadsheets.has(made[0]!.id)).toBe(true);
        expect(google.requestsTo(`/drive/v3/files/${made[0]!.id}`).map((request) => request.status)).toEqual([403]);
        expect(status.error).toContain(`The unfinished spreadsheet is still in your Google Drive: https://docs.google.com/spreadsheets/d/${made[0]!.id}/edit`);
        // The browser heard it too.
        await until('the socket to say so', () => events.some((event) => event.id === id && event.state === 'failed' && Boolean(event.error?.includes('Google Drive'))));
      }
    }
  });

  it('an export nobody cancels still completes with its file (the checks do not stop it)', async () => {
    const id = await startExport('csv');
    const deadline = Date.now() + 20_000;
    let status: ExportStatus;
    do {
      await sleep(100);
      status = await json<ExportStatus>(await user.get(`/rest/exports/${id}`));
    } while (status.state !== 'completed' && Date.now() < deadline);
    expect(status).toMatchObject({ state: 'completed' });
    expect(existsSync(fileOf(id, 'csv'))).toBe(true);
  });
});
