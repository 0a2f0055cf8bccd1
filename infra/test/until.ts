/**
 * Polls `read` until `ready` says yes, for the fault tests that watch a job's record while they kill or slow its parts.
 * On time out the error names what was awaited, its last value and `output()` (e.g. the worker processes' logs).
 */
export async function until<T>(what: string, read: () => Promise<T>, ready: (value: T) => boolean, timeoutMs = 90_000, output = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
