import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { exportResumeCheckpoint, type ExportResumePoint, type ExportStatus } from '@serpwise/contracts';
import { warehousePoolApplicationName } from '@serpwise/research';
import pg from 'pg';
import { bigDomain, ensureExportMarket } from '../../infra/bench/lib/export-market.mjs';
import type { HttpSession } from '../../infra/test/http-session.js';
import { SlowLink, WorkerProcess } from '../../infra/test/job-faults.js';
import { TestStack } from '../../infra/test/stack.js';
import { untilReady } from '../../infra/test/waiting.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

/**
 * Issue 27 point 2, against the built API and worker processes with their defaults: an export yielding to research
 * that never stops (a session named as the API's research pool, querying on the same server the whole time) is
 * killed (SIGKILL) while it yields; the next worker takes it over from its last committed batch, still beside that
 * research, and finishes it — yielding never starves it — with the file an undisturbed export writes.
 */
jest.setTimeout(240_000);

/** Four 5,000-row batches, a few MB of CSV, read over a slow link so the export takes seconds. */
const rows = 20_000;
const slowBytesPerSecond = 600_000;
const jobTimings = { JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RecordRow {
  state: string;
  attempts: number;
  done: number;
  result: ({ rows?: number } & { [exportResumeCheckpoint]?: ExportResumePoint }) | null;
}

describe('an export killed while it yields to research', () => {
  let stack: TestStack;
  let session: HttpSession;
  let link: SlowLink;
  const workers: WorkerProcess[] = [];
  const slowWorker = (name: string) => WorkerProcess.start(name, { ...stack.env, DATABASE_URL: link.urlFor(stack.database.url) }).then((worker) => (workers.push(worker), worker));
  const output = () => `${stack.output()}\n${workers.map((worker) => worker.output()).join('\n')}`;
  const recordOf = async (id: string): Promise<RecordRow> =>
    (await stack.database.query<RecordRow>('select state, attempts, done, result from job_record where id = $1', [id]))[0]!;
  const startExport = async (): Promise<ExportStatus> => {
    const response = await session.post('/rest/exports', { table: 'seo/backlinks', params: { domain: bigDomain, countryCode: 'US', status: 'all' }, format: 'csv' });
    if (response.status !== 202 && response.status !== 200) throw new Error(`export refused: ${response.status} ${await response.text()}`);
    return (await response.json()) as ExportStatus;
  };
  const download = async (id: string): Promise<Buffer> => {
    const status = (await (await session.get(`/rest/exports/${id}`)).json()) as ExportStatus;
    const response = await session.get(status.export.downloadUrl!);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    stack = await TestStack.start(jobTimings);
    await stack.killWorker();
    await ensureExportMarket(stack.database.url, () => undefined, { rows });
    const user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
    const database = new URL(stack.database.url);
    link = await SlowLink.start({ host: database.hostname, port: Number(database.port || 5432) }, slowBytesPerSecond);
  }, 240_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await link?.close();
    await stack?.stop();
  }, 60_000);

  it('goes on from its last committed batch in the next worker, beside the same research, and finishes with the undisturbed file', async () => {
    const first = await slowWorker('yielding');
    const job = await startExport();
    const seen: number[] = [];
    const watch = async () => {
      const record = await recordOf(job.id);
      if (record.state === 'active') seen.push(record.done);
      return record;
    };
    await untilReady('the first run to commit a batch', watch, (record) => (record.result?.[exportResumeCheckpoint]?.rows ?? 0) >= 5_000, 120_000, output);

    // Research from now on, without a pause: the export yields (waits between its batches) while it runs.
    const research = new pg.Client({ connectionString: stack.database.url, application_name: warehousePoolApplicationName });
    await research.connect();
    let asking = true;
    let queries = 0;
    const asked = (async () => {
      while (asking) {
        await research.query('select pg_sleep(0.05)');
        queries += 1;
      }
    })();
    try {
      // Within a wait (each at most 2 s; research is seen within one batch), the worker dies.
      await sleep(1_500);
      await first.kill();
      workers.splice(workers.indexOf(first), 1);
      const killedAt = (await recordOf(job.id)).result![exportResumeCheckpoint]!;
      expect(killedAt).toMatchObject({ attempt: 1 });
      expect(killedAt.rows).toBeLessThan(rows);

      await slowWorker('next');
      const done = await untilReady('the job to end beside never-ending research', watch, (record) => record.state !== 'active' && record.state !== 'queued', 180_000, output);
      expect(done).toMatchObject({ state: 'completed', attempts: 2, result: expect.objectContaining({ rows }) });
      // Research went on the whole time, and progress never went back.
      expect(queries).toBeGreaterThan(20);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    } finally {
      asking = false;
      await asked;
      await research.end();
    }

    // Byte for byte the file of the same request exported with nobody in its way.
    const resumed = await download(job.id);
    const again = await startExport();
    expect(again.id).not.toBe(job.id);
    await untilReady('the undisturbed export', () => recordOf(again.id), (record) => record.state === 'completed', 120_000, output);
    const undisturbed = await download(again.id);
    expect(resumed.toString('utf8').split('\r\n')).toHaveLength(rows + 2);
    expect(resumed.equals(undisturbed)).toBe(true);
  });
});
