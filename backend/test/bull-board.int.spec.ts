import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { authMessages, csrfHeaderName, diagnosticJob, type JobStatus } from '@serpwise/contracts';
import { JobQueue } from '@serpwise/platform';
import { bullBoardRefusal } from '../src/modules/admin-queues/bull-board-actions.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 23 point 5: bull-board works offline (its fonts and scripts from this site, none from Google) and, with admin
 * actions on, acts on jobs — through the console's audited actions, the job records kept in step.
 */
jest.setTimeout(60_000);

let testApp: TestApp;
let admin: HttpSession;
const queue = diagnosticJob.queue;
const board = '/admin/bull-board';

beforeAll(async () => {
  testApp = await startTestApp();
  admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full', 'admin'] }));
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

const put = (path: string, withToken = true) => admin.request('PUT', `${board}${path}`, withToken ? { [csrfHeaderName]: admin.csrfToken } : {});
const readOnly = async () => ((await (await admin.get(`${board}/api/queues`)).json()) as { queues: { name: string; readOnlyMode: boolean }[] }).queues.every((entry) => entry.readOnlyMode);
const auditActions = async () => (await testApp.database.query<{ action: string }>('select action from admin_audit_log order by created_at')).map((row) => row.action);

/** Takes the next waiting diagnostic and fails it for good (the test app runs no worker). */
async function failNextDiagnostic(): Promise<string> {
  const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
  const taker = new Worker(queue, null, { connection, prefix: `${testApp.environment.REDIS_PREFIX}:bull`, autorun: false });
  try {
    const job = await taker.getNextJob('int-token');
    await job!.moveToFailed(new UnrecoverableError('Broke in bull-board test'), 'int-token');
    await testApp.database.query(`update job_record set state = 'failed', error = 'Broke', finished_at = now() where id = $1`, [job!.id]);
    return job!.id!;
  } finally {
    await taker.close();
    await connection.quit();
  }
}

/** Runs the next diagnostic once and fails that attempt: it waits out its retry backoff in `delayed`. No worker is left to take it. */
async function failFirstAttempt(id: string): Promise<void> {
  const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(queue, async () => {
    throw new Error('First attempt broke');
  }, { connection, prefix: `${testApp.environment.REDIS_PREFIX}:bull` });
  try {
    const jobs = testApp.app.get(JobQueue).queue(queue);
    const deadline = Date.now() + 20_000;
    while (!(await (await jobs.getJob(id))!.isDelayed())) {
      if (Date.now() > deadline) throw new Error('the job never reached delayed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await worker.close();
    await connection.quit();
  }
}

describe('bull-board offline (issue 23 point 5)', () => {
  it('serves a page that asks nothing of Google: its fonts and token script come from this site', async () => {
    const html = await (await admin.get(`${board}/`)).text();
    expect(html).toContain('Serpwise queues');
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    expect(html).not.toMatch(/<(link|script)[^>]+(href|src)="https?:\/\//);
    expect(html).toContain(`<meta name="csrf-token" content="${admin.csrfToken}" />`);
    expect(html).toContain('<link href="local-assets/fonts.css" rel="stylesheet">');

    const css = await admin.get(`${board}/local-assets/fonts.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const cssText = await css.text();
    const fonts = [...cssText.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
    expect(cssText).toContain("font-family:'IBM Plex Sans'");
    expect(cssText).toContain("font-family:'IBM Plex Mono'");
    expect(fonts).toHaveLength(5);
    for (const font of fonts) {
      const file = await admin.get(`${board}/local-assets/${font}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('font/woff2');
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    const script = await admin.get(`${board}/local-assets/csrf-header.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain(csrfHeaderName);

    expect((await admin.get(`${board}/local-assets/other.woff2`)).status).toBe(404);
    expect((await admin.get(`${board}/local-assets/..%2F..%2Fpackage.json`)).status).toBe(404);
    const policy = (await admin.get(`${board}/`)).headers.get('content-security-policy')!;
    expect(policy).not.toContain('googleapis');
  });

  it('is read-only until admin actions are on; then acts through the audited console actions', async () => {
    await testApp.database.query('delete from admin_audit_log');
    expect(await readOnly()).toBe(true);
    const refused = await put(`/api/queues/${queue}/pause`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(authMessages.adminActionsDisabled);

    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    expect(await readOnly()).toBe(false);

    // Without the page's token the board's call is refused like any other change.
    expect((await put(`/api/queues/${queue}/pause`, false)).status).toBe(403);
    const jobs = testApp.app.get(JobQueue).queue(queue);
    expect(await jobs.isPaused()).toBe(false);

    expect((await put(`/api/queues/${queue}/pause`)).status).toBe(200);
    expect(await jobs.isPaused()).toBe(true);
    expect((await put(`/api/queues/${queue}/resume`)).status).toBe(200);
    expect(await jobs.isPaused()).toBe(false);

    // Retry of a failed job: its record is queued again, as from the console.
    const started = (await (await admin.post('/rest/diagnostics')).json()) as JobStatus;
    const failed = await failNextDiagnostic();
    expect(failed).toBe(started.id);
    expect((await put(`/api/queues/${queue}/${failed}/retry`)).status).toBe(200);
    const [record] = await testApp.database.query<{ state: string }>('select state from job_record where id = $1', [failed]);
    expect(record!.state).toBe('queued');
    expect(await (await jobs.getJob(failed))!.isWaiting()).toBe(true);

    // Remove (bull-board's clean of one job): the record is cancelled with it.
    expect((await put(`/api/queues/${queue}/${failed}/clean`)).status).toBe(200);
    expect(await jobs.getJob(failed)).toBeUndefined();
    const [removed] = await testApp.database.query<{ state: string }>('select state from job_record where id = $1', [failed]);
    expect(removed!.state).toBe('cancelled');

    // Promote: only a delayed job.
    const other = (await (await admin.post('/rest/diagnostics')).json()) as JobStatus;
    expect((await put(`/api/queues/${queue}/${other.id}/promote`)).status).toBe(409);
    const notDelayed = await admin.post(`/rest/admin/queues/${queue}/jobs/${other.id}/promote`);
    expect(notDelayed.status).toBe(409);
    expect(((await notDelayed.json()) as { message: string }).message).toBe('Only a delayed job can be promoted.');
    await failFirstAttempt(other.id);
    expect(await (await jobs.getJob(other.id))!.isDelayed()).toBe(true);
    expect((await put(`/api/queues/${queue}/${other.id}/promote`)).status).toBe(200);
    expect(await (await jobs.getJob(other.id))!.isWaiting()).toBe(true);

    // What would change Redis behind the records is refused, and changes nothing.
    const waitingBefore = await jobs.getWaitingCount();
    for (const path of [`/api/queues/${queue}/empty`, `/api/queues/${queue}/obliterate`, `/api/queues/${queue}/clean/completed`]) {
      const response = await put(path);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(bullBoardRefusal);
    }
    const added = await admin.request('POST', `${board}/api/queues/${queue}/add`, { [csrfHeaderName]: admin.csrfToken }, { name: 'x', data: {} });
    expect(added.status).toBe(403);
    expect(await jobs.getWaitingCount()).toBe(waitingBefore);

    expect(await auditActions()).toEqual(['queue.pause', 'queue.resume', 'job.retry', 'job.remove', 'job.promote']);
  });
});
