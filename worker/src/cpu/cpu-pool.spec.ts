import { afterEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { CpuPool } from './cpu-pool.js';

const chained = (seed: string, rounds: number) => {
  let digest = seed;
  for (let round = 0; round < rounds; round += 1) digest = createHash('sha256').update(digest).digest('hex');
  return digest;
};

let pool: CpuPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('CpuPool', () => {
  it('runs more tasks than it has threads, each with its own answer', async () => {
    pool = new CpuPool(2);
    const seeds = Array.from({ length: 7 }, (_, index) => `seed-${index}`);
    const answers = await Promise.all(seeds.map((seed) => pool!.run('sha256Chain', { seed, rounds: 50 })));
    expect(answers).toEqual(seeds.map((seed) => chained(seed, 50)));
  });

  it('fails a task the threads do not know, and goes on with the next', async () => {
    pool = new CpuPool(1);
    await expect(pool.run('nonsense' as 'sha256Chain', { seed: 'x', rounds: 1 })).rejects.toThrow('The CPU pool has no task nonsense');
    await expect(pool.run('sha256Chain', { seed: 'x', rounds: 3 })).resolves.toBe(chained('x', 3));
  });

  it('once closed, fails what was waiting and refuses more', async () => {
    pool = new CpuPool(1);
    const running = expect(pool.run('sha256Chain', { seed: 'a', rounds: 200_000 })).rejects.toThrow('The CPU pool is closed');
    const waiting = expect(pool.run('sha256Chain', { seed: 'b', rounds: 1 })).rejects.toThrow('The CPU pool is closed');
    await pool.close();
    await running;
    await waiting;
    await expect(pool.run('sha256Chain', { seed: 'c', rounds: 1 })).rejects.toThrow('The CPU pool is closed');
  });

  it('needs at least one thread', () => {
    expect(() => new CpuPool(0)).toThrow('A CPU pool needs at least one thread');
  });
});
