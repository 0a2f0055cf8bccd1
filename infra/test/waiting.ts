/** Waiting helpers for tests that watch real processes: poll until something holds, with a deadline that says what. */

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it gives a truthy value and returns it; fails naming `what` after `withinMs`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, withinMs = 60_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(everyMs);
  }
}

/** The process behind `url` answers its /healthz with 200 (false when it does not answer at all). */
export async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * How long a test waits for a job to end. Wide on purpose: on a loaded 2-core machine (load average 20+) a job runs
 * 10–20× slower than on a quiet one, and a test must fail because the job is stuck, not because the machine is busy.
 * Test files that wait for jobs set their Jest timeout above it (jobTestTimeoutMs).
 */
export const jobWaitMs = 180_000;
export const jobTestTimeoutMs = jobWaitMs + 120_000;

/** Reads a job's status until `done` holds and returns it; fails with the last state seen after `withinMs`. */
export async function untilJobStatus<T extends { state: string }>(
  what: string,
  read: () => Promise<T | undefined>,
  done: (status: T) => boolean,
  withinMs = jobWaitMs,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const status = await read();
    if (status && done(status)) return status;
    if (Date.now() > deadline) throw new Error(`${what} is still ${status?.state ?? 'unreadable'}`);
    await wait(100);
  }
}

/**
 * Reads until `ready` holds and returns the value; on time out the error shows the last value read and `output()`
 * (e.g. the worker processes' logs) — for the fault tests that watch a job's record while they kill or slow its parts.
 */
export async function untilReady<T>(what: string, read: () => Promise<T>, ready: (value: T) => boolean, withinMs = 90_000, output = () => ''): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}\n${output()}`);
    await wait(25);
  }
}
