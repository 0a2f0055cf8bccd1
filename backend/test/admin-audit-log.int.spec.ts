import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { diagnosticJob, type AdminAuditPage } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/** Issue 23 point 4: the audit log as a page — who did what to which queue or job, when; filtered and paged. */
jest.setTimeout(60_000);

let testApp: TestApp;
let first: TestUser;
let second: TestUser;
let firstAdmin: HttpSession;
let secondAdmin: HttpSession;
const queue = diagnosticJob.queue;

beforeAll(async () => {
  testApp = await startTestApp();
  first = await createTestUser(testApp.database, { roles: ['admin'] });
  second = await createTestUser(testApp.database, { roles: ['admin'] });
  firstAdmin = await loggedInSession(testApp.baseUrl, first);
  secondAdmin = await loggedInSession(testApp.baseUrl, second);
  for (const admin of [firstAdmin, secondAdmin]) expect((await admin.post('/rest/admin/actions')).status).toBe(200);
  // Real actions through the API: pause and resume by the first admin, a cancel and a pause of exports by the second.
  expect((await firstAdmin.post(`/rest/admin/queues/${queue}/pause`)).status).toBe(200);
  expect((await firstAdmin.post(`/rest/admin/queues/${queue}/resume`)).status).toBe(200);
  const started = (await (await secondAdmin.post('/rest/diagnostics')).json()) as { id: string };
  expect((await secondAdmin.post(`/rest/admin/queues/${queue}/jobs/${started.id}/cancel`)).status).toBe(200);
  expect((await secondAdmin.post('/rest/admin/queues/exports/pause')).status).toBe(200);
  expect((await secondAdmin.post('/rest/admin/queues/exports/resume')).status).toBe(200);
  // An older entry, to filter by time.
  await testApp.database.query(`update admin_audit_log set created_at = '2026-01-01T10:00:00Z' where action = 'queue.pause' and queue = $1`, [queue]);
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

const read = async (query = '') => {
  const response = await firstAdmin.get(`/rest/admin/audit-log${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AdminAuditPage;
};

describe('GET /rest/admin/audit-log', () => {
  it('lists who did what to which queue or job, newest first, with the choices of the filters', async () => {
    const page = await read();
    expect(page.total).toBe(5);
    expect(page.entries.map((entry) => [entry.action, entry.queue, entry.adminEmail])).toEqual([
      ['queue.resume', 'exports', second.email],
      ['queue.pause', 'exports', second.email],
      ['job.cancel', queue, second.email],
      ['queue.resume', queue, first.email],
      ['queue.pause', queue, first.email],
    ]);
    expect(page.entries[2]!.jobId).toEqual(expect.any(String));
    expect(page.actions).toEqual(['job.cancel', 'queue.pause', 'queue.resume']);
    expect(page.queues).toEqual([queue, 'exports'].sort());
    expect(page.admins.map((admin) => admin.userId).sort()).toEqual([first.id, second.id].sort());
  });

  it('filters by admin, action, queue, job and time, and pages', async () => {
    expect((await read(`?admin=${first.id}`)).entries.map((entry) => entry.action)).toEqual(['queue.resume', 'queue.pause']);
    expect((await read('?action=queue.pause')).entries.map((entry) => entry.queue)).toEqual(['exports', queue]);
    expect((await read('?queue=exports&action=queue.resume')).total).toBe(1);
    const cancel = (await read('?action=job.cancel')).entries[0]!;
    expect((await read(`?job=${cancel.jobId}`)).entries).toEqual([cancel]);
    const old = await read(`?to=${encodeURIComponent('2026-06-01T00:00:00Z')}`);
    expect(old.entries.map((entry) => [entry.action, entry.queue])).toEqual([['queue.pause', queue]]);
    expect((await read(`?from=${encodeURIComponent('2026-06-01T00:00:00Z')}`)).total).toBe(4);

    const paged = await read('?pageSize=20&startRow=5');
    expect(paged).toMatchObject({ total: 5, startRow: 5, pageSize: 20 });
    expect(paged.entries.map((entry) => entry.action)).toEqual(['queue.pause']);
  });

  it('refuses bad filters with a clear error', async () => {
    const bad = async (query: string) => {
      const response = await firstAdmin.get(`/rest/admin/audit-log${query}`);
      expect(response.status).toBe(400);
      return JSON.stringify(await response.json());
    };
    expect(await bad('?admin=someone')).toContain('admin must be the id of an admin.');
    expect(await bad('?from=yesterday')).toContain('from must be a date and time (ISO 8601).');
    expect(await bad(`?from=${encodeURIComponent('2026-06-02T00:00:00Z')}&to=${encodeURIComponent('2026-06-01T00:00:00Z')}`)).toContain('from must not be after to.');
    expect(await bad('?pageSize=7')).toContain('pageSize must be one of 20, 50, 100, 250, 500, 1000.');
    expect(await bad('?startRow=0')).toContain('startRow must be a whole number from 1.');
  });

  it('is for admins only', async () => {
    const full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect((await full.get('/rest/admin/audit-log')).status).toBe(403);
    expect((await fetch(`${testApp.baseUrl}/rest/admin/audit-log`)).status).toBeGreaterThanOrEqual(401);
  });
});
