import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { attemptLogLine, diagnosticJob, type AdminBulkAnswer, type AdminJobSearchPage, type AdminJobStory, type JobStatus } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/** Issue 23 point 2: find jobs by id, owner's e-mail, queue, state and time; a job's full story; bulk actions, audited. */
jest.setTimeout(60_000);

let testApp: TestApp;
let admin: HttpSession;
let alice: TestUser;
let failedId: string;
let waitingId: string;
const queue = diagnosticJob.queue;

/** Runs the next waiting diagnostic as a worker would note it, and fails that attempt for good (the app runs no worker). */
async function failNextDiagnostic(reason: string): Promise<string> {
  const connection = new Redis(testApp.environment.REDIS_URL, { maxRetriesPerRequest: null });
  const taker = new Worker(queue, null, { connection, prefix: `${testApp.environment.REDIS_PREFIX}:bull`, autorun: false });
  try {
    const job = (await taker.getNextJob('int-token'))!;
    await job.log(attemptLogLine(1, 'worker-host:4242', new Date()));
    await job.moveToFailed(new UnrecoverableError(reason), 'int-token');
    await testApp.database.query(`update job_record set state = 'failed', attempts = 1, error = $1, started_at = now(), finished_at = now() where id = $2`, [reason, job.id]);
    return job.id!;
  } finally {
    await taker.close();
    await connection.quit();
  }
}

beforeAll(async () => {
  testApp = await startTestApp();
  alice = await createTestUser(testApp.database, { roles: ['full'] });
  const bob = await createTestUser(testApp.database, { roles: ['full'] });
  const aliceSession = await loggedInSession(testApp.baseUrl, alice);
  const bobSession = await loggedInSession(testApp.baseUrl, bob);
  const first = (await (await aliceSession.post('/rest/diagnostics')).json()) as JobStatus;
  waitingId = ((await (await bobSession.post('/rest/diagnostics')).json()) as JobStatus).id;
  failedId = await failNextDiagnostic('The file store returned different content');
  expect(failedId).toBe(first.id);
  admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full', 'admin'] }));
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

const find = async (query: string) => {
  const response = await admin.get(`/rest/admin/jobs?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AdminJobSearchPage;
};

describe('admin job search, story and bulk actions (issue 23 point 2)', () => {
  it('finds a user’s jobs by e-mail (any letter case), and by id, queue, state and time', async () => {
    const byEmail = await find(`email=${encodeURIComponent(alice.email.toUpperCase())}`);
    expect(byEmail.jobs).toEqual([expect.objectContaining({ id: failedId, queue, state: 'failed', ownerEmail: alice.email, error: 'The file store returned different content' })]);
    expect((await find(`id=${waitingId}`)).jobs.map((job) => job.id)).toEqual([waitingId]);
    expect((await find(`queue=${queue}&state=failed`)).jobs.map((job) => job.id)).toEqual([failedId]);
    expect((await find(`queue=${queue}`)).total).toBe(2);
    expect((await find(`to=${encodeURIComponent('2020-01-01T00:00:00Z')}`)).total).toBe(0);
    expect((await find(`from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&state=queued`)).jobs.map((job) => job.id)).toEqual([waitingId]);
    expect((await find('email=nobody@example.com')).jobs).toEqual([]);

    for (const [query, message] of [
      ['id=abc', 'id must be a job id.'],
      ['state=done', 'state must be one of queued, active, completed, failed, cancelled.'],
      ['from=soon', 'from must be a date and time (ISO 8601).'],
    ] as const) {
      const response = await admin.get(`/rest/admin/jobs?${query}`);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
  });

  it('tells a job’s full story: record, queue entry, each attempt’s worker, the error’s stack, what its owner sees', async () => {
    const story = (await (await admin.get(`/rest/admin/jobs/${failedId}`)).json()) as AdminJobStory;
    expect(story.record).toMatchObject({ state: 'failed', attempts: 1, error: 'The file store returned different content', requestedBy: { userId: alice.id, email: alice.email } });
    expect(story.queueEntry).toMatchObject({ state: 'failed', failedReason: 'The file store returned different content' });
    expect(story.queueEntry!.waitMs).toEqual(expect.any(Number));
    expect(story.attempts).toEqual([{ number: 1, worker: 'worker-host:4242', startedAt: expect.any(String) }]);
    expect(story.errors).toHaveLength(1);
    expect(story.errors[0]).toMatch(/^UnrecoverableError: The file store returned different content\n\s+at /);
    expect(story.userFacing).toMatchObject({ id: failedId, state: 'failed', error: 'The file store returned different content' });
    expect(story.userFacing).not.toHaveProperty('owner');
    expect(story.audit).toEqual([]);
    expect((await admin.get('/rest/admin/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('acts on many jobs at once, each audited, each answered; only with admin actions on', async () => {
    const retry = { action: 'retry', jobs: [{ queue, id: failedId }, { queue, id: waitingId }] };
    expect((await admin.post('/rest/admin/jobs/bulk', retry)).status).toBe(403);
    expect((await admin.post('/rest/admin/actions')).status).toBe(200);

    const retried = (await (await admin.post('/rest/admin/jobs/bulk', retry)).json()) as AdminBulkAnswer;
    expect(retried.results).toEqual([
      { id: failedId, ok: true, error: null },
      { id: waitingId, ok: false, error: 'Only a failed job can be retried.' },
    ]);
    const states = await testApp.database.query<{ id: string; state: string }>('select id, state from job_record where id = any($1::uuid[]) order by created_at', [[failedId, waitingId]]);
    expect(states.map((row) => row.state)).toEqual(['queued', 'queued']);

    const cancelled = (await (await admin.post('/rest/admin/jobs/bulk', { action: 'cancel', jobs: [{ queue, id: failedId }, { queue, id: waitingId }] })).json()) as AdminBulkAnswer;
    expect(cancelled.results.every((result) => result.ok)).toBe(true);
    const audit = await testApp.database.query<{ action: string; job_id: string }>('select action, job_id from admin_audit_log order by created_at');
    expect(audit).toEqual([
      { action: 'job.retry', job_id: failedId },
      { action: 'job.cancel', job_id: failedId },
      { action: 'job.cancel', job_id: waitingId },
    ]);

    const tooMany = await admin.post('/rest/admin/jobs/bulk', { action: 'remove', jobs: Array.from({ length: 101 }, (_, index) => ({ queue, id: `job-${index}` })) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('At most 100 jobs at once.');
    expect((await admin.post('/rest/admin/jobs/bulk', { action: 'explode', jobs: [{ queue, id: failedId }] })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const full = await loggedInSession(testApp.baseUrl, alice);
    expect((await full.get('/rest/admin/jobs')).status).toBe(403);
    expect((await full.get(`/rest/admin/jobs/${failedId}`)).status).toBe(403);
  });
});
