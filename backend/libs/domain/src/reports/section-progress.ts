import type { JobRun } from '../jobs/job-run.js';

/**
 * The report's reads as sections done: each finished read moves the count to its share of the sections, written in
 * order (one progress write at a time, only when the count moved). settled() waits for the last write and says
 * whether the run still owns the job.
 */
export function sectionProgress(run: JobRun, sections: number, steps: number) {
  let written = 0;
  let owned = true;
  let chain: Promise<void> = Promise.resolve();
  return {
    onRead(finished: number, inAll: number) {
      const done = Math.min(sections, Math.floor((finished / Math.max(inAll, 1)) * sections));
      if (done <= written) return;
      written = done;
      chain = chain.then(async () => {
        if (owned) owned = await run.progress(done, steps, `Reading the data: ${done} of ${sections} sections`);
      });
    },
    settled: async () => {
      await chain;
      return owned;
    },
  };
}
