import { describe, expect, it, jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import { restartDelay, secondsText, supervise } from './supervisor.mjs';

jest.setTimeout(30_000);

/** A real child: a tiny Node script. */
const script = (/** @type {string} */ code) => () => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });

describe('restartDelay', () => {
  it('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => restartDelay(attempt, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(secondsText(2_000)).toBe('2 s');
    expect(secondsText(250)).toBe('0.25 s');
  });
});

describe('supervise', () => {
  it('restarts a crashing child with a growing pause, says so, and gives up after the crash limit', async () => {
    /** @type {string[]} */
    const lines = [];
    let starts = 0;
    const gaveUp = new Promise((resolve) => {
      supervise({
        name: 'worker',
        start: () => {
          starts += 1;
          return script('process.exit(1)')();
        },
        log: (line) => lines.push(line),
        onGiveUp: resolve,
        initialDelayMs: 10,
        maxDelayMs: 40,
        crashLimit: 4,
        crashWindowMs: 60_000,
      });
    });
    const reason = await gaveUp;
    expect(starts).toBe(4);
    expect(lines).toEqual([
      'worker exited with code 1; restarting in 0.01 s (attempt 1)',
      'worker exited with code 1; restarting in 0.02 s (attempt 2)',
      'worker exited with code 1; restarting in 0.04 s (attempt 3)',
      'worker exited with code 1; it crashed 4 times within 60 s, so it is not restarted again',
    ]);
    expect(reason).toBe(lines.at(-1));
  });

  it('brings back a child that was killed, and the new copy runs', async () => {
    /** @type {string[]} */
    const lines = [];
    /** @type {import('node:child_process').ChildProcess[]} */
    const copies = [];
    const secondCopy = new Promise((resolve) => {
      const service = supervise({
        name: 'backend',
        start: script('setInterval(() => {}, 1000)'),
        onStart: (child) => {
          copies.push(child);
          if (copies.length === 1) child.once('spawn', () => child.kill('SIGKILL'));
          else child.once('spawn', () => resolve(service));
        },
        log: (line) => lines.push(line),
        onGiveUp: () => undefined,
        initialDelayMs: 10,
      });
    });
    const service = /** @type {ReturnType<typeof supervise>} */ (await secondCopy);
    expect(lines).toEqual(['backend was killed by SIGKILL; restarting in 0.01 s (attempt 1)']);
    expect(service.child).toBe(copies[1]);
    expect(service.child.exitCode).toBeNull();
    await service.stop();
    expect(service.child.signalCode).toBe('SIGTERM');
    expect(copies).toHaveLength(2);
  });

  it('stop() ends the child without a restart, also during a backoff', async () => {
    /** @type {string[]} */
    const lines = [];
    let starts = 0;
    /** @type {ReturnType<typeof supervise> | null} */
    let service = null;
    const firstExit = new Promise((resolve) => {
      service = supervise({
        name: 'worker',
        start: () => {
          starts += 1;
          return script('process.exit(3)')();
        },
        onStart: (child) => child.once('exit', resolve),
        log: (line) => lines.push(line),
        onGiveUp: () => undefined,
        initialDelayMs: 20_000, // the restart would come much later: stop() must cancel it
      });
    });
    await firstExit;
    await /** @type {ReturnType<typeof supervise>} */ (/** @type {unknown} */ (service)).stop();
    expect(starts).toBe(1);
    expect(lines).toEqual(['worker exited with code 3; restarting in 20 s (attempt 1)']);
  });
});
