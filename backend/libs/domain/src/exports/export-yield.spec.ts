import { describe, expect, it } from '@jest/globals';
import { ExportYield, researchActivity, YieldShare, type ResearchActivity, type YieldClock, type YieldRule } from './export-yield.js';

/** A clock whose sleeps move time on at once, and whose time the test moves for the export's running. */
class TestClock implements YieldClock {
  time = 0;
  now = () => this.time;
  sleep = async (ms: number) => {
    this.time += ms;
  };
  run(ms: number) {
    this.time += ms;
  }
}

/** Research as the test says it is: busy until `busyUntil` (clock time), and how often it was asked. */
function research(clock: TestClock, busyUntil: number): ResearchActivity & { asked: number; peeked: number } {
  const activity = {
    asked: 0,
    peeked: 0,
    peek: () => {
      activity.peeked += 1;
      return clock.time < busyUntil;
    },
    ask: async () => {
      activity.asked += 1;
      return clock.time < busyUntil;
    },
  };
  return activity;
}

const rule: YieldRule = { quietMs: 500, waitPerRunMs: 3, graceMs: 1_000, maxWaitMs: 2_000, pollMs: 25 };

describe('an export yielding to research', () => {
  it('does not wait, nor ask the server, while research is quiet', async () => {
    const clock = new TestClock();
    const activity = research(clock, 0);
    const yielding = new ExportYield(activity, rule, clock);
    for (let batch = 0; batch < 10; batch += 1) {
      await yielding.beforeBatch();
      clock.run(30);
    }
    expect(yielding.waited).toBe(0);
    expect(activity.asked).toBe(0);
    expect(clock.time).toBe(300);
  });

  it('waits while research is being answered and goes on once it is quiet', async () => {
    const clock = new TestClock();
    const own = new ExportYield(research(clock, 1_600), rule, clock);
    clock.run(1_000); // the export ran a second: it may wait up to 2 s (one wait's most) now
    await own.beforeBatch();
    expect(clock.time).toBeGreaterThanOrEqual(1_600);
    expect(clock.time).toBeLessThan(1_600 + rule.pollMs);
    await own.beforeBatch();
    expect(clock.time).toBeLessThan(1_600 + rule.pollMs);
  });

  it('waits before its statement starts, within its grace', async () => {
    const clock = new TestClock();
    const yielding = new ExportYield(research(clock, Number.POSITIVE_INFINITY), rule, clock);
    await yielding.beforeStatement();
    // Nothing ran yet: the grace is all it may wait.
    expect(yielding.waited).toBe(rule.graceMs);
  });

  it('under research that never stops, still runs at least a quarter of the time, in waits of at most 2 s', async () => {
    const clock = new TestClock();
    const yielding = new ExportYield(research(clock, Number.POSITIVE_INFINITY), rule, clock);
    let ran = 0;
    let longest = 0;
    await yielding.beforeStatement();
    for (let batch = 0; batch < 1_000; batch += 1) {
      const before = yielding.waited;
      await yielding.beforeBatch();
      longest = Math.max(longest, yielding.waited - before);
      clock.run(25); // the batch's own work
      ran += 25;
      // The rule at every batch: waits ≤ 3 × running + the grace.
      expect(yielding.waited).toBeLessThanOrEqual(rule.waitPerRunMs * ran + rule.graceMs);
    }
    expect(longest).toBeLessThanOrEqual(rule.maxWaitMs);
    // It did yield (most of what the rule allows), and the whole took at most about 4× its own time plus the grace.
    expect(yielding.waited).toBeGreaterThan(rule.waitPerRunMs * ran * 0.9);
    expect(clock.time).toBeLessThanOrEqual((1 + rule.waitPerRunMs) * ran + rule.graceMs);
  });
});

/**
 * A clock for exports running side by side: a sleep resolves when `run` reaches its time, earliest first, so each
 * export's batches (sleeps of their own length) and waits interleave as they would in one process.
 */
class SharedClock implements YieldClock {
  time = 0;
  private sleepers: { at: number; wake: () => void }[] = [];
  now = () => this.time;
  sleep = (ms: number) => new Promise<void>((wake) => this.sleepers.push({ at: this.time + ms, wake }));
  async run(until: () => boolean) {
    for (;;) {
      // Let every woken export go on to its next sleep before time moves.
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      if (until()) return;
      this.sleepers.sort((a, b) => a.at - b.at);
      const next = this.sleepers.shift();
      if (!next) throw new Error('nothing left to wake');
      this.time = next.at;
      next.wake();
    }
  }
}

describe("a process's exports yielding together", () => {
  it('under research that never stops, run together no more often than one export alone would, one at a time, and each goes on', async () => {
    const clock = new SharedClock();
    const never = research(clock as unknown as TestClock, Number.POSITIVE_INFINITY);
    const share = new YieldShare(rule, clock);
    const batches = 400;
    const batchMs = 25;
    // Each export's running stretches (batch by batch), to see how many ran at once.
    const stretches: { from: number; to: number }[] = [];
    const finishedAt: number[] = [];
    const exportAlongside = async (index: number) => {
      const yielding = new ExportYield(never, rule, clock, null, share);
      try {
        await yielding.beforeStatement();
        for (let batch = 0; batch < batches; batch += 1) {
          await yielding.beforeBatch();
          const from = clock.time;
          await clock.sleep(batchMs);
          stretches.push({ from, to: clock.time });
        }
      } finally {
        yielding.end();
        finishedAt[index] = clock.time;
      }
    };
    const exports = [0, 1, 2, 3].map(exportAlongside);
    await clock.run(() => finishedAt.filter((at) => at !== undefined).length === 4);
    await Promise.all(exports);

    // The time some export ran, and the time two or more did.
    const edges = stretches.flatMap((stretch) => [{ at: stretch.from, step: 1 }, { at: stretch.to, step: -1 }]).sort((a, b) => a.at - b.at || a.step - b.step);
    let running = 0;
    let anyRan = 0;
    let severalRan = 0;
    for (let index = 0; index < edges.length; index += 1) {
      running += edges[index]!.step;
      const until = edges[index + 1]?.at ?? edges[index]!.at;
      if (running > 0) anyRan += until - edges[index]!.at;
      if (running > 1) severalRan += until - edges[index]!.at;
    }
    const wall = Math.max(...finishedAt);
    const ownWork = 4 * batches * batchMs;
    // Together they ran about a quarter of the time (the rule's 1 in 1 + 3), as one export alone would, not four times
    // that; beyond it only the runs that one wait's most (2 s) forces.
    expect(anyRan / wall).toBeLessThan(1 / (1 + rule.waitPerRunMs) + 0.05);
    expect(severalRan / anyRan).toBeLessThan(0.1);
    // Each export went on: all four within the rule's bound for their work together, plus the grace.
    expect(wall).toBeLessThanOrEqual((1 + rule.waitPerRunMs) * ownWork * 1.1 + rule.graceMs);
  });

  it('one export alone keeps the rule it had: waits at most the rule allows, and nothing is left taken once it ended', async () => {
    const clock = new TestClock();
    const share = new YieldShare(rule, clock);
    const first = new ExportYield(research(clock, Number.POSITIVE_INFINITY), rule, clock, null, share);
    await first.beforeStatement();
    expect(first.waited).toBe(rule.graceMs);
    first.end();
    first.end();
    // The next export after none ran starts with a fresh grace, whatever the last one spent.
    const second = new ExportYield(research(clock, Number.POSITIVE_INFINITY), rule, clock, null, share);
    await second.beforeStatement();
    expect(second.waited).toBe(rule.graceMs);
  });
});

describe('researchActivity', () => {
  /** The server's answer about the API's sessions, as pg_stat_activity gives it. */
  const server = (active: boolean | null, lastEndedAt: number | null) => ({ query: async () => ({ rows: [{ active, last_ended_at: lastEndedAt }] }) });

  it("does not count the export's own request: a query that ended before the export was asked for", async () => {
    const requestedAt = 1_000_000;
    // The request's level probe and count ended just before its record was made.
    expect(await researchActivity(server(null, requestedAt - 80), 500, 0).ask(requestedAt)).toBe(false);
    // Research that ended after the request was made is waited for, and so is any query running now.
    expect(await researchActivity(server(false, requestedAt + 80), 500, 0).ask(requestedAt)).toBe(true);
    expect(await researchActivity(server(true, null), 500, 0).ask(requestedAt)).toBe(true);
    // An export whose record is gone (null) counts every recent query.
    expect(await researchActivity(server(false, requestedAt - 80), 500, 0).ask(null)).toBe(true);
  });
});
