import { describe, expect, it } from '@jest/globals';
import { WorkBehind } from './work-behind.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('WorkBehind', () => {
  it('runs the tasks one after another, behind the caller', async () => {
    const work = new WorkBehind();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      await tick();
      log.push(name);
      running -= 1;
    };
    work.add(task('a'));
    work.add(task('b'));
    log.push('caller');
    await work.finished();
    expect(log).toEqual(['caller', 'a', 'b']);
  });

  it('skips the tasks after a failure and throws it at the next check, add and wait', async () => {
    const work = new WorkBehind();
    const ran: string[] = [];
    work.add(async () => {
      await tick();
      throw new Error('month refused');
    });
    work.add(async () => {
      ran.push('after');
    });
    expect(() => work.check()).not.toThrow();
    await expect(work.finished()).rejects.toThrow('month refused');
    expect(ran).toEqual([]);
    expect(() => work.check()).toThrow('month refused');
    expect(() => work.add(async () => undefined)).toThrow('month refused');
  });
});
