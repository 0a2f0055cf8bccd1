import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Environment, QueueSamplesAnswer } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { ENVIRONMENT, JobQueue, REDIS } from '@serpwise/platform';
import { adminQueueNames, countsOf } from './admin-queues.service.js';
import { chartedMinutes, measureMinute, minuteMs, minuteStartOf, readSamples, sampleClaimKey, storeSample } from './queue-samples.js';

/** A minute is sampled this long after it ends, so jobs that finished in its last moments are counted. */
const settleMs = 2_000;
/** The claim outlives any sampling run; it only has to stop a second process sampling the same minute. */
const claimTtlMs = 10 * minuteMs;

/**
 * The console's history (issue 23): once a minute every queue's counts, throughput and wait/run latency are kept as
 * one sample in Redis, pruned after QUEUE_SAMPLE_RETENTION_HOURS. Every API process runs the timer; a SET NX claim
 * per minute lets exactly one of them sample it, however many there are.
 */
@Injectable()
export class QueueSampler implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueSampler.name);
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly queues: JobQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  onModuleInit(): void {
    this.scheduleNext();
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    const now = Date.now();
    const wait = minuteStartOf(now) + minuteMs + settleMs - now;
    this.timer = setTimeout(() => {
      void this.sampleMinute(minuteStartOf(Date.now()) - minuteMs)
        .catch((error: unknown) => this.logger.warn(`queue sample failed: ${String(error)}`))
        .finally(() => this.scheduleNext());
    }, wait);
    this.timer.unref();
  }

  /** Samples the minute that starts at minuteStart, unless another process already claimed it; true when this one did. */
  async sampleMinute(minuteStart: number): Promise<boolean> {
    const prefix = this.environment.REDIS_PREFIX;
    const claimed = await this.redis.set(sampleClaimKey(prefix, minuteStart), `${hostname()}:${process.pid}`, 'PX', claimTtlMs, 'NX');
    if (claimed !== 'OK') return false;
    const retentionMs = this.environment.QUEUE_SAMPLE_RETENTION_HOURS * 3_600_000;
    for (const name of adminQueueNames()) {
      const queue = this.queues.queue(name);
      const [raw, paused] = await Promise.all([queue.getJobCounts('waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'), queue.isPaused()]);
      const sample = await measureMinute(this.redis, queue, countsOf(raw, paused), minuteStart);
      await storeSample(this.redis, prefix, name, sample, retentionMs);
    }
    return true;
  }

  /** The last 24 hours of samples of every queue. */
  async lastDay(now = Date.now()): Promise<QueueSamplesAnswer> {
    const to = minuteStartOf(now);
    const from = to - chartedMinutes * minuteMs;
    const entries = await Promise.all(adminQueueNames().map(async (name) => [name, await readSamples(this.redis, this.environment.REDIS_PREFIX, name, from, to)] as const));
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), queues: Object.fromEntries(entries) };
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
