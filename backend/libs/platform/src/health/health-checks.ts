import type { Redis } from 'ioredis';

export type CheckResult = 'ok' | string;
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, CheckResult>;
}

/**
 * The check's answer, or an error after `ms`. The timer is cleared as soon as the check settles: left pending, it
 * kept the process alive for 2 s after every /healthz (a test file's Jest run did not exit one second after its end).
 */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs each named check with a time-out; any failure marks the whole report degraded. */
export async function runHealthChecks(checks: Record<string, () => Promise<unknown>>): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, CheckResult]> => {
      try {
        await withTimeout(check(), 2_000);
        return [name, 'ok'];
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)];
      }
    }),
  );
  return { status: entries.every(([, result]) => result === 'ok') ? 'ok' : 'degraded', checks: Object.fromEntries(entries) };
}

export const redisCheck = (redis: Redis) => async () => {
  if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
};
