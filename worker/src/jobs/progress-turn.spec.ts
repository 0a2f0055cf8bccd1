import { describe, expect, it } from '@jest/globals';
import { ProgressTurn, type ProgressReport } from './progress-turn.js';

/** An answer from the database: it comes in a later turn of the event loop, as a socket's data does. */
const io = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The end of the current turn of the loop (its setImmediate phase). */
const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

/** A run's record as the writes reach it: every write in order. */
function record(options: { owned?: () => boolean } = {}) {
  const writes: string[] = [];
  const owned = options.owned ?? (() => true);
  const failures: unknown[] = [];
  const turn = new ProgressTurn({
    writeProgress: async (report: ProgressReport) => {
      writes.push(`progress ${report.done}/${report.total} ${report.message}`);
      await io();
      return owned();
    },
    failed: (error) => failures.push(error),
  });
  const checkpoint = (name: string) =>
    turn.write(async () => {
      writes.push(name);
      await io();
      return owned();
    });
  return { turn, writes, checkpoint, failures };
}

describe("ProgressTurn (a run's reports of one turn of the event loop written once)", () => {
  it('writes the latest of the reports made in the turn its record answered, at the turn\'s end, answering from that answer', async () => {
    const { turn, writes, checkpoint } = record();
    expect(await checkpoint('checkpoint 1')).toBe(true);
    // The same turn as the checkpoint's answer: held, the second replacing the first, no I/O to answer them.
    expect(await turn.report({ done: 1, total: 2, message: 'First step: done' })).toBe(true);
    expect(await turn.report({ done: 1, total: 2, message: 'Second step' })).toBe(true);
    expect(writes).toEqual(['checkpoint 1']);
    await turnEnds();
    expect(writes).toEqual(['checkpoint 1', 'progress 1/2 Second step']);
    await turn.end(false);
  });

  it('writes at once a report made after the handler waited on something else, and holds none across a turn', async () => {
    const { turn, writes, checkpoint } = record();
    await checkpoint('checkpoint');
    await io(); // the handler's own I/O
    await turnEnds();
    const written = turn.report({ done: 1, total: 3, message: 'A long step' });
    await Promise.resolve();
    expect(writes).toEqual(['checkpoint', 'progress 1/3 A long step']);
    expect(await written).toBe(true);
    await turn.end(false);
  });

  it('writes a report held before a long step at the turn\'s end, while the handler is still in the step', async () => {
    const { turn, writes, checkpoint } = record();
    await checkpoint('checkpoint');
    await turn.report({ done: 1, total: 2, message: 'A long step' });
    let stepDone = false;
    const step = (async () => {
      await io();
      await io();
      stepDone = true;
    })();
    await turnEnds();
    expect(writes).toEqual(['checkpoint', 'progress 1/2 A long step']);
    expect(stepDone).toBe(false);
    await step;
    await turn.end(false);
  });

  it('writes a held report before a checkpoint of the same turn, one write after another', async () => {
    const { turn, writes, checkpoint } = record();
    await checkpoint('checkpoint 1');
    await turn.report({ done: 1, total: 2, message: 'Step' });
    await checkpoint('checkpoint 2');
    expect(writes).toEqual(['checkpoint 1', 'progress 1/2 Step', 'checkpoint 2']);
    await turnEnds();
    expect(writes).toEqual(['checkpoint 1', 'progress 1/2 Step', 'checkpoint 2']);
    await turn.end(false);
  });

  it('keeps the last report before a failure, drops it at a completion or a cancel, and writes nothing after the end', async () => {
    for (const keepHeld of [true, false]) {
      const { turn, writes, checkpoint } = record();
      await checkpoint('checkpoint');
      await turn.report({ done: 2, total: 6, message: 'Competitors' });
      await turn.end(keepHeld);
      expect(writes).toEqual(keepHeld ? ['checkpoint', 'progress 2/6 Competitors'] : ['checkpoint']);
      await turnEnds();
      await io();
      expect(writes).toEqual(keepHeld ? ['checkpoint', 'progress 2/6 Competitors'] : ['checkpoint']);
    }
  });

  it('waits at the end for a write on its way', async () => {
    const { turn, writes } = record();
    await io();
    await turnEnds();
    const written = turn.report({ done: 1, total: 2, message: 'Step' });
    let ended = false;
    const ending = turn.end(false).then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);
    await Promise.all([written, ending]);
    expect(writes).toEqual(['progress 1/2 Step']);
  });

  it('never holds a report it may not hold, and holds none on an answer that the run lost its job', async () => {
    let owned = true;
    const { turn, writes, checkpoint } = record({ owned: () => owned });
    await checkpoint('checkpoint');
    await turn.report({ done: 0, total: 3, message: 'In a transaction' }, false);
    expect(writes).toEqual(['checkpoint', 'progress 0/3 In a transaction']);
    owned = false; // cancelled
    await io();
    await turnEnds();
    expect(await checkpoint('checkpoint 2')).toBe(false);
    // Right after an answer that said "not yours": written, and told.
    expect(await turn.report({ done: 1, total: 3, message: 'After the cancel' })).toBe(false);
    await turn.end(false);
  });

  it('a run just marked active holds the reports of its first turn', async () => {
    const { turn, writes } = record();
    await turn.report({ done: 0, total: 5, message: 'Database check' });
    expect(writes).toEqual([]);
    await turnEnds();
    expect(writes).toEqual(['progress 0/5 Database check']);
    await turn.end(false);
  });
});
