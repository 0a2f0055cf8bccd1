import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { HttpSession } from '../../infra/test/http-session.js';
import { deleteImport, HeldMonth, importedFile, serpFile, warehouseFingerprint, type SerpRow } from '../../infra/test/import-deletion.js';
import { WorkerProcess } from '../../infra/test/job-faults.js';
import { TestStack } from '../../infra/test/stack.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, jobWaitMs, until } from '../../infra/test/waiting.js';

/**
 * Issue 19 point 6, against the built API and worker processes and the real PostgreSQL and Redis: the worker deleting
 * an import is killed between two batches; its transaction is rolled back, another worker takes the job over, and the
 * deletion ends with the import fully removed (the warehouse exactly as before the import).
 */
jest.setTimeout(jobTestTimeoutMs);

/** Short lock and stall check, so a killed worker's job is taken over within seconds. */
const jobTimings = { JOB_LOCK_DURATION_MS: '3000', JOB_STALLED_INTERVAL_MS: '1500' };

/** Two months of results on a site of the file's own. */
const rows: SerpRow[] = ['2026-05-10', '2026-06-10'].flatMap((date) =>
  Array.from({ length: 40 }, (_, index) => ({ keyword: `chaos deletion ${index}`, date, position: (index % 10) + 1, url: `https://chaos-deletion.test/p${index}` })));

interface RecordRow {
  state: string;
  attempts: number;
  done: number;
  total: number;
  error: string | null;
}

describe('a deletion whose worker is killed mid-way', () => {
  let stack: TestStack;
  let user: TestUser;
  let session: HttpSession;
  const workers: WorkerProcess[] = [];
  const output = () => `${stack.output()}\n${workers.map((worker) => worker.output()).join('\n')}`;
  const recordOf = async (id: string) => (await stack.database.query<RecordRow>('select state, attempts, done, total, error from job_record where id = $1', [id]))[0]!;

  beforeAll(async () => {
    stack = await TestStack.start(jobTimings);
    // The workers of this test are started and killed by it; not the stack's own.
    await stack.killWorker();
    workers.push(await WorkerProcess.start('w1', stack.env));
    user = await createTestUser(stack.database, { roles: ['full'] });
    session = await loggedInSession(stack.baseUrl, user);
  }, setUpTimeoutMs);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await stack?.stop();
  }, setUpTimeoutMs);

  it('is taken over by another worker and ends with the import fully removed', async () => {
    const before = await warehouseFingerprint(stack.database);
    const file = await importedFile(stack.baseUrl, session, serpFile(rows), 'chaos.csv');
    expect(file).toMatchObject({ state: 'completed', import: { rowsLanded: rows.length } });

    // The first worker removes May, reports it, and waits on this lock before June: then it is killed.
    const held = await HeldMonth.hold(stack.database.url, file.id, '2026-06-01');
    let released = false;
    try {
      const started = await deleteImport(session, file.id);
      expect(started.status).toBe(202);
      const jobId = started.body.id;
      const running = await until('the first batch', async () => {
        const record = await recordOf(jobId);
        return record.state === 'active' && record.done > 0 && record.done < record.total ? record : null;
      }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
      expect(running.attempts).toBe(1);
      await workers[0]!.kill();
      await held.release();
      released = true;

      workers.push(await WorkerProcess.start('w2', stack.env));
      const done = await until('the deletion to end', async () => {
        const record = await recordOf(jobId);
        return record.state !== 'active' && record.state !== 'queued' ? record : null;
      }, jobWaitMs).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output()}`)));
      expect(done).toMatchObject({ state: 'completed', error: null });
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      expect(done.done).toBe(done.total);
    } finally {
      if (!released) await held.release();
    }

    expect((await session.get(`/rest/imports/${file.id}`)).status).toBe(404);
    expect(await stack.database.query('select 1 from data_import where id = $1', [file.id])).toEqual([]);
    expect(await stack.database.query(`select 1 from keyword where term like 'chaos deletion %'`)).toEqual([]);
    expect(await warehouseFingerprint(stack.database)).toEqual(before);
  });
});
