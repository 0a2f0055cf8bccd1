import { describe, expect, it, jest } from '@jest/globals';
import { PacedPush } from './paced-push.js';

/** A push that takes `takesMs` (a slow overview read) and notes when each started. */
function pushes(takesMs: number) {
  const starts: number[] = [];
  const push = async () => {
    starts.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, takesMs));
  };
  return { starts, push };
}

describe('PacedPush', () => {
  it('pushes at once, then at most once an interval while changes keep coming, spaced from start to start', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { starts, push } = pushes(200);
      const paced = new PacedPush(push, 500);
      // A change every 10 ms for 2 s: a flood.
      for (let at = 0; at < 2_000; at += 10) {
        paced.changed();
        await jest.advanceTimersByTimeAsync(10);
      }
      await jest.advanceTimersByTimeAsync(1_000);
      paced.stop();
      // Not 700 ms apart (the push's 200 ms added to the interval): 500 from one start to the next.
      expect(starts).toEqual([0, 500, 1_000, 1_500, 2_000]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never runs two pushes at once, and gives a change made during a push a push of its own after it', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { starts, push } = pushes(800);
      const paced = new PacedPush(push, 500);
      paced.changed();
      await jest.advanceTimersByTimeAsync(100);
      paced.changed(); // while the first push reads: it may have read too early
      await jest.advanceTimersByTimeAsync(3_000);
      paced.stop();
      // The second starts when the first ends (800 ms > the interval; a timer's least delay is 1 ms), and nothing else
      // was asked for.
      expect(starts).toEqual([0, 801]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('pushes once for changes that come together, and nothing after stop', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { starts, push } = pushes(10);
      const paced = new PacedPush(push, 500);
      paced.changed();
      await jest.advanceTimersByTimeAsync(100);
      paced.changed();
      paced.changed();
      paced.changed();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(starts).toEqual([0, 500]);
      paced.changed();
      paced.stop();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(starts).toEqual([0, 500]);
    } finally {
      jest.useRealTimers();
    }
  });
});
