import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ExportStatus } from '@serpwise/contracts';
import { pino } from 'pino';
import { FakeS3 } from '../../infra/test/fake-s3.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { parseCsv } from '../../infra/test/spreadsheet-readers.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { jobTestTimeoutMs, jobWaitMs } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';

/**
 * Issue 26: with S3_PRESIGNED_DOWNLOADS=false (a bucket browsers cannot reach, like docker-compose's MinIO on its
 * private network) the export still goes to the bucket (S3 at its HTTP boundary, infra/test/fake-s3.ts), but its
 * download streams through the API, which reads the object itself; no presigned link is handed out.
 * exports-s3.int.spec.ts is the same export with presigned downloads (the default).
 */

let s3: FakeS3;
let testApp: TestApp;
let worker: RunningWorker | undefined;
let owner: HttpSession;
let other: HttpSession;

beforeAll(async () => {
  s3 = await FakeS3.start();
  const env = {
    S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: 'fake-secret',
    S3_PRESIGNED_DOWNLOADS: 'false',
  };
  testApp = await startTestApp({ tinyMarket: true, env });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  owner = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['recon_full'] }));
  other = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await testApp?.stop();
  await s3?.stop();
}, setUpTimeoutMs);

async function finishedExport(session: HttpSession, body: Record<string, unknown>): Promise<ExportStatus> {
  const started = (await (await session.post('/rest/exports', body)).json()) as ExportStatus;
  const deadline = Date.now() + jobWaitMs;
  for (;;) {
    const status = (await (await session.get(`/rest/exports/${started.id}`)).json()) as ExportStatus;
    if (status.state === 'completed') return status;
    if (Date.now() > deadline) throw new Error(`export ${started.id} is ${status.state} (${status.error ?? status.message})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('exports kept in S3, downloaded through the API (S3_PRESIGNED_DOWNLOADS=false)', () => {
  it('are put in the bucket and streamed by the API from it, for their owner only', async () => {
    const [{ name: domain }] = (await testApp.database.query<{ name: string }>('select name from domain order by id limit 1')) as [{ name: string }];
    const done = await finishedExport(owner, { table: 'seo/competitors', params: { domain, countryCode: 'US' }, format: 'csv' });
    const keys = [...s3.objects.keys()].filter((key) => key.startsWith('exports/'));
    expect(keys).toHaveLength(1);
    const readsBefore = s3.calls.filter((call) => call.operation === 'GetObject' && call.key === keys[0]).length;

    const answer = await owner.get(done.export.downloadUrl!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="seo-competitors-.*\.csv"/);
    // Byte for byte the bucket's object (its UTF-8 byte order mark included), read from the bucket by the API.
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.equals(s3.objects.get(keys[0]!)!)).toBe(true);
    expect(parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')).length).toBeGreaterThan(1);
    expect(s3.calls.filter((call) => call.operation === 'GetObject' && call.key === keys[0]).length).toBe(readsBefore + 1);

    expect((await other.get(done.export.downloadUrl!)).status).toBe(403);
  }, jobTestTimeoutMs);
});
