import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import type { StalledJobInfo, WorkerHeartbeat } from '@serpwise/contracts';

/** Redis key of one worker's heartbeat; it expires when the worker stops beating. */
export const workerHeartbeatKey = (prefix: string, id: string) => `${prefix}:workers:${id}`;
const heartbeatPattern = (prefix: string) => `${prefix}:workers:*`;

export const heartbeatEveryMs = 5_000;
const heartbeatTtlSeconds = 20;

/** The jobs a worker process is running now, for its heartbeat. */
export type CurrentJobs = () => WorkerHeartbeat['currentJobs'];

/**
 * Beats every 5 s: host, pid, concurrency, queues, start time, memory and the jobs running now of this worker
 * process, under a key with a 20 s TTL.
 */
export class WorkerHeartbeats {
  private timer: NodeJS.Timeout | null = null;
  private readonly id = `${hostname()}:${process.pid}`;
  private readonly startedAt = new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly info: { concurrency: number; queueConcurrency?: Record<string, number>; queues: string[]; currentJobs?: CurrentJobs },
  ) {}

  async beat(): Promise<void> {
    const heartbeat: WorkerHeartbeat = {
      id: this.id,
      host: hostname(),
      pid: process.pid,
      concurrency: this.info.concurrency,
      queueConcurrency: this.info.queueConcurrency ?? null,
      queues: this.info.queues,
      lastHeartbeat: new Date().toISOString(),
      startedAt: this.startedAt,
      rssBytes: process.memoryUsage.rss(),
      heapUsedBytes: process.memoryUsage().heapUsed,
      currentJobs: this.info.currentJobs?.() ?? [],
    };
    await this.redis.set(workerHeartbeatKey(this.prefix, this.id), JSON.stringify(heartbeat), 'EX', heartbeatTtlSeconds);
  }

  start(): void {
    void this.beat().catch(() => undefined);
    this.timer = setInterval(() => void this.beat().catch(() => undefined), heartbeatEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.del(workerHeartbeatKey(this.prefix, this.id)).catch(() => undefined);
  }
}

/** A heartbeat of an older worker (before issue 23) lacks the newer fields: unknown, so null, not 0. */
const withUnknowns = (beat: Partial<WorkerHeartbeat>): WorkerHeartbeat =>
  ({ ...beat, queueConcurrency: beat.queueConcurrency ?? null, startedAt: beat.startedAt ?? null, rssBytes: beat.rssBytes ?? null, heapUsedBytes: beat.heapUsedBytes ?? null, currentJobs: beat.currentJobs ?? [] }) as WorkerHeartbeat;

/** Every live heartbeat, newest first. */
export async function readWorkerHeartbeats(redis: Redis, prefix: string): Promise<WorkerHeartbeat[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', heartbeatPattern(prefix), 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (!keys.length) return [];
  const values = await redis.mget(...keys);
  return values
    .filter((value): value is string => value !== null)
    .map((value) => withUnknowns(JSON.parse(value) as Partial<WorkerHeartbeat>))
    .sort((a, b) => b.lastHeartbeat.localeCompare(a.lastHeartbeat));
}

/** Where workers note the jobs they found stalled (newest first, the latest 200): the admin console lists them. */
export const stalledJobsKey = (prefix: string) => `${prefix}:stalled-jobs`;
const stalledKept = 200;

/** Notes a stalled job; only the worker whose stalled-check moved it hears BullMQ's 'stalled', so it is noted once. */
export async function noteStalledJob(redis: Redis, prefix: string, entry: { queue: string; id: string; name: string | null }): Promise<void> {
  await redis
    .multi()
    .lpush(stalledJobsKey(prefix), JSON.stringify({ ...entry, at: new Date().toISOString() }))
    .ltrim(stalledJobsKey(prefix), 0, stalledKept - 1)
    .exec();
}

export async function readStalledJobs(redis: Redis, prefix: string, limit = 50): Promise<StalledJobInfo[]> {
  const values = await redis.lrange(stalledJobsKey(prefix), 0, limit - 1);
  return values.map((value) => JSON.parse(value) as StalledJobInfo);
}
