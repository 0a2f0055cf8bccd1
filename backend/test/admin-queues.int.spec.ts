import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { authMessages, diagnosticJob, exportJob, type AdminJobHistory, type AdminQueuesOverview, type ExportStatus, type JobStatus, type ServerToClientEvents } from '@serpwise/contracts';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { FailedJobInfo } from '@serpwise/contracts';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/** Prometheus' bearer token: /metrics answers only with it. */
const metricsToken = 'test-metrics-token-0123456789';

/** Fails the next waiting diagnostic by hand (the test app runs no worker), in Redis and in its record. */
async function failNextDiagnostic(reason: string): Promise<string> {
  const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
  const taker = new Worker('diagnostics', null, { connection, prefix: `${testApp.environment.REDIS_PREFIX}:bull`, autorun: false });
  try {
    const job = await taker.getNextJob('int-token');
    await job!.moveToFailed(new UnrecoverableError(reason), 'int-token');
    await testApp.database.query(`update job_record set state = 'failed', error = $1, finished_at = now() where id = $2`, [reason, job!.id]);
    return job!.id!;
  } finally {
    await taker.close();
    await connection.quit();
  }
}

jest.setTimeout(60_000);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ env: { METRICS_TOKEN: metricsToken } });
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

const queue = diagnosticJob.queue;

describe('admin queues API (issue 7)', () => {
  it('refuses non-admins every view and action', async () => {
    const full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    for (const path of ['/rest/admin/queues', `/rest/admin/queues/${queue}/failed`, '/rest/admin/queues/jobs/00000000-0000-4000-8000-000000000000']) {
      expect((await full.get(path)).status).toBe(403);
    }
    for (const action of ['pause', 'resume', 'retry-all', 'jobs/x/retry', 'jobs/x/remove', 'jobs/x/cancel']) {
      expect((await full.post(`/rest/admin/queues/${queue}/${action}`)).status).toBe(403);
    }
    expect((await full.get('/admin/bull-board/')).status).toBe(403);
    expect((await full.get('/admin/bull-board/api/queues')).status).toBe(403);
    expect(await testApp.database.query('select * from admin_audit_log')).toEqual([]);
  });

  it('serves bull-board to admins, read-only', async () => {
    const admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['admin'] }));
    const page = await admin.get('/admin/bull-board/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Serpwise queues');
    const api = await admin.get('/admin/bull-board/api/queues');
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string; readOnlyMode: boolean }[] };
    expect(body.queues.map((queue) => queue.name).sort()).toEqual(['diagnostics', 'exports', 'imports', 'project-imports', 'reports', 'scheduled', 'search-console', 'serp']);
    expect(body.queues.every((queue) => queue.readOnlyMode)).toBe(true);
  });

  it('shows an admin the figures, but acts only with admin actions on, and audits each action', async () => {
    const adminUser = await createTestUser(testApp.database, { roles: ['full', 'admin'] });
    const admin = await loggedInSession(testApp.baseUrl, adminUser);
    const overview = (await (await admin.get('/rest/admin/queues')).json()) as AdminQueuesOverview;
    expect(overview.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['diagnostics', 'exports', 'scheduled']));
    expect(overview.queues[0]!.counts).toEqual(expect.objectContaining({ waiting: expect.any(Number), paused: expect.any(Number) }));

    const refused = await admin.post(`/rest/admin/queues/${queue}/pause`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(authMessages.adminActionsDisabled);

    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    expect((await admin.post(`/rest/admin/queues/${queue}/pause`)).status).toBe(200);
    const started = (await (await admin.post('/rest/diagnostics')).json()) as JobStatus;
    const paused = (await (await admin.get('/rest/admin/queues')).json()) as AdminQueuesOverview;
    const diagnostics = paused.queues.find((q) => q.name === queue)!;
    expect(diagnostics.isPaused).toBe(true);
    expect(diagnostics.counts.paused).toBe(1);
    expect(diagnostics.jobs).toEqual([expect.objectContaining({ id: started.id, state: 'paused' })]);

    const metrics = await (await fetch(`${testApp.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(metrics).toMatch(/serpwise_queue_jobs\{[^}]*queue="diagnostics"[^}]*state="paused"[^}]*\} 1/);
    expect(metrics).toMatch(/serpwise_queue_paused\{[^}]*queue="diagnostics"[^}]*\} 1/);
    expect(metrics).toMatch(/serpwise_workers_alive\{[^}]*\} 0/);

    expect((await admin.post(`/rest/admin/queues/${queue}/jobs/${started.id}/cancel`)).status).toBe(200);
    expect((await admin.post(`/rest/admin/queues/${queue}/resume`)).status).toBe(200);
    expect((await admin.post('/rest/admin/queues/nope/pause')).status).toBe(404);

    const history = (await (await admin.get(`/rest/admin/queues/jobs/${started.id}`)).json()) as AdminJobHistory;
    expect(history).toMatchObject({ id: started.id, state: 'cancelled', requestedBy: { userId: adminUser.id, email: adminUser.email } });
    expect(history.audit.map((entry) => entry.action)).toEqual(['job.cancel']);

    const log = await testApp.database.query<{ action: string; queue: string; user_id: string }>('select action, queue, user_id from admin_audit_log order by created_at');
    expect(log.map((row) => row.action)).toEqual(['queue.pause', 'job.cancel', 'queue.resume']);
    expect(log.every((row) => row.user_id === adminUser.id && row.queue === queue)).toBe(true);
  });

  it('lists failed jobs with error and stack, retries them all, and removes one', async () => {
    const admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['admin'] }));
    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    await testApp.database.query('delete from admin_audit_log');
    await admin.post('/rest/diagnostics');
    await admin.post('/rest/diagnostics');
    const first = await failNextDiagnostic('Broke once');
    const second = await failNextDiagnostic('Broke twice');

    const failed = (await (await admin.get(`/rest/admin/queues/${queue}/failed`)).json()) as FailedJobInfo[];
    expect(failed.map((job) => [job.id, job.failedReason]).sort()).toEqual([[first, 'Broke once'], [second, 'Broke twice']].sort());
    expect(failed[0]!.stacktrace.join('\n')).toContain('UnrecoverableError');

    const retried = (await (await admin.post(`/rest/admin/queues/${queue}/retry-all`)).json()) as { retried: number };
    expect(retried.retried).toBe(2);
    const states = await testApp.database.query<{ state: string; error: string | null }>('select state, error from job_record where id = any($1::uuid[])', [[first, second]]);
    expect(states).toEqual([{ state: 'queued', error: null }, { state: 'queued', error: null }]);
    const overview = (await (await admin.get('/rest/admin/queues')).json()) as AdminQueuesOverview;
    expect(overview.queues.find((q) => q.name === queue)!.counts.failed).toBe(0);

    expect((await admin.post(`/rest/admin/queues/${queue}/jobs/${first}/remove`)).status).toBe(200);
    const [removed] = await testApp.database.query<{ state: string }>('select state from job_record where id = $1', [first]);
    expect(removed!.state).toBe('cancelled');
    expect((await admin.post(`/rest/admin/queues/${queue}/jobs/${first}/remove`)).status).toBe(404);
    expect((await admin.post(`/rest/admin/queues/${queue}/jobs/${second}/retry`)).status).toBe(409); // waiting, not failed

    const log = await testApp.database.query<{ action: string; job_id: string | null }>('select action, job_id from admin_audit_log order by created_at');
    expect(log).toEqual([{ action: 'queue.retry-all', job_id: null }, { action: 'job.remove', job_id: first }]);
  });

  it("tells the owner of an export an admin cancelled, in the export's own form (the table, format and link)", async () => {
    const adminUser = await createTestUser(testApp.database, { roles: ['full', 'admin'] });
    const admin = await loggedInSession(testApp.baseUrl, adminUser);
    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    const owner = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const socket: Socket<ServerToClientEvents> = io(testApp.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookie }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('session.ready', () => resolve());
        socket.once('connect_error', reject);
      });
      // The test app runs no worker: the export waits in its queue until the admin cancels it.
      const started = (await (await owner.post('/rest/exports', { table: 'seo/top-pages', params: { domain: 'shopsphere.example', countryCode: 'US' }, format: 'csv', scope: 'full' })).json()) as ExportStatus;
      expect(started.state).toBe('queued');
      const told = new Promise<ExportStatus>((resolve) => {
        socket.on('job.updated', (status) => {
          if (status.id === started.id && status.state === 'cancelled') resolve(status as ExportStatus);
        });
      });
      expect((await admin.post(`/rest/admin/queues/${exportJob.queue}/jobs/${started.id}/cancel`)).status).toBe(200);
      expect(await told).toMatchObject({ id: started.id, state: 'cancelled', export: { table: 'seo/top-pages', format: 'csv', downloadUrl: null } });
    } finally {
      socket.disconnect();
    }
  });
  it('tells the owners of waiting exports at once that an admin paused or resumed the queue, and says how many wait ahead (issue 21)', async () => {
    const adminUser = await createTestUser(testApp.database, { roles: ['full', 'admin'] });
    const admin = await loggedInSession(testApp.baseUrl, adminUser);
    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    const owner = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    const socket: Socket<ServerToClientEvents> = io(testApp.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookie }, reconnection: false });
    const exportOf = async (table: string) =>
      (await (await owner.post('/rest/exports', { table, params: { domain: 'shopsphere.example', countryCode: 'US' }, format: 'csv', scope: 'full' })).json()) as ExportStatus;
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('session.ready', () => resolve());
        socket.once('connect_error', reject);
      });
      // The test app runs no worker: both exports wait in their queue.
      const first = await exportOf('seo/competitors');
      const second = await exportOf('seo/backlinks');
      const waitingOf = async (id: string) => ((await (await owner.get(`/rest/exports/${id}`)).json()) as ExportStatus).waiting;
      const before = await waitingOf(second.id);
      expect(before).toEqual({ ahead: expect.any(Number), paused: false });
      expect(before!.ahead).toBeGreaterThanOrEqual(1);
      expect(await waitingOf(second.id)).toEqual({ ahead: (await waitingOf(first.id))!.ahead + 1, paused: false });

      const heard = (paused: boolean) =>
        new Promise<ExportStatus>((resolve) => {
          const listener = (status: JobStatus) => {
            if (status.id === second.id && status.waiting?.paused === paused) {
              socket.off('job.updated', listener);
              resolve(status as ExportStatus);
            }
          };
          socket.on('job.updated', listener);
        });
      const pausedHeard = heard(true);
      expect((await admin.post(`/rest/admin/queues/${exportJob.queue}/pause`)).status).toBe(200);
      expect(await pausedHeard).toMatchObject({ state: 'queued', export: { table: 'seo/backlinks' }, waiting: { paused: true } });
      expect((await waitingOf(second.id))!.paused).toBe(true);
      expect(((await (await owner.get('/rest/exports')).json()) as ExportStatus[]).find((row) => row.id === first.id)!.waiting!.paused).toBe(true);

      const resumedHeard = heard(false);
      expect((await admin.post(`/rest/admin/queues/${exportJob.queue}/resume`)).status).toBe(200);
      expect((await resumedHeard).waiting).toMatchObject({ paused: false });
      expect((await waitingOf(second.id))!.paused).toBe(false);
    } finally {
      socket.disconnect();
    }
  });
});
