import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the whole worker process the nice value `nice` (WORKER_NICE, issue 27 point 2): its jobs are background work,
 * so on a busy machine the API's research requests get the CPU first, and on an idle one nothing changes. On Linux a
 * nice value belongs to each thread, and V8's and libuv's threads exist before this runs: each one of
 * /proc/self/task is set (threads made later inherit it). Answers the threads set; a system without /proc sets the
 * process's own. Raising a nice value needs no privilege.
 */
export function lowerProcessPriority(nice: number): number {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    setPriority(nice);
    return 1;
  }
  let set = 0;
  for (const thread of threads) {
    try {
      setPriority(Number(thread), nice);
      set += 1;
    } catch {
      // A thread that ended since the listing.
    }
  }
  return set;
}
