import type { QueueAlertRuleKind, QueueAlertRules, WorkerHeartbeat } from '@serpwise/contracts';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** What the thresholds of one queue are checked against, read at one moment. */
export interface QueueReading {
  queue: string;
  /** Jobs waiting, a paused queue's included. */
  waiting: number;
  /** When the oldest waiting job was added (ms); null when none waits. */
  oldestWaitingAt: number | null;
  /** Jobs failed for good within the last `minutes` minutes of the failed threshold; null without that threshold. */
  failedRecently: number | null;
  /** The live workers that take this queue's jobs. */
  workers: WorkerHeartbeat[];
  now: number;
}

/** One threshold's verdict: crossed or not, and the sentence the alert (or its clearing) says. */
export interface RuleVerdict {
  rule: QueueAlertRuleKind;
  crossed: boolean;
  message: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const workerName = (worker: WorkerHeartbeat) => `${worker.host}:${worker.pid}`;

/**
 * Checks one queue against its thresholds. A threshold turned off reads as not crossed (an open alert of it clears);
 * a figure a worker does not report (an older worker's memory) never crosses one: unknown is not a breach.
 */
export function checkQueue(rules: QueueAlertRules, reading: QueueReading): RuleVerdict[] {
  const { queue } = reading;
  const verdicts: RuleVerdict[] = [];
  const off = (rule: QueueAlertRuleKind) => verdicts.push({ rule, crossed: false, message: `${queue}: the threshold was turned off.` });

  if (rules.failed && reading.failedRecently !== null) {
    const crossed = reading.failedRecently > rules.failed.count;
    const seen = `${plural(reading.failedRecently, 'job')} failed in the last ${plural(rules.failed.minutes, 'minute')}`;
    verdicts.push({ rule: 'failed', crossed, message: crossed ? `${queue}: ${seen} (threshold: more than ${rules.failed.count}).` : `${queue}: back within the threshold: ${seen}.` });
  } else off('failed');

  if (rules.waiting !== null) {
    const crossed = reading.waiting > rules.waiting;
    const seen = `${plural(reading.waiting, 'job')} waiting`;
    verdicts.push({ rule: 'waiting', crossed, message: crossed ? `${queue}: ${seen} (threshold: more than ${rules.waiting}).` : `${queue}: back within the threshold: ${seen}.` });
  } else off('waiting');

  if (rules.oldestWaitingMinutes !== null) {
    const waitedMinutes = reading.oldestWaitingAt === null ? null : Math.floor((reading.now - reading.oldestWaitingAt) / 60_000);
    const crossed = reading.oldestWaitingAt !== null && reading.now - reading.oldestWaitingAt > rules.oldestWaitingMinutes * 60_000;
    verdicts.push({
      rule: 'oldest-waiting',
      crossed,
      message: crossed
        ? `${queue}: the oldest waiting job has waited ${plural(waitedMinutes!, 'minute')} (threshold: ${plural(rules.oldestWaitingMinutes, 'minute')}).`
        : `${queue}: back within the threshold: ${waitedMinutes === null ? 'no job is waiting' : `the oldest waiting job has waited ${plural(waitedMinutes, 'minute')}`}.`,
    });
  } else off('oldest-waiting');

  if (rules.noWorker) {
    const crossed = reading.workers.length === 0;
    verdicts.push({
      rule: 'no-worker',
      crossed,
      message: crossed ? `${queue}: no live worker takes its jobs.` : `${queue}: a worker takes its jobs again (${reading.workers.map(workerName).join(', ')}).`,
    });
  } else off('no-worker');

  if (rules.workerMemoryMb !== null) {
    const limitBytes = rules.workerMemoryMb * 1_048_576;
    const over = reading.workers.filter((worker) => worker.rssBytes !== null && worker.rssBytes > limitBytes);
    verdicts.push({
      rule: 'worker-memory',
      crossed: over.length > 0,
      message: over.length
        ? `${queue}: ${over.map((worker) => `worker ${workerName(worker)} uses ${mb(worker.rssBytes!)} MB`).join(', ')} (threshold: ${rules.workerMemoryMb} MB).`
        : `${queue}: back within the threshold: every worker uses ${rules.workerMemoryMb} MB or less.`,
    });
  } else off('worker-memory');

  return verdicts;
}

/** Reads what checkQueue needs of one queue from BullMQ's keys and the workers' heartbeats. */
export async function readQueue(redis: Redis, queue: Queue, rules: QueueAlertRules, heartbeats: WorkerHeartbeat[], now: number): Promise<QueueReading> {
  const [counts, oldest, failedRecently] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized'),
    // The wait list is pushed on the left: its right end is the job that has waited longest.
    rules.oldestWaitingMinutes !== null ? queue.getJobs(['waiting', 'prioritized'], 0, 0, true) : Promise.resolve([]),
    rules.failed ? redis.zcount(queue.keys.failed!, now - rules.failed.minutes * 60_000, '+inf') : Promise.resolve(null),
  ]);
  const added = oldest.map((job) => job.timestamp).filter((time) => Number.isFinite(time));
  return {
    queue: queue.name,
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    oldestWaitingAt: added.length ? Math.min(...added) : null,
    failedRecently,
    workers: heartbeats.filter((worker) => worker.queues.includes(queue.name)),
    now,
  };
}
