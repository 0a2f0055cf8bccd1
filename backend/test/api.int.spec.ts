import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Emitter } from '@socket.io/redis-emitter';
import { diagnosticJob, rooms, sessionCookieName, type JobStatus, type ServerToClientEvents } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase, type TestRedis } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { queueKeyPrefix, socketChannelKey } from '@serpwise/platform';

/** Prometheus' bearer token: /metrics answers only with it. */
const metricsToken = 'test-metrics-token-0123456789';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let redis: TestRedis;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ env: { METRICS_TOKEN: metricsToken } });
  ({ database, redis, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const jobCount = async () => Number((await database.query<{ n: string }>('select count(*) as n from job_record'))[0]!.n);

function connectSocket(cookie?: string): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('session.ready', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

describe('sessions and the cross-site request token', () => {
  it('starts a session on the first page load and writes its token into the page', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open('/system-check');
    expect(browser.cookie).toMatch(new RegExp(`^${sessionCookieName}=`));
    expect(browser.csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a state-changing request without the token, and creates nothing', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open();
    const before = await jobCount();
    const response = await browser.post('/rest/diagnostics', {}, false);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/cross-site request token/);
    expect(await jobCount()).toBe(before);
  });

  it('refuses the token of another session', async () => {
    const mine = new HttpSession(baseUrl);
    const theirs = new HttpSession(baseUrl);
    await mine.open();
    await theirs.open();
    mine.csrfToken = theirs.csrfToken;
    expect((await mine.post('/rest/diagnostics')).status).toBe(403);
  });
});

describe('starting a diagnostic job', () => {
  it('records the job, queues it under the same id, and answers 202 with its status', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open();
    const response = await browser.post('/rest/diagnostics');
    expect(response.status).toBe(202);
    const status = (await response.json()) as JobStatus;
    expect(status).toMatchObject({ state: 'queued', percent: 0, total: 5, name: diagnosticJob.name });

    const [row] = await database.query('select state, payload from job_record where id = $1', [status.id]);
    expect(row).toEqual({ state: 'queued', payload: { jobId: status.id } });
    const queue = new Queue(diagnosticJob.queue, { connection: redis.client, prefix: queueKeyPrefix(redis.prefix) });
    const job = await queue.getJob(status.id);
    expect(job?.name).toBe(diagnosticJob.name);
    expect(job?.data).toEqual({ jobId: status.id });
    await queue.close();
  });

  it('refuses unknown body fields with a 400, and creates nothing', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open();
    const before = await jobCount();
    const response = await browser.post('/rest/diagnostics', { steps: 99 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: 'Unrecognized key: "steps"' });
    expect(await jobCount()).toBe(before);
  });

  it('answers a malformed or oversized body with a clear 400 or 413, and creates nothing', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open();
    const before = await jobCount();
    const send = (body: string) =>
      fetch(`${baseUrl}/rest/diagnostics`, {
        method: 'POST',
        headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken, 'content-type': 'application/json' },
        body,
      });
    const malformed = await send('{oops');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ statusCode: 400, message: 'The request body is not valid JSON.' });
    const oversized = await send(JSON.stringify({ padding: 'a'.repeat(2_000_000) }));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({ statusCode: 413, message: 'The request body is too large.' });
    expect(await jobCount()).toBe(before);
  });

  it('needs a session', async () => {
    const response = await new HttpSession(baseUrl).post('/rest/diagnostics', {}, false);
    expect(response.status).toBe(403);
  });
});

describe('job status', () => {
  it('shows a job to its owner only; anyone else gets the same 404 as for a missing job', async () => {
    const owner = new HttpSession(baseUrl);
    await owner.open();
    const { id } = (await (await owner.post('/rest/diagnostics')).json()) as JobStatus;

    expect((await owner.get(`/rest/jobs/${id}`)).status).toBe(200);

    const stranger = new HttpSession(baseUrl);
    await stranger.open();
    const denied = await stranger.get(`/rest/jobs/${id}`);
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual({ statusCode: 404, message: 'Job not found.' });

    expect((await new HttpSession(baseUrl).get(`/rest/jobs/${id}`)).status).toBe(401);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open();
    const response = await browser.get('/rest/jobs/not-a-uuid');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('id: The job id must be a UUID.');
  });
});

describe('the socket', () => {
  it('refuses a connection without a valid session', async () => {
    await expect(connectSocket()).rejects.toThrow('unauthenticated');
    await expect(connectSocket(`${sessionCookieName}=forged`)).rejects.toThrow('unauthenticated');
  });

  it("delivers an event published through Redis to its owner's socket, and to nobody else", async () => {
    const owner = new HttpSession(baseUrl);
    const stranger = new HttpSession(baseUrl);
    await owner.open();
    await stranger.open();
    const ownerSocket = await connectSocket(owner.cookie);
    const strangerSocket = await connectSocket(stranger.cookie);
    const { id } = (await (await owner.post('/rest/diagnostics')).json()) as JobStatus;
    const [record] = await database.query<{ session_id: string }>('select session_id from job_record where id = $1', [id]);

    const heardByStranger: JobStatus[] = [];
    strangerSocket.on('job.updated', (status) => heardByStranger.push(status));
    const heardByOwner = new Promise<JobStatus>((resolve) => ownerSocket.once('job.updated', resolve));

    // The worker's path: @socket.io/redis-emitter → Redis → this API's adapter → the room's sockets.
    const emitter = new Emitter<ServerToClientEvents>(redis.client, { key: socketChannelKey(redis.prefix) });
    emitter.to(rooms.session(record!.session_id)).emit('job.updated', { id, percent: 60 } as JobStatus);

    expect(await heardByOwner).toMatchObject({ id, percent: 60 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByStranger).toEqual([]);
    ownerSocket.close();
    strangerSocket.close();
  });
});

describe('operations', () => {
  it('reports health of PostgreSQL and Redis', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });

  it('exposes Prometheus metrics', async () => {
    const body = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(body).toContain('serpwise_http_request_duration_seconds_bucket');
    expect(body).toContain('serpwise_process_cpu_seconds_total');
  });

  it('serves the web app for documented pages under /api (the API docs), not a JSON answer', async () => {
    const response = await fetch(`${baseUrl}/api/v1/overview`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers an unknown API path with a JSON 404, never the web page', async () => {
    const response = await fetch(`${baseUrl}/rest/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Cannot GET /rest/nothing-here' });
  });
});
