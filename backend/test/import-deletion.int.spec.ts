import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ExportStatus, ImportDeletionStatus, ImportStatus, JobStatus } from '@serpwise/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import {
  deletedImport, deleteImport, HeldMonth, importedFile, jobEnded, jobEventsOf, serpFile, warehouseFingerprint, workerTransactionOpen, type SerpRow,
} from '../../infra/test/import-deletion.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, until, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * Deleting an import is a job (issue 19 point 6; docs/architecture.md, "How an import is deleted"): DELETE answers
 * 202 with the deletion's status, the worker removes the import's rows in batches with progress over the socket, a
 * cancel leaves the import whole, and the deletion removes exactly what the import brought: a keyword or page also
 * brought by the demo market, another import or another user stays.
 */

let testApp: TestApp;
let worker: RunningWorker;
let alice: HttpSession;
let bob: HttpSession;
let aliceUser: TestUser;
/** The demo market's newest month and the one before (first days), where the files' results fall. */
let month: string;
let monthBefore: string;
/** Two demo-market results of the newest month (keyword and ranking page): installation data. */
let demo: { keyword: string; url: string }[];

const json = async <T>(response: Response) => (await response.json()) as T;
const count = async (sql: string, params: unknown[] = []) => (await testApp.database.query<{ n: number }>(`select count(*)::int as n from (${sql}) counted`, params))[0]!.n;
const day = (first: string, dayOfMonth: number) => `${first.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
const sourceRows = (table: 'serp_observation' | 'organic_rank', importId: string) =>
  count(`select 1 from ${table} t join data_import i on i.source_id = t.source_id where i.id = $1`, [importId]);

/**
 * The first file of a test: keywords only it brings (on a site only it brings), keywords a second file shares, and
 * the demo market's keywords (at positions of its own) and a demo page, over two months.
 */
function firstFileRows(tag: string): SerpRow[] {
  const rows: SerpRow[] = [];
  for (const first of [monthBefore, month]) {
    for (let index = 0; index < 6; index += 1) rows.push({ keyword: `${tag} only ${index}`, date: day(first, 10), position: index + 1, url: `https://${tag}-only.test/p${index}` });
    for (let index = 0; index < 3; index += 1) rows.push({ keyword: `deletion shared ${index}`, date: day(first, 10), position: 30 + index, url: `https://deletion-shared.test/p${index}` });
    demo.forEach((result, index) => rows.push({ keyword: result.keyword, date: day(first, 10), position: 40 + index, url: `https://${tag}-only.test/demo-${index}` }));
  }
  // The demo market's own page, for a demo keyword, at a position of this file's.
  rows.push({ keyword: demo[0]!.keyword, date: day(month, 11), position: 50, url: demo[0]!.url });
  return rows;
}

/** The second file: the shared keywords and a demo keyword, on the shared site, in the newest month. */
const secondFileRows = (): SerpRow[] => [
  ...[0, 1, 2].map((index) => ({ keyword: `deletion shared ${index}`, date: day(month, 12), position: 20 + index, url: `https://deletion-shared.test/p${index}` })),
  { keyword: demo[1]!.keyword, date: day(month, 12), position: 45, url: 'https://deletion-shared.test/demo' },
];

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  worker = await startWorker(testApp.environment, pino({ level: process.env.IMPORTS_TEST_LOG ?? 'silent' }), { httpPort: 0 });
  aliceUser = await createTestUser(testApp.database, { roles: ['full'] });
  alice = await loggedInSession(testApp.baseUrl, aliceUser);
  bob = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  const [newest] = await testApp.database.query<{ month: string; before: string }>(
    `select to_char(max(month), 'YYYY-MM-DD') as month, to_char(max(month) - interval '1 month', 'YYYY-MM-DD') as before from organic_rank where territory = 'US'`);
  month = newest!.month;
  monthBefore = newest!.before;
  demo = await testApp.database.query<{ keyword: string; url: string }>(
    `select distinct on (k.term) k.term as keyword, p.url from organic_rank r join keyword k on k.id = r.keyword_id join page p on p.id = r.page_id
     where r.territory = 'US' and r.month = $1::date and k.term ~ '^[a-z ]+$' and p.url not like '%,%' order by k.term, r.position limit 2`, [month]);
  expect(demo).toHaveLength(2);
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
}, setUpTimeoutMs);

describe('deleting an import', () => {
  it('is a job with live progress that removes what the first file brought, and keeps the second file, the demo market and another user\'s import', async () => {
    const first = await importedFile(testApp.baseUrl, alice, serpFile(firstFileRows('deletion-a')), 'first.csv');
    const second = await importedFile(testApp.baseUrl, alice, serpFile(secondFileRows()), 'second.csv');
    // Bob's own import of a shared keyword on the first file's site.
    const bobs = await importedFile(testApp.baseUrl, bob, serpFile([{ keyword: 'deletion shared 0', date: day(month, 13), position: 7, url: 'https://deletion-a-only.test/p0' }]), 'bobs.csv');
    expect([first.state, second.state, bobs.state]).toEqual(['completed', 'completed', 'completed']);
    expect(first.import.rowsLanded).toBe(firstFileRows('deletion-a').length);

    const firstRanks = await sourceRows('organic_rank', first.id);
    const firstObservations = await sourceRows('serp_observation', first.id);
    const before = {
      secondObservations: await sourceRows('serp_observation', second.id),
      secondRanks: await sourceRows('organic_rank', second.id),
      bobsObservations: await sourceRows('serp_observation', bobs.id),
      demoRanks: await count(`select 1 from organic_rank where source_id not in (select id from data_source where kind = 'import')`),
    };
    expect(firstObservations).toBe(first.import.rowsLanded);
    expect(await count(`select 1 from keyword where term like 'deletion-a only %'`)).toBe(6);

    const { socket, events } = await jobEventsOf(testApp.baseUrl, alice);
    try {
      expect((await deleteImport(bob, first.id)).status).toBe(404);
      const started = await deleteImport(alice, first.id);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ queue: 'imports', name: 'import.delete', deletion: { importId: first.id, fileName: 'first.csv', removed: null } });
      expect(['queued', 'active']).toContain(started.body.state);
      const done = await jobEnded(alice, started.body.id);
      expect(done).toMatchObject({ state: 'completed', percent: 100 });
      const removed = { observations: firstObservations, ranks: firstRanks, months: [monthBefore, month] };
      expect(done.deletion.removed).toMatchObject(removed);
      // The 6 keywords and 7 of the 8 pages only it brought (Bob's import names p0, and so its site stays).
      expect(done.deletion.removed).toMatchObject({ keywords: 6, pages: 7, domains: 0 });

      // Progress went out over the socket: rows removed of rows in all, rising, then the end with what went.
      await until('the completed event', () => events.some((event) => event.id === started.body.id && event.state === 'completed'));
      const mine = events.filter((event): event is ImportDeletionStatus => event.id === started.body.id);
      const progress = mine.filter((event) => event.state === 'active' && event.total > 0);
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress.every((event) => event.total === firstObservations + firstRanks && event.deletion.importId === first.id)).toBe(true);
      expect(progress.map((event) => event.done)).toEqual([...progress.map((event) => event.done)].sort((a, b) => a - b));
      expect(progress.some((event) => /^Removing search results: \d/.test(event.message ?? ''))).toBe(true);
      expect(progress.some((event) => event.done > 0 && event.done < event.total)).toBe(true);
      expect(mine.at(-1)).toMatchObject({ state: 'completed', deletion: { removed } });
    } finally {
      socket.close();
    }

    // What only the first file brought is gone: its rows, keywords, pages, site, files and records.
    expect(await count(`select 1 from serp_observation o join data_source s on s.id = o.source_id where s.details->>'importId' = $1`, [first.id])).toBe(0);
    expect(await count(`select 1 from keyword where term like 'deletion-a only %'`)).toBe(0);
    expect(await count(`select 1 from page where url like 'https://deletion-a-only.test/demo-%' or url like 'https://deletion-a-only.test/p_' and url <> 'https://deletion-a-only.test/p0'`)).toBe(0);
    expect(await count(`select 1 from data_import where id = $1`, [first.id])).toBe(0);
    expect(await count(`select 1 from job_record where id = $1`, [first.id])).toBe(0);
    expect(existsSync(join(testApp.environment.DATA_DIR, `imports/${aliceUser.id}/${first.id}.upload`))).toBe(false);
    expect((await alice.get(`/rest/imports/${first.id}`)).status).toBe(404);
    // What others brought too stays: the shared keywords (second file), the demo keywords and page (demo market),
    // the first file's site and page that Bob's import names (another user).
    expect(await count(`select 1 from keyword where term like 'deletion shared %' and territory = 'US'`)).toBe(3);
    expect(await count(`select 1 from keyword where term = any($1::text[]) and territory = 'US'`, [demo.map((result) => result.keyword)])).toBe(2);
    expect(await count(`select 1 from page where url = $1`, [demo[0]!.url])).toBe(1);
    expect(await count(`select 1 from page where url = 'https://deletion-a-only.test/p0'`)).toBe(1);
    expect(await count(`select 1 from domain where name = 'deletion-a-only.test'`)).toBe(1);
    expect(await count(`select 1 from page where url like 'https://deletion-shared.test/%'`)).toBe(4);
    expect({
      secondObservations: await sourceRows('serp_observation', second.id),
      secondRanks: await sourceRows('organic_rank', second.id),
      bobsObservations: await sourceRows('serp_observation', bobs.id),
      demoRanks: await count(`select 1 from organic_rank where source_id not in (select id from data_source where kind = 'import')`),
    }).toEqual(before);
    const list = await json<ImportStatus[]>(await alice.get('/rest/imports'));
    expect(list.map((item) => item.id)).toEqual([second.id]);
    expect(list[0]).toMatchObject({ state: 'completed', deletion: null, import: { rowsLanded: 4 } });
    expect((await json<ImportStatus[]>(await bob.get('/rest/imports'))).map((item) => item.id)).toEqual([bobs.id]);
  });

  it('leaves the warehouse exactly as it was before the import', async () => {
    const fingerprint = await warehouseFingerprint(testApp.database);
    const again = await importedFile(testApp.baseUrl, alice, serpFile(firstFileRows('deletion-b')), 'again.csv');
    expect(again.import.rowsLanded).toBe(firstFileRows('deletion-b').length);
    expect(await warehouseFingerprint(testApp.database)).not.toEqual(fingerprint);
    await deletedImport(alice, again.id);
    expect(await warehouseFingerprint(testApp.database)).toEqual(fingerprint);
  });

  it('shows a running deletion on the import\'s row, answers a second DELETE with it, and a cancel leaves the import whole', async () => {
    const file = await importedFile(testApp.baseUrl, alice, serpFile(firstFileRows('deletion-c')), 'cancelled.csv');
    const fingerprint = await warehouseFingerprint(testApp.database);
    // The deletion removes the earlier month, reports it, then waits on this lock before the newest month.
    const held = await HeldMonth.hold(testApp.database.url, file.id, month);
    let released = false;
    try {
      const started = await deleteImport(alice, file.id);
      expect(started.status).toBe(202);
      const running = await untilJobStatus('the first batch', async () => json<ImportDeletionStatus>(await alice.get(`/rest/jobs/${started.body.id}`)), (status) => status.done > 0);
      expect(running).toMatchObject({ state: 'active', deletion: { importId: file.id, fileName: 'cancelled.csv', removed: null } });
      expect(running.percent).toBeGreaterThan(0);
      expect(running.percent).toBeLessThan(100);

      const second = await deleteImport(alice, file.id);
      expect(second).toMatchObject({ status: 202, body: { id: started.body.id } });
      expect((await deleteImport(bob, file.id)).status).toBe(404);
      expect((await bob.post(`/rest/imports/${file.id}/cancel`)).status).toBe(404);
      expect((await bob.get(`/rest/jobs/${started.body.id}`)).status).toBe(404);
      const row = (await json<ImportStatus[]>(await alice.get('/rest/imports'))).find((item) => item.id === file.id);
      expect(row).toMatchObject({ state: 'completed', deletion: { id: started.body.id, state: 'active' } });

      const cancelled = await alice.post(`/rest/imports/${file.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(await json<ImportStatus>(cancelled)).toMatchObject({ id: file.id, state: 'completed', deletion: { id: started.body.id, state: 'cancelled' } });
      await held.release();
      released = true;
      // The worker sees the cancel at its next batch and rolls back: nothing was removed.
      await until('the worker to roll back', async () => !(await workerTransactionOpen(testApp.database)));
      expect(await jobEnded(alice, started.body.id)).toMatchObject({ state: 'cancelled' });
      expect(await warehouseFingerprint(testApp.database)).toEqual(fingerprint);
      expect(await json<ImportStatus>(await alice.get(`/rest/imports/${file.id}`))).toMatchObject({ state: 'completed', deletion: null, import: { rowsLanded: file.import.rowsLanded } });
      expect(await sourceRows('serp_observation', file.id)).toBe(file.import.rowsLanded);
      const again = await alice.post(`/rest/imports/${file.id}/cancel`);
      expect(again.status).toBe(409);
    } finally {
      if (!released) await held.release();
    }
    // Deleted for good afterwards.
    await deletedImport(alice, file.id);
    expect(await sourceRows('serp_observation', file.id)).toBe(0);
    expect(await count(`select 1 from keyword where term like 'deletion-c only %'`)).toBe(0);
  });

  it('refuses to cancel a deletion that has committed its removal (its checkpoint), and cancels one that has not', async () => {
    const file = await importedFile(testApp.baseUrl, alice, serpFile([{ keyword: 'deletion committed', date: day(month, 6), position: 1, url: 'https://deletion-committed.test/' }]), 'committed.csv');
    // A deletion as a worker leaves it between its COMMIT and the runner recording it done (no queued job behind it).
    const recorded = async (result: unknown) => (await testApp.database.query<{ id: string }>(
      `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, message, done, total, attempts, result, created_at, updated_at)
       select gen_random_uuid(), 'imports', 'import.delete', session_id, user_id, jsonb_build_object('importId', id::text, 'fileName', 'committed.csv'),
         'active', 90, 'Recounting the month it touched…', 2, 2, 1, $2::jsonb, now(), now() from job_record where id = $1 returning id`,
      [file.id, JSON.stringify(result)]))[0]!.id;
    const committed = await recorded({ removed: { observations: 1, ranks: 1, keywords: 1, pages: 1, domains: 1, months: [month] } });
    const refused = await alice.post(`/rest/imports/${file.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ message: 'Nothing is running on this import any more.' });
    expect((await testApp.database.query<{ state: string }>('select state from job_record where id = $1', [committed]))[0]!.state).toBe('active');
    await testApp.database.query(`update job_record set state = 'failed', finished_at = now() where id = $1`, [committed]);

    const uncommitted = await recorded(null);
    const cancelled = await alice.post(`/rest/imports/${file.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await json<ImportStatus>(cancelled)).toMatchObject({ deletion: { id: uncommitted, state: 'cancelled' } });
    await deletedImport(alice, file.id);
  });

  it('answers a running import\'s DELETE with 409, and a deletion of nothing with 404', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({ keyword: `deletion running ${index}`, date: day(month, 3), position: (index % 20) + 1, url: `https://deletion-running-${index % 50}.test/p${index}` }));
    const form = new FormData();
    form.append('format', 'serp');
    form.append('territory', 'US');
    form.append('file', new Blob([serpFile(rows)]), 'running.csv');
    const started = await json<ImportStatus>(await alice.postForm('/rest/imports', form));
    const refused = await deleteImport(alice, started.id);
    if (refused.status === 409) expect(refused.body).toMatchObject({ message: 'The import is still running. Delete it once it has finished.' });
    else expect(refused.status).toBe(202); // the import finished first on a fast machine: then it is deleted
    await untilJobStatus('the import', async () => json<ImportStatus>(await alice.get(`/rest/imports/${started.id}`)), (status) => status.state === 'completed');
    if (refused.status === 409) await deletedImport(alice, started.id);
    else await jobEnded(alice, refused.body.id);
    expect(await count(`select 1 from keyword where term like 'deletion running %'`)).toBe(0);
    expect((await deleteImport(alice, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /rest/jobs/:id', () => {
  it('answers the presented form of every job kind, as the socket and the area\'s own calls do', async () => {
    const file = await importedFile(testApp.baseUrl, alice, serpFile([{ keyword: 'deletion presented', date: day(month, 5), position: 1, url: 'https://deletion-presented.test/' }]), 'presented.csv');
    const { deletion: _deletion, ...importStatus } = await json<ImportStatus>(await alice.get(`/rest/imports/${file.id}`));
    expect(await json<JobStatus>(await alice.get(`/rest/jobs/${file.id}`))).toEqual(importStatus);

    const [busy] = await testApp.database.query<{ name: string }>(
      `select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.month desc, m.organic_keywords desc limit 1`);
    const exported = await json<ExportStatus>(await alice.post('/rest/exports', { table: 'seo/keywords', params: { domain: busy!.name, countryCode: 'US' }, format: 'csv' }));
    const finished = await untilJobStatus('the export', async () => json<ExportStatus>(await alice.get(`/rest/exports/${exported.id}`)), (status) => status.state === 'completed');
    const polled = await json<ExportStatus>(await alice.get(`/rest/jobs/${exported.id}`));
    // The download link is signed afresh on each read (its expiry moves with the clock): same path, same fields.
    const unsigned = (status: ExportStatus) => ({ ...status, export: { ...status.export, downloadUrl: status.export.downloadUrl?.split('?')[0], linkExpiresAt: null } });
    expect(unsigned(polled)).toEqual(unsigned(finished));
    expect(polled.export.downloadUrl).toContain('signature=');

    const deletion = await deletedImport(alice, file.id);
    expect(deletion.deletion).toMatchObject({ importId: file.id, fileName: 'presented.csv', removed: { observations: 1, keywords: 1 } });
  });
});
