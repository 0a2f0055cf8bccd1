import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/**
 * A job whose worker process is gone — killed, out of memory, its container stopped — is handed on as soon as that
 * is known, not when its lock runs out (issue 21 item 4: a killed export resumes within seconds, not the lock time).
 *
 * How a process is known to be gone: each process names its queue connections `serpwise-worker-<queue>@<holder>`
 * (holder: host, pid and a random part), and records for each of its BullMQ workers `<worker id> → <holder>` in
 * Redis. A job's lock token is `<worker id>:<n>`, so the lock names its holder; when no connection of that holder is
 * open any more (CLIENT LIST) on two checks in a row, the process is gone: the kernel closed its sockets. Its lock is
 * then removed (only if it still holds the same token) and the job marked for BullMQ's own stalled check, which moves
 * it back to wait as for an expired lock (same stalled count, events and maxStalledCount).
 *
 * What it does not cover falls back to the lock: a machine that vanished without closing its sockets (power, a
 * network cut) keeps its connections listed until Redis or the kernel gives up on them; a frozen process (a long GC
 * pause, SIGSTOP) keeps them open too. A listing this process cannot find itself in (a proxy between the workers and
 * Redis, CLIENT refused) is not trusted: nothing is taken.
 */

/** What the check reads and changes in Redis; the queue's keys as BullMQ names them. */
export interface HolderCheckTarget {
  queue: string;
  /** Called after jobs of this queue were marked: runs BullMQ's stalled check now (Worker.startStalledCheckTimer). */
  checkStalledNow(): Promise<void>;
}

/** This process's name among the holders: unique per process, readable in CLIENT LIST. */
export const newHolderName = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** The Redis connection name of one queue's worker connections in a process (`@` then the holder). */
export const holderConnectionName = (queue: string, holder: string): string => `serpwise-worker-${queue}@${holder}`;

/** The holders with at least one connection open, from CLIENT LIST's text. */
export function liveHolders(clientList: string): Set<string> {
  const live = new Set<string>();
  for (const line of clientList.split('\n')) {
    const name = / name=serpwise-worker-[^@\s]*@(\S+)/.exec(line)?.[1];
    if (name) live.add(name);
  }
  return live;
}

/** The worker id a BullMQ lock token names (`<worker id>:<n>`), or null for a token not of that shape. */
export const workerIdOfToken = (token: string): string | null => {
  const at = token.lastIndexOf(':');
  return at > 0 ? token.slice(0, at) : null;
};

/**
 * Removes a lock only while it still holds the token that was read, and marks the job for the stalled check (in the
 * stalled set, the check's once-per-interval key cleared): BullMQ then treats it as a job whose lock ran out.
 */
const releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[3])
return 1`;

/** How long a worker id → holder record is kept; written again every minute, so it outlives its process by about this. */
const holderRecordSeconds = 3_600;

export class DeadHolders {
  /** Jobs whose holder was missing at the last check: `<queue>/<job id>` → the lock token then. */
  private suspects = new Map<string, string>();
  private registeredAt = 0;

  constructor(
    private readonly redis: Redis,
    /** BullMQ's key prefix (queueKeyPrefix). */
    private readonly prefix: string,
    readonly holder: string,
    private readonly workerIds: () => readonly string[],
  ) {}

  private holderKey = (workerId: string) => `${this.prefix}:holder:${workerId}`;

  /** Records (and keeps recorded) which holder this process's workers are. */
  async register(): Promise<void> {
    const ids = this.workerIds();
    if (ids.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.set(this.holderKey(id), this.holder, 'EX', holderRecordSeconds);
    await pipeline.exec();
  }

  /** Forgets this process's workers (a clean stop). */
  async unregister(): Promise<void> {
    const ids = this.workerIds();
    if (ids.length > 0) await this.redis.del(...ids.map(this.holderKey));
  }

  /** One check of every queue's active jobs; answers the jobs handed back. */
  async checkOnce(targets: readonly HolderCheckTarget[]): Promise<string[]> {
    // The records are kept an hour: written again once a minute, not at every check.
    if (Date.now() - this.registeredAt >= 60_000) {
      await this.register();
      this.registeredAt = Date.now();
    }
    // Every active job's lock token, read in one round trip.
    const actives = await Promise.all(targets.map((target) => this.redis.lrange(`${this.prefix}:${target.queue}:active`, 0, -1)));
    const jobs = targets.flatMap((target, index) => actives[index]!.map((id) => ({ target, id })));
    if (jobs.length === 0) {
      this.suspects.clear();
      return [];
    }
    const tokens = await Promise.all(jobs.map(({ target, id }) => this.redis.get(`${this.prefix}:${target.queue}:${id}:lock`)));
    const own = new Set(this.workerIds());
    const foreign = jobs
      .map((job, index) => ({ ...job, token: tokens[index] ?? null }))
      .map((job) => ({ ...job, workerId: job.token ? workerIdOfToken(job.token) : null }))
      .filter((job): job is typeof job & { token: string; workerId: string } => job.workerId !== null && !own.has(job.workerId));
    if (foreign.length === 0) {
      this.suspects.clear();
      return [];
    }
    const holders = await Promise.all(foreign.map((job) => this.redis.get(this.holderKey(job.workerId))));
    const known = foreign.map((job, index) => ({ ...job, holder: holders[index] })).filter((job): job is typeof job & { holder: string } => Boolean(job.holder));
    if (known.length === 0) {
      this.suspects.clear();
      return [];
    }
    const live = liveHolders(String(await this.redis.client('LIST')));
    // A listing without this process in it does not show every connection: no one is taken for dead on it.
    if (!live.has(this.holder)) return [];
    const missing = known.filter((job) => !live.has(job.holder));
    const previous = this.suspects;
    this.suspects = new Map(missing.map((job) => [`${job.target.queue}/${job.id}`, job.token]));
    // Missing twice in a row with the same lock: not a reconnect in progress (ioredis reconnects within ~200 ms).
    const gone = missing.filter((job) => previous.get(`${job.target.queue}/${job.id}`) === job.token);
    const released: string[] = [];
    const touched = new Set<HolderCheckTarget>();
    for (const job of gone) {
      const base = `${this.prefix}:${job.target.queue}`;
      const done = await this.redis.eval(releaseScript, 3, `${base}:${job.id}:lock`, `${base}:stalled`, `${base}:stalled-check`, job.token, job.id);
      if (Number(done) === 1) {
        released.push(job.id);
        touched.add(job.target);
        this.suspects.delete(`${job.target.queue}/${job.id}`);
      }
    }
    for (const target of touched) await target.checkStalledNow();
    return released;
  }
}
