import { describe, expect, it } from '@jest/globals';
import { FetchAhead } from './fetch-ahead.js';

const tick = (ms = 2) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FetchAhead', () => {
  it('steps one item at a time, in order, at most `ahead` results ahead of the taker', async () => {
    let running = 0;
    const started: number[] = [];
    const feed = new FetchAhead([1, 2, 3, 4, 5], async (item) => {
      running += 1;
      expect(running).toBe(1);
      started.push(item);
      await tick();
      running -= 1;
      return item * 10;
    }, 2);
    await tick(40);
    // Two results wait; the third step waits for room.
    expect(started).toEqual([1, 2]);
    const first = await feed.take(1);
    expect(first).toEqual([{ item: 1, result: 10 }]);
    const taken = [...first];
    for (let batch = await feed.take(); batch.length; batch = await feed.take()) taken.push(...batch);
    expect(taken.map((entry) => entry.result)).toEqual([10, 20, 30, 40, 50]);
  });

  it('throws a failed step once the results before it are taken, and starts no step after it', async () => {
    const started: number[] = [];
    const feed = new FetchAhead([1, 2, 3], async (item) => {
      started.push(item);
      if (item === 2) throw new Error('quota');
      return item;
    }, 3);
    expect(await feed.take()).toEqual([{ item: 1, result: 1 }]);
    await expect(feed.take()).rejects.toThrow('quota');
    expect(started).toEqual([1, 2]);
  });

  it('starts no step once stopped', async () => {
    const started: number[] = [];
    const feed = new FetchAhead([1, 2, 3], async (item) => {
      started.push(item);
      await tick();
      return item;
    }, 1);
    expect(await feed.take()).toEqual([{ item: 1, result: 1 }]);
    feed.stop();
    await tick(30);
    expect(started.length).toBeLessThanOrEqual(2);
    expect(await feed.take()).toEqual(started.length === 2 ? [{ item: 2, result: 2 }] : []);
  });
});
