import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type Socket } from 'node:net';
import { keepAliveTimeoutMs } from '../src/create-app.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * A busy API must not reset a keep-alive connection that already holds the next request (the cause of the
 * ECONNRESET in "cancels a running import" on a loaded machine): the idle timer used to fire before the event loop
 * read the waiting request.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
}, setUpTimeoutMs);
afterAll(() => testApp?.stop(), setUpTimeoutMs);

/** Reads one whole HTTP answer (headers and its Content-Length body) from a raw socket. */
function answer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (end >= 0 && text.length >= end + 4 + length) {
        socket.off('data', onData);
        socket.off('error', reject);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.once('close', () => reject(new Error('the server closed the connection')));
  });
}

describe('keep-alive connections', () => {
  it('tells clients how long an idle connection stays open', async () => {
    const response = await fetch(`${testApp.baseUrl}/healthz`);
    await response.text();
    expect(response.headers.get('keep-alive')).toBe(`timeout=${keepAliveTimeoutMs / 1000}`);
  });

  it('answers a request that waited on an idle connection while the server was busy for longer than Node\'s default idle time', async () => {
    const { port } = new URL(testApp.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const request = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
    socket.write(request);
    expect(await answer(socket)).toMatch(/^HTTP\/1\.1 200/);

    // The next request is on the wire, then the process is busy (building a large upload, a loaded machine) for
    // longer than Node's default keep-alive time-out (5 s, plus its 1 s buffer) before it reads anything.
    const next = answer(socket);
    socket.write(request);
    const busyUntil = Date.now() + 7_000;
    while (Date.now() < busyUntil) {
      // busy: no timers, no reads
    }
    expect(await next).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });
});
