import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTestDatabase, createTestRedis, testRedisUrl } from '../test/test-services.js';
import { entryPoints, root } from './paths.mjs';
import { freePort } from './probe.mjs';
import { startService, waitForHealthy } from './processes.mjs';
import { supervise } from './supervisor.mjs';

/**
 * `npm start`'s supervision of the real worker (built: worker/dist): killed with SIGKILL, as by a crash or the OOM
 * killer, it is started again and answers its health check; stop() ends it for good.
 */
jest.setTimeout(120_000);

/** @type {Awaited<ReturnType<typeof createTestDatabase>>} */
let database;
/** @type {ReturnType<typeof createTestRedis>} */
let redis;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = createTestRedis();
}, 60_000);

afterAll(async () => {
  await redis?.cleanup();
  await database?.drop();
});

describe('the launcher keeps the worker running', () => {
  it('restarts the real worker after it is killed, and stops it without a restart', async () => {
    const workerPort = await freePort();
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: redis.prefix,
      WORKER_PORT: String(workerPort),
      DATA_DIR: `/tmp/serpwise-supervisor-${redis.prefix}`,
      LOG_LEVEL: 'warn',
    };
    /** @type {string[]} */
    const lines = [];
    /** @type {import('node:child_process').ChildProcess[]} */
    const copies = [];
    /** @type {(value?: unknown) => void} */
    let secondStarted = () => undefined;
    const restarted = new Promise((resolve) => (secondStarted = resolve));
    const worker = supervise({
      name: 'worker',
      start: () => startService('worker', process.execPath, [entryPoints.worker], { cwd: root, env }),
      onStart: (child) => {
        copies.push(child);
        if (copies.length === 2) secondStarted();
      },
      log: (line) => lines.push(line),
      onGiveUp: (reason) => lines.push(`gave up: ${reason}`),
      initialDelayMs: 200,
    });
    const health = `http://127.0.0.1:${workerPort}/healthz`;
    try {
      await waitForHealthy(health, worker);
      const [first] = copies;
      first?.kill('SIGKILL');
      await restarted;
      await waitForHealthy(health, worker);
      expect(lines).toEqual(['worker was killed by SIGKILL; restarting in 0.2 s (attempt 1)']);
      expect(worker.child).toBe(copies[1]);
      expect(worker.child.pid).not.toBe(first?.pid);
      expect(worker.child.exitCode).toBeNull();
    } finally {
      await worker.stop();
    }
    // Stopped on purpose: it finished its shutdown and nothing started it again.
    expect(copies).toHaveLength(2);
    expect(worker.child.exitCode !== null || worker.child.signalCode !== null).toBe(true);
    expect(lines).toHaveLength(1);
  });
});
