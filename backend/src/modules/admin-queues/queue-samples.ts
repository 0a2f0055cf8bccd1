import type { QueueCounts, QueueSample } from '@serpwise/contracts';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { percentiles } from './queue-figures.js';

export const minuteMs = 60_000;
/** The console's charts: the last 24 hours. */
export const chartedMinutes = 24 * 60;
/** Finished jobs of one minute read for its latencies: enough for a steady percentile, bounded under a flood. */
const latencySampleSize = 500;

/** Redis key of one queue's per-minute samples: a sorted set scored by the minute's start (ms). */
export const queueSamplesKey = (prefix: string, queue: string) => `${prefix}:queue-samples:${queue}`;
/** Redis key that gives one process the right to sample one minute (SET NX). */
export const sampleClaimKey = (prefix: string, minuteStart: number) => `${prefix}:queue-samples:claim:${minuteStart}`;

export const minuteStartOf = (time: number) => Math.floor(time / minuteMs) * minuteMs;

interface FinishedTimes {
  timestamp: number | null;
  processedOn: number | null;
  finishedOn: number | null;
}

/**
 * One queue in one minute: its counts now, and over the jobs that finished in that minute (BullMQ keeps finished
 * jobs in sorted sets scored by their finish time) how many, and their wait and run p50/p95.
 */
export async function measureMinute(redis: Redis, queue: Queue, counts: QueueCounts, minuteStart: number): Promise<QueueSample> {
  const end = minuteStart + minuteMs - 1;
  const [completed, failed, ids] = await Promise.all([
    redis.zcount(queue.keys.completed!, minuteStart, end),
    redis.zcount(queue.keys.failed!, minuteStart, end),
    redis.zrangebyscore(queue.keys.completed!, minuteStart, end, 'LIMIT', 0, latencySampleSize),
  ]);
  const failedIds = await redis.zrangebyscore(queue.keys.failed!, minuteStart, end, 'LIMIT', 0, latencySampleSize);
  const pipeline = redis.pipeline();
  for (const id of [...ids, ...failedIds]) pipeline.hmget(queue.toKey(id), 'timestamp', 'processedOn', 'finishedOn');
  const replies = (await pipeline.exec()) ?? [];
  const times: FinishedTimes[] = replies.map(([, value]) => {
    const [timestamp, processedOn, finishedOn] = ((value as (string | null)[] | null) ?? []).map((field) => (field ? Number(field) : null));
    return { timestamp: timestamp ?? null, processedOn: processedOn ?? null, finishedOn: finishedOn ?? null };
  });
  const waits = times.flatMap((job) => (job.timestamp !== null && job.processedOn !== null ? [Math.max(0, job.processedOn - job.timestamp)] : []));
  const runs = times.flatMap((job) => (job.processedOn !== null && job.finishedOn !== null ? [Math.max(0, job.finishedOn - job.processedOn)] : []));
  const wait = percentiles(waits);
  const run = percentiles(runs);
  return {
    at: new Date(minuteStart).toISOString(),
    waiting: counts.waiting + counts.paused,
    active: counts.active,
    failed: counts.failed,
    delayed: counts.delayed,
    completed,
    failedInMinute: failed,
    waitP50: wait.p50,
    waitP95: wait.p95,
    runP50: run.p50,
    runP95: run.p95,
  };
}

/** Keeps one sample (the minute's start is its score) and drops those older than the retention. */
export async function storeSample(redis: Redis, prefix: string, queue: string, sample: QueueSample, retentionMs: number): Promise<void> {
  const score = Date.parse(sample.at);
  const key = queueSamplesKey(prefix, queue);
  await redis.multi().zremrangebyscore(key, score, score).zadd(key, score, JSON.stringify(sample)).zremrangebyscore(key, '-inf', `(${score - retentionMs}`).exec();
}

/** The samples of a queue between two times, oldest first. */
export async function readSamples(redis: Redis, prefix: string, queue: string, from: number, to: number): Promise<QueueSample[]> {
  const values = await redis.zrangebyscore(queueSamplesKey(prefix, queue), from, to);
  return values.map((value) => JSON.parse(value) as QueueSample);
}
