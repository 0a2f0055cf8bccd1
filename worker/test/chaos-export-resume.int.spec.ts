import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { exportResumeCheckpoint, exportSpreadsheetCheckpoint, type ExportResumePoint, type ExportStatus } from '@serpwise/contracts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bigDomain, ensureExportMarket } from '../../infra/bench/lib/export-market.mjs';
import { FakeGoogle, type FakeSpreadsheet } from '../../infra/test/fake-google.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { SlowLink, WorkerProcess } from '../../infra/test/job-faults.js';
import { parseCsv, readXlsx, unzip } from '../../infra/test/spreadsheet-readers.js';
import { TestStack } from '../../infra/test/stack.js';
import { untilReady } from '../../infra/test/waiting.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';

/**
 * Issue 21 item 4, against the built API and worker processes, the real PostgreSQL and Redis: a CSV export whose
 * worker is killed (SIGKILL) halfway goes on, in the next worker, after the last batch the killed one committed —
 * its progress never goes back —, survives that worker being killed as well, and the file it publishes is byte for
 * byte the file of an export nobody stopped. An XLSX export killed at about a fifth goes on inside its sheet (the
 * workbook's sheet is the undisturbed one's, byte for byte), and a Google Sheets export killed while Google was
 * answering an append (the rows stored, the worker not told) goes on in the same spreadsheet without a duplicate row
 * (Google is a fake answering in the Sheets API's documented shapes).
 */
jest.setTimeout(240_000);

/** Rows of the exported table (a domain's backlinks): four 5,000-row batches, a few MB of CSV. */
const rows = 20_000;
/** The worker's database link: slow enough that the export takes seconds and commits several checkpoints. */
const slowBytesPerSecond = 600_000;
/** Short lock and stall check, so the killed worker's job is taken over within seconds. */
const jobTimings = { JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' };
const backlinksExport = (format: 'csv' | 'xlsx' | 'sheets') => ({ table: 'seo/backlinks', params: { domain: bigDomain, countryCode: 'US', status: 'all' }, format });


interface RecordRow {
  state: string;
  attempts: number;
  done: number;
  result: ({ rows?: number } & { [exportResumeCheckpoint]?: ExportResumePoint }) | null;
}

const recordOf = async (stack: TestStack, id: string): Promise<RecordRow> =>
  (await stack.database.query<RecordRow>('select state, attempts, done, result from job_record where id = $1', [id]))[0]!;

async function startExport(session: HttpSession, format: 'csv' | 'xlsx' | 'sheets' = 'csv'): Promise<ExportStatus> {
  const response = await session.post('/rest/exports', backlinksExport(format));
  if (response.status !== 202 && response.status !== 200) throw new Error(`export refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as ExportStatus;
}

async function download(session: HttpSession, id: string): Promise<Buffer> {
  const status = (await (await session.get(`/rest/exports/${id}`)).json()) as ExportStatus;
  expect(status.export.downloadUrl).toBeTruthy();
  const response = await session.get(status.export.downloadUrl!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('an export whose worker is killed halfway', () => {
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;
  let link: SlowLink;
  const workers: WorkerProcess[] = [];
  const slowWorker = (name: string) => WorkerProcess.start(name, { ...stack.env, DATABASE_URL: link.urlFor(stack.database.url) }).then((worker) => (workers.push(worker), worker));
  const output = () => `${stack.output()}\n${workers.map((worker) => worker.output()).join('\n')}`;

  let google: FakeGoogle;

  beforeAll(async () => {
    google = await new FakeGoogle().start();
    stack = await TestStack.start({
      ...jobTimings,
      GOOGLE_CLIENT_ID: 'serpwise-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${google.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_BASE_URL: google.baseUrl,
      GOOGLE_DRIVE_BASE_URL: google.baseUrl,
      GOOGLE_SHEETS_WRITE_INTERVAL_MS: '20',
    });
    // The workers of this test are started and killed by the test; not the stack's own.
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
    await google?.stop();
  }, 60_000);

  it('goes on after the last committed batch in the next worker (twice), and publishes the file an unstopped export writes', async () => {
    const first = await slowWorker('killed');
    const job = await startExport(session);
    // Every progress the record shows, from the start to the end: it must never go back.
    const seen: { attempts: number; done: number }[] = [];
    const watch = async () => {
      const record = await recordOf(stack, job.id);
      if (record.state === 'active') seen.push({ attempts: record.attempts, done: record.done });
      return record;
    };

    // The first run has committed a batch and shown it as progress, and has rows left: it dies without a chance to
    // clean up.
    await untilReady('the first run to commit a checkpoint', watch, (record) => record.done >= 5_000 && (record.result?.[exportResumeCheckpoint]?.rows ?? 0) >= 5_000, 90_000, output);
    await first.kill();
    workers.splice(workers.indexOf(first), 1);
    const killedAt = (await recordOf(stack, job.id)).result![exportResumeCheckpoint]!;
    expect(killedAt.attempt).toBe(1);
    expect(killedAt.rows).toBeLessThan(rows);

    // The next worker takes the job over once the lock has expired: it takes the killed run's part over (the
    // checkpoint names its own attempt at once) and is killed too, before it commits a batch of its own.
    const second = await slowWorker('killed-too');
    await untilReady('the second run to take the part over', watch, (record) => record.result?.[exportResumeCheckpoint]?.attempt === 2, 90_000, output);
    await second.kill();
    workers.splice(workers.indexOf(second), 1);
    const doneAtSecondKill = (await recordOf(stack, job.id)).done;
    const takenOver = (await recordOf(stack, job.id)).result![exportResumeCheckpoint]!;
    expect(takenOver.rows).toBeGreaterThanOrEqual(killedAt.rows);

    // The third worker goes on from the second's part and finishes.
    await slowWorker('last');
    const done = await untilReady('the job to end', watch, (record) => record.state !== 'active' && record.state !== 'queued', 90_000, output);
    expect(done).toMatchObject({ state: 'completed', attempts: 3, result: expect.objectContaining({ rows }) });

    // Progress never went back (a retried run reports the committed rows first, never 0), and the last run's own
    // first report (the record shows the killed runs' last one until then) is at least the committed rows.
    const dones = seen.map((step) => step.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    const ownReport = seen.find((step) => step.attempts === 3 && step.done !== doneAtSecondKill);
    expect(ownReport).toBeDefined();
    expect(ownReport!.done).toBeGreaterThanOrEqual(takenOver.rows);

    // One file: the published one (the killed run's part was taken over, no temporary file is left).
    expect(readdirSync(join(stack.env.DATA_DIR!, `exports/${user.id}`)).filter((name) => name.startsWith(job.id))).toEqual([`${job.id}.3.csv`]);

    // Byte for byte the file of the same request exported by a run nobody disturbed (a new job: the first ended).
    const resumed = await download(session, job.id);
    const again = await startExport(session);
    expect(again.id).not.toBe(job.id);
    await untilReady('the undisturbed export', () => recordOf(stack, again.id), (record) => record.state === 'completed', 90_000, output);
    const undisturbed = await download(session, again.id);
    expect(resumed.toString('utf8').split('\r\n')).toHaveLength(rows + 2); // header, rows, the empty end after the last CRLF
    expect(resumed.length).toBe(undisturbed.length);
    expect(resumed.equals(undisturbed)).toBe(true);
  });

  /** Stops the workers an earlier test left running: the next job must go to the worker the test kills. */
  async function noWorkers(): Promise<void> {
    for (const worker of workers.splice(0)) await worker.kill();
  }

  /** Every progress the record shows while active, to check it never goes back. */
  function progressWatch(id: string) {
    const seen: { attempts: number; done: number; resumedFrom?: number }[] = [];
    const watch = async () => {
      const record = await recordOf(stack, id);
      if (record.state === 'active') seen.push({ attempts: record.attempts, done: record.done, resumedFrom: record.result?.[exportResumeCheckpoint]?.resumedFrom });
      return record;
    };
    return { seen, watch };
  }

  it('an XLSX export killed at about a fifth goes on inside its sheet: the workbook is the undisturbed one, and progress never went back', async () => {
    await noWorkers();
    const first = await slowWorker('xlsx-killed');
    const job = await startExport(session, 'xlsx');
    const { seen, watch } = progressWatch(job.id);
    await untilReady('the XLSX run to commit a fifth of its rows', watch, (record) => (record.result?.[exportResumeCheckpoint]?.rows ?? 0) >= rows * 0.2, 90_000, output);
    await first.kill();
    workers.splice(workers.indexOf(first), 1);
    const atKill = await recordOf(stack, job.id);
    const killedAt = atKill.result![exportResumeCheckpoint]!;
    expect(killedAt).toMatchObject({ attempt: 1, zip: expect.objectContaining({ open: expect.objectContaining({ name: 'xl/worksheets/sheet1.xml' }) }) });
    expect(killedAt.rows).toBeLessThan(rows * 0.5);

    await slowWorker('xlsx-last');
    const done = await untilReady('the XLSX job to end', watch, (record) => record.state !== 'active' && record.state !== 'queued', 90_000, output);
    expect(done).toMatchObject({ state: 'completed', attempts: 2, result: expect.objectContaining({ rows }) });
    const dones = seen.map((step) => step.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    // The second run's own reports (the record shows the killed run's last one until the first) start at the
    // committed rows, not at 0.
    const own = seen.filter((step) => step.attempts === 2 && step.done !== atKill.done);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((step) => step.done >= killedAt.rows)).toBe(true);
    // Its checkpoint says where it took over (the job center shows "resumed after …").
    expect(seen.some((step) => step.attempts === 2 && step.resumedFrom === killedAt.rows)).toBe(true);
    expect(readdirSync(join(stack.env.DATA_DIR!, `exports/${user.id}`)).filter((name) => name.startsWith(job.id))).toEqual([`${job.id}.2.xlsx`]);

    const resumed = await download(session, job.id);
    const again = await startExport(session, 'xlsx');
    await untilReady('the undisturbed XLSX export', () => recordOf(stack, again.id), (record) => record.state === 'completed', 90_000, output);
    const undisturbed = await download(session, again.id);
    // unzip checks every entry's CRC-32 and size, as Excel does; the sheet is the undisturbed export's, byte for byte.
    const sheetXml = unzip(resumed).get('xl/worksheets/sheet1.xml')!;
    expect(sheetXml.equals(unzip(undisturbed).get('xl/worksheets/sheet1.xml')!)).toBe(true);
    // The rows' provenance texts as shared strings: the table the killed run had committed, carried over and ended alike.
    expect(killedAt.sharedStrings?.length).toBeGreaterThan(0);
    expect(unzip(resumed).get('xl/sharedStrings.xml')!.equals(unzip(undisturbed).get('xl/sharedStrings.xml')!)).toBe(true);
    const sheet = readXlsx(resumed);
    const expected = readXlsx(undisturbed);
    expect(sheet).toHaveLength(rows + 1);
    expect(sheet[1]).toEqual(expected[1]);
    expect(sheet[rows]).toEqual(expected[rows]);
    // The same rows as the CSV of the same request (cell text), first and last.
    const csv = parseCsv((await download(session, (await completedCsv()).id)).toString('utf8').replace(/^\uFEFF/, ''));
    expect(sheet[1]!.map((cell) => (cell.value === null ? '' : String(cell.value)))).toEqual(csv[1]);
    expect(sheet[rows]!.map((cell) => (cell.value === null ? '' : String(cell.value)))).toEqual(csv[rows]);
  });

  /** A completed CSV export of the same request (the first test's, or a new one when this test runs alone). */
  async function completedCsv(): Promise<ExportStatus> {
    const job = await startExport(session, 'csv');
    if (job.state !== 'completed') await untilReady('a CSV export', () => recordOf(stack, job.id), (record) => record.state === 'completed', 90_000, output);
    return job;
  }

  it('a Google Sheets export killed while Google answers an append goes on in the same spreadsheet, without a duplicate or a missing row', async () => {
    const authorised = await session.post('/auth/setgoogletoken', { code: google.issueCode(), redirectUri: `${stack.baseUrl}/google-auth/callback` });
    expect(authorised.status).toBe(200);
    // The second append is stored by "Google", but its answer never reaches the worker: it is killed meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldSheet: FakeSpreadsheet | null = null;
    google.beforeAppendAnswer = async (sheet) => {
      if (sheet.appends !== 2) return;
      heldSheet = sheet;
      await held;
    };
    const sheetsBefore = google.spreadsheets.size;
    await noWorkers();
    const first = await slowWorker('sheets-killed');
    const job = await startExport(session, 'sheets');
    const { seen, watch } = progressWatch(job.id);
    await untilReady('the second append to be held', watch, (record) => heldSheet !== null && (record.result?.[exportResumeCheckpoint]?.rows ?? 0) > 0, 90_000, output);
    await first.kill();
    workers.splice(workers.indexOf(first), 1);
    google.beforeAppendAnswer = null;
    release();
    const killedAt = (await recordOf(stack, job.id)).result![exportResumeCheckpoint]!;
    const sheet = heldSheet!;
    expect(killedAt.sheet?.spreadsheetId).toBe(sheet.id);
    // More rows are in the spreadsheet than the checkpoint says: the held append's.
    expect(sheet.rows.length).toBeGreaterThan(killedAt.rows + 1);

    await slowWorker('sheets-last');
    const done = await untilReady('the Sheets job to end', watch, (record) => record.state !== 'active' && record.state !== 'queued', 90_000, output);
    expect(done).toMatchObject({ state: 'completed', attempts: 2, result: expect.objectContaining({ rows }) });
    const dones = seen.map((step) => step.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    // One spreadsheet, the one the killed run made; its stale rows cleared once, then the rest appended under the committed ones.
    expect(google.spreadsheets.size).toBe(sheetsBefore + 1);
    expect(sheet.clears).toBe(1);
    const status = (await (await session.get(`/rest/exports/${job.id}`)).json()) as ExportStatus;
    expect(status.export.spreadsheetUrl).toContain(sheet.id);

    const known = new Set(google.spreadsheets.keys());
    const again = await startExport(session, 'sheets');
    await untilReady('the undisturbed Sheets export', () => recordOf(stack, again.id), (record) => record.state === 'completed', 90_000, output);
    const undisturbed = [...google.spreadsheets.values()].find((other) => !known.has(other.id))!;
    expect(sheet.rows).toHaveLength(rows + 1);
    expect(sheet.rows[0]).toEqual(undisturbed.rows[0]);
    expect(sheet.rows[1]).toEqual(undisturbed.rows[1]);
    expect(sheet.rows[rows]).toEqual(undisturbed.rows[rows]);
    expect(sheet.rows).toEqual(undisturbed.rows);
  });

  it('a Google Sheets export killed before its first rows were committed starts over in the spreadsheet it made: one spreadsheet, the whole table once', async () => {
    // The first append (header and first rows) is stored by "Google", but its answer never reaches the worker.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldSheet: FakeSpreadsheet | null = null;
    google.beforeAppendAnswer = async (sheet) => {
      if (sheet.appends !== 1) return;
      heldSheet = sheet;
      await held;
    };
    const sheetsBefore = google.spreadsheets.size;
    await noWorkers();
    const first = await slowWorker('sheets-first-killed');
    const job = await startExport(session, 'sheets');
    const atKill = await untilReady('the first append to be held', () => recordOf(stack, job.id), () => heldSheet !== null, 90_000, output);
    await first.kill();
    workers.splice(workers.indexOf(first), 1);
    google.beforeAppendAnswer = null;
    release();
    const sheet = heldSheet!;
    // Nothing committed, but the spreadsheet was recorded as soon as Google made it.
    const killed = (await recordOf(stack, job.id)).result as Record<string, { spreadsheetId?: string } | undefined>;
    expect(atKill.result?.[exportResumeCheckpoint]).toBeUndefined();
    expect(killed[exportSpreadsheetCheckpoint]?.spreadsheetId).toBe(sheet.id);

    await slowWorker('sheets-first-last');
    const done = await untilReady('the Sheets job to end', () => recordOf(stack, job.id), (record) => record.state !== 'active' && record.state !== 'queued', 90_000, output);
    expect(done).toMatchObject({ state: 'completed', attempts: 2, result: expect.objectContaining({ rows }) });
    // No second spreadsheet: the killed run's was emptied once and written again from its header.
    expect(google.spreadsheets.size).toBe(sheetsBefore + 1);
    expect(sheet.clears).toBe(1);
    expect(sheet.rows).toHaveLength(rows + 1);
    expect(sheet.rows.filter((row) => JSON.stringify(row) === JSON.stringify(sheet.rows[0])).length).toBe(1);
    const status = (await (await session.get(`/rest/exports/${job.id}`)).json()) as ExportStatus;
    expect(status.export.spreadsheetUrl).toContain(sheet.id);
  });
});
