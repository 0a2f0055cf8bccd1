import { describe, expect, it, jest } from '@jest/globals';
import { QueueProgress } from './queue-progress.js';

describe('QueueProgress (the admin console\'s copy of a run\'s progress)', () => {
  it('writes the latest report once an interval, and nothing for a run that ends within its first interval', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const written: [number, number][] = [];
      const progress = new QueueProgress<number>(async (percent) => void written.push([Date.now(), percent]), 500, () => undefined);
      for (const percent of [0, 20, 40]) progress.report(percent);
      await jest.advanceTimersByTimeAsync(499);
      expect(written).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(written).toEqual([[500, 40]]);
      // Quiet for a while, then two reports: the first of them starts the next interval.
      await jest.advanceTimersByTimeAsync(1_000);
      progress.report(60);
      await jest.advanceTimersByTimeAsync(100);
      progress.report(80);
      await jest.advanceTimersByTimeAsync(400);
      expect(written).toEqual([[500, 40], [2_000, 80]]);
      progress.report(100);
      await progress.end();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(written).toEqual([[500, 40], [2_000, 80]]);

      const short = new QueueProgress<number>(async (percent) => void written.push([Date.now(), percent]), 500, () => undefined);
      short.report(0);
      short.report(50);
      await short.end();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(written).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for a write on its way before the run ends, and reports a failed write instead of throwing it', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const failures: unknown[] = [];
      let finished = 0;
      const progress = new QueueProgress<number>(
        async (percent) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          if (percent === 1) throw new Error('Redis away');
          finished += 1;
        },
        100,
        (error) => failures.push(error),
      );
      progress.report(1);
      await jest.advanceTimersByTimeAsync(500);
      expect(failures).toEqual([new Error('Redis away')]);
      progress.report(2);
      await jest.advanceTimersByTimeAsync(150); // the write of 2 is on its way
      let ended = false;
      const ending = progress.end().then(() => (ended = true));
      await jest.advanceTimersByTimeAsync(100);
      expect(ended).toBe(false);
      await jest.advanceTimersByTimeAsync(200);
      await ending;
      expect(finished).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
