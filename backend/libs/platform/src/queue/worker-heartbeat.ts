import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import type { WorkerHeartbeat } from '@serpwise/contracts';

/** Redis key of one worker's heartbeat; it expires when the worker stops beating. */
export const workerHeartbeatKey = (prefix: string, id: string) => `${prefix}:workers:${id}`;
const heartbeatPattern = (prefix: string) => `${prefix}:workers:*`;

export const heartbeatEveryMs = 5_000;
const heartbeatTtlSeconds = 20;

/** Beats every 5 s: host, pid, concurrency and queues of this worker process, under a key with a 20 s TTL. */
export class WorkerHeartbeats {
  private timer: NodeJS.Timeout | null = null;
  private readonly id = `${hostname()}:${process.pid}`;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly info: { concurrency: number; queues: string[] },
  ) {}

  async beat(): Promise<void> {
    const heartbeat: WorkerHeartbeat = {
      id: this.id,
      host: hostname(),
      pid: process.pid,
      concurrency: this.info.concurrency,
      queues: this.info.queues,
      lastHeartbeat: new Date().toISOString(),
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
    .map((value) => JSON.parse(value) as WorkerHeartbeat)
    .sort((a, b) => b.lastHeartbeat.localeCompare(a.lastHeartbeat));
}
