import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobContract, JobPayload } from '@serpwise/contracts';
import { RedisUnavailableError } from '../redis/redis-connection.js';

export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, details: string) {
    super(`Invalid payload for job ${jobName}: ${details}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** The port services use to hand work to the workers. */
export abstract class JobQueue {
  /** Validates the payload against the contract and adds the job; jobId makes a repeated add a no-op. */
  abstract enqueue<C extends JobContract>(contract: C, payload: JobPayload<C>, options: { jobId: string }): Promise<void>;
  /** The BullMQ queue of that name, for the admin views and actions (issue 7). */
  abstract queue(name: string): Queue;
  abstract close(): Promise<void>;
}

/**
 * JobQueue on BullMQ: one Queue object per queue name, sharing one Redis connection. On a fail-fast connection (the
 * API's) an add while Redis is away throws RedisUnavailableError at once: BullMQ would otherwise wait for the
 * connection to be ready before it even tries.
 */
export class BullJobQueue extends JobQueue {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  async enqueue<C extends JobContract>(contract: C, payload: JobPayload<C>, options: { jobId: string }): Promise<void> {
    const parsed = contract.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(contract.name, parsed.error.message);
    if (this.connection.options.enableOfflineQueue === false && this.connection.status !== 'ready') {
      throw new RedisUnavailableError(`the connection is ${this.connection.status}`);
    }
    await this.queue(contract.queue).add(contract.name, parsed.data, {
      jobId: options.jobId,
      attempts: contract.attempts,
      backoff: { type: 'exponential', delay: 2_000 },
      // Finished jobs live on in PostgreSQL (job_record); Redis keeps a bounded tail for the admin views.
      removeOnComplete: { age: 24 * 3600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
    });
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const created = new Queue(name, { connection: this.connection, prefix: this.prefix });
      // Its connection errors are the connection's to report; a Queue whose start failed (Redis went away just then)
      // stays broken, so it is forgotten and the next call makes a new one.
      created.on('error', () => undefined);
      created.waitUntilReady().catch(() => {
        if (this.queues.get(name) === created) this.queues.delete(name);
        void created.close().catch(() => undefined);
      });
      queue = created;
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
