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
