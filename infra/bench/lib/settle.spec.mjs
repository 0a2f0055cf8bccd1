import { describe, expect, it } from '@jest/globals';
import { busyShare, cpuTicks, isQuiet, quietSamples, settle, settleLine, settleNote } from './settle.mjs';

/** /proc/stat's first lines with these cpu ticks (user nice system idle iowait irq softirq steal guest guest_nice). */
const stat = (/** @type {number[]} */ ticks) => `cpu  ${ticks.join(' ')} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1 2 3\n`;

describe('settle', () => {
  it('reads busy and total ticks of every core from /proc/stat, iowait counted as busy', () => {
    expect(cpuTicks(stat([100, 10, 50, 800, 40, 0, 5, 0]))).toEqual({ busy: 205, total: 1005 });
    expect(() => cpuTicks('intr 1 2\n')).toThrow('no cpu line');
    expect(busyShare({ busy: 205, total: 1005 }, { busy: 255, total: 1205 })).toBeCloseTo(0.25);
    expect(busyShare({ busy: 5, total: 10 }, { busy: 5, total: 10 })).toBe(0);
  });

  it('is quiet only after enough quiet seconds in a row and with no autovacuum worker', () => {
    const calm = Array(quietSamples).fill(0.05);
    expect(isQuiet(calm, 0)).toBe(true);
    expect(isQuiet(calm, 1)).toBe(false);
    expect(isQuiet(calm.slice(1), 0)).toBe(false);
    expect(isQuiet([...calm.slice(1), 0.6], 0)).toBe(false);
    expect(isQuiet([0.9, 0.9, ...calm], 0)).toBe(true);
  });

  /** A machine whose CPU is busy by the given shares, second after second, and a server with autovacuum for the first seconds. */
  function machine(/** @type {number[]} */ shares, /** @type {number} */ vacuumSeconds) {
    let second = 0;
    let busy = 0;
    const statements = [];
    return {
      statements,
      server: { query: async (/** @type {string} */ sql) => {
        statements.push(sql);
        return { rows: sql.includes('autovacuum') && second <= vacuumSeconds ? [{ query: 'autovacuum: VACUUM public.organic_rank' }] : [] };
      } },
      options: {
        readStat: () => stat([busy, 0, 0, second * 100 - busy, 0, 0, 0, 0]),
        sleep: async () => { busy += Math.round(100 * (shares[second] ?? 0)); second += 1; },
        now: () => second * 1_000,
        capMs: 10_000,
      },
    };
  }

  it('checkpoints, then waits for three quiet seconds after the last autovacuum', async () => {
    const { server, options, statements } = machine([0.9, 0.5, 0.05, 0.05, 0.05, 0.05, 0.05], 3);
    const result = await settle(server, options);
    expect(statements[0]).toBe('checkpoint');
    expect(result).toMatchObject({ quiet: true, waitedMs: 5_000 });
    expect(settleLine(result)).toMatch(/^machine quiet after 5\.0 s/);
    expect(settleNote(result)).toBe('quiet after 5 s');
  });

  it('stops waiting at the cap and says what kept the machine busy', async () => {
    const { server, options } = machine(Array(20).fill(0.7), 20);
    const result = await settle(server, options);
    expect(result.quiet).toBe(false);
    expect(result.waitedMs).toBe(10_000);
    expect(settleLine(result)).toBe('machine NOT quiet after 10.0 s (last second 70 % busy; autovacuum: autovacuum: VACUUM public.organic_rank): running anyway');
    expect(settleNote(result)).toBe('still busy after 10 s');
  });
});
