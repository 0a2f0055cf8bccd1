import type { AdminJobSummary, DurationPercentiles } from '@serpwise/contracts';
import type { Job } from 'bullmq';

/** Nearest-rank percentile of sorted values; null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function percentiles(values: readonly number[]): DurationPercentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export interface FinishedTimes {
  timestamp: number;
  processedOn?: number | undefined;
  finishedOn?: number | undefined;
}

/** Wait (queued → started) and run (started → finished) times of finished jobs, and how many ended in the last minute. */
export function finishedFigures(jobs: readonly FinishedTimes[], now: number) {
  const waits: number[] = [];
  const runs: number[] = [];
  let lastMinute = 0;
  for (const job of jobs) {
    if (job.processedOn) waits.push(Math.max(0, job.processedOn - job.timestamp));
    if (job.processedOn && job.finishedOn) runs.push(Math.max(0, job.finishedOn - job.processedOn));
    if (job.finishedOn && now - job.finishedOn <= 60_000) lastMinute += 1;
  }
  return { waitMs: percentiles(waits), runMs: percentiles(runs), throughputPerMinute: lastMinute };
}

const iso = (time: number | undefined) => (time ? new Date(time).toISOString() : null);

function percentOf(progress: unknown): number {
  if (typeof progress === 'number') return progress;
  if (progress && typeof progress === 'object' && 'percent' in progress && typeof progress.percent === 'number') return progress.percent;
  return 0;
}

export function summariseJob(job: Job, state: string): AdminJobSummary {
  return {
    id: job.id ?? '',
    name: job.name,
    state,
    percent: state === 'completed' ? 100 : percentOf(job.progress),
    attemptsMade: job.attemptsMade,
    createdAt: new Date(job.timestamp).toISOString(),
    processedAt: iso(job.processedOn),
    finishedAt: iso(job.finishedOn),
    failedReason: job.failedReason || null,
  };
}

/** How long a job record's run took, start to finish; null until both are known. */
export function recordDurationMs(record: { startedAt: string | null; finishedAt: string | null }): number | null {
  return record.startedAt && record.finishedAt ? Date.parse(record.finishedAt) - Date.parse(record.startedAt) : null;
}
