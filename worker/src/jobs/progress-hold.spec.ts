import { describe, expect, it, jest } from '@jest/globals';
import { ProgressHold, type ProgressReport } from './progress-hold.js';

/** A run's record as the hold writes it: every write in order, and how often ownership was read. */
function record(options: { owned?: () => boolean; writeMs?: number } = {}) {
  const writes: string[] = [];
  let reads = 0;
  const owned = options.owned ?? (() => true);
  const slow = () => new Promise((resolve) => setTimeout(resolve, options.writeMs ?? 5));
  const hold = new ProgressHold(
    {
      writeProgress: async (report: ProgressReport) => {
        await slow();
        writes.push(`progress ${report.done}/${report.total} ${report.message}`);
        return owned();
      },
      stillOwned: async () => {
        reads += 1;
        return owned();
      },
      failed: () => undefined,
    },
    100,
  );
  const checkpoint = (name: string) =>
    hold.write(async (held) => {
      await slow();
      writes.push(held ? `${name} with ${held.done}/${held.total} ${held.message}` : name);
      return owned();
    });
  return { hold, writes, checkpoint, reads: () => reads };
}

describe('ProgressHold (a run\'s quick progress reports batched into its record writes)', () => {
  it('holds a report that comes soon after a write and writes it with the next checkpoint; the latest one only', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { hold, writes, checkpoint, reads } = record();
      expect(await hold.report({ done: 0, total: 2, message: 'First step' })).toBe(true);
      await jest.advanceTimersByTimeAsync(10);
      const saved = checkpoint('checkpoint 1');
      await jest.advanceTimersByTimeAsync(10);
      expect(await saved).toBe(true);
      // Right after the checkpoint: held, the second replacing the first.
      await hold.report({ done: 1, total: 2, message: 'First step: done' });
      await hold.report({ done: 1, total: 2, message: 'Second step' });
      await jest.advanceTimersByTimeAsync(10);
      const second = checkpoint('checkpoint 2');
      await jest.advanceTimersByTimeAsync(10);
      await second;
      expect(writes).toEqual(['checkpoint 1 with 0/2 First step', 'checkpoint 2 with 1/2 Second step']);
      // Each held report still asked whether the run owns its job: a read, not a write.
      expect(reads()).toBe(3);
      await hold.end();
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes a held report once the hold is up when no other write comes (a long step shows what it does)', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { hold, writes } = record();
      await hold.report({ done: 0, total: 1, message: 'A long step' });
      await jest.advanceTimersByTimeAsync(99);
      expect(writes).toEqual([]);
      await jest.advanceTimersByTimeAsync(10);
      expect(writes).toEqual(['progress 0/1 A long step']);
      // 200 ms after that write: written at once.
      await jest.advanceTimersByTimeAsync(200);
      const now = hold.report({ done: 1, total: 1, message: 'Later' });
      await jest.advanceTimersByTimeAsync(10);
      expect(await now).toBe(true);
      expect(writes).toEqual(['progress 0/1 A long step', 'progress 1/1 Later']);
      await hold.end();
    } finally {
      jest.useRealTimers();
    }
  });

  it('never holds a report it may not hold, answers a cancel at once, and drops what is held at the end', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      let owned = true;
      const { hold, writes } = record({ owned: () => owned });
      const inTransaction = hold.report({ done: 0, total: 3, message: 'In a transaction' }, false);
      await jest.advanceTimersByTimeAsync(10);
      expect(await inTransaction).toBe(true);
      expect(writes).toEqual(['progress 0/3 In a transaction']);
      owned = false; // cancelled
      expect(await hold.report({ done: 1, total: 3, message: 'Held, but told' })).toBe(false);
      await hold.end();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(writes).toEqual(['progress 0/3 In a transaction']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes one after another: a checkpoint waits for the held report written by the timer, and ends wait for both', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { hold, writes, checkpoint } = record({ writeMs: 50 });
      await hold.report({ done: 0, total: 2, message: 'Step' });
      await jest.advanceTimersByTimeAsync(110); // the timer's write is on its way (50 ms)
      const saved = checkpoint('checkpoint');
      let ended = false;
      const ending = hold.end().then(() => (ended = true));
      await jest.advanceTimersByTimeAsync(60);
      expect(writes).toEqual(['progress 0/2 Step']);
      expect(ended).toBe(false);
      await jest.advanceTimersByTimeAsync(50);
      await Promise.all([saved, ending]);
      expect(writes).toEqual(['progress 0/2 Step', 'checkpoint']);
    } finally {
      jest.useRealTimers();
    }
  });
});
