import { describe, expect, it } from '@jest/globals';
import type { JobRun } from '../jobs/job-run.js';
import { sectionProgress } from './section-progress.js';

/** A run that records its progress writes; it stops owning the job after `ownedFor` writes. */
function recordingRun(ownedFor = Infinity) {
  const writes: [number, number, string][] = [];
  const run = {
    progress: async (done: number, total: number, message: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      writes.push([done, total, message]);
      return writes.length <= ownedFor;
    },
  } as unknown as JobRun;
  return { run, writes };
}

describe('a report’s progress by section (issue 21 item 5)', () => {
  it('turns finished reads into sections done, written in order and only when the count moves', async () => {
    const { run, writes } = recordingRun();
    const progress = sectionProgress(run, 4, 5);
    for (let finished = 1; finished <= 9; finished += 1) progress.onRead(finished, 9);
    expect(await progress.settled()).toBe(true);
    expect(writes.map(([done]) => done)).toEqual([1, 2, 3, 4]);
    expect(writes.at(-1)).toEqual([4, 5, 'Reading the data: 4 of 4 sections']);
  });

  it('stops writing once the run no longer owns the job, and says so', async () => {
    const { run, writes } = recordingRun(1);
    const progress = sectionProgress(run, 3, 4);
    for (let finished = 1; finished <= 3; finished += 1) progress.onRead(finished, 3);
    expect(await progress.settled()).toBe(false);
    expect(writes).toHaveLength(2);
  });
});
