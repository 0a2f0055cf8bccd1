import { describe, expect, it, jest } from '@jest/globals';
import { PeriodicRun } from './periodic-run.js';

describe('PeriodicRun', () => {
  it('runs the task at once and again every interval until stopped; a failure is reported and the next run goes on', async () => {
    jest.useFakeTimers();
    try {
      const failures: unknown[] = [];
      let runs = 0;
      const run = new PeriodicRun(async () => {
        runs += 1;
        if (runs === 2) throw new Error('database away');
      }, (error) => failures.push(error));
      run.startEvery(1000);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(2000);
      expect(runs).toBe(3);
      expect(failures).toEqual([new Error('database away')]);
      run.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
