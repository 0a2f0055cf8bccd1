import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobStatus, ServerToClientEvents } from '@serpwise/contracts';
import { io, type Socket } from 'socket.io-client';
import { HttpSession } from '../../infra/test/http-session.js';
import { TestStack } from '../../infra/test/stack.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobWaitMs, untilJobStatus } from '../../infra/test/waiting.js';

/**
 * A real install is stopped with SIGTERM (systemd, Docker, the launcher's Ctrl-C): the API and the worker must then
 * exit by themselves, whatever they served, without the SIGKILL a service manager falls back to (docs/decisions.md,
 * "Tests under load (issue 17)").
 */
let stack: TestStack | undefined;

beforeAll(async () => {
  stack = await TestStack.start();
}, setUpTimeoutMs);

afterAll(async () => {
  await stack?.stop();
}, setUpTimeoutMs);

describe('stopping the API and the worker', () => {
  it('exits on SIGTERM after answering /healthz, running a job and holding an open socket', async () => {
    const running = stack!;
    expect((await fetch(`${running.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.workerUrl}/healthz`)).status).toBe(200);

    const browser = new HttpSession(running.baseUrl);
    await browser.open();
    const { id } = (await (await browser.post('/rest/diagnostics')).json()) as JobStatus;
    await untilJobStatus('the diagnostic job', async () => (await (await browser.get(`/rest/jobs/${id}`)).json()) as JobStatus, (status) => status.state === 'completed');

    // A browser still connected when the API stops: the API closes the socket, the socket does not hold the API.
    const socket: Socket<ServerToClientEvents> = io(running.baseUrl, { transports: ['websocket'], extraHeaders: { cookie: browser.cookie }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('session.ready', () => resolve());
      socket.once('connect_error', reject);
    });

    try {
      // Wide: a loaded machine stops slowly; only a process that would never stop reaches the SIGKILL.
      const ends = await running.stop({ graceMs: jobWaitMs });
      stack = undefined;
      expect(ends.worker).toEqual({ code: 0, signal: null });
      expect(ends.backend).toEqual({ code: null, signal: 'SIGTERM' });
    } finally {
      socket.close();
    }
  }, jobWaitMs * 3);
});
