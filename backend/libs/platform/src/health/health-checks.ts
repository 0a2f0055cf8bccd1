import type { Redis } from 'ioredis';

export type CheckResult = 'ok' | string;
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, CheckResult>;
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms))]);

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
