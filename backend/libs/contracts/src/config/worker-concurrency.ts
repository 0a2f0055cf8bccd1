import { exportJob } from '../jobs/export.job.js';
import { reportJob } from '../jobs/report.job.js';

/**
 * How many jobs one worker runs at once, queue by queue (issue 22 point 8).
 *
 * Reports have their own setting because drawing one is CPU work (on the worker's CPU pool, defaultCpuThreads), with
 * its research reads in PostgreSQL on the other cores: more reports at once than the machine has cores do not finish the
 * burst sooner, they only stretch each one (measured on 2 cores: 4 at once, p95 1.0–1.4 s a delivery; 2 at once,
 * 0.59 s, the 100 deliveries no slower — docs/benchmarks.md). So unset it follows the cores, and never goes above
 * WORKER_CONCURRENCY, the most it ran before, since each report holds up to reportQueryConcurrency (4) connections
 * of MikroORM's pool (DATABASE_POOL_MAX) while it reads.
 */
export function defaultReportsConcurrency(workerConcurrency: number, host: { cores?: number }): number {
  const cores = Math.max(1, Math.floor(host.cores ?? 1));
  return Math.min(cores, workerConcurrency);
}

/**
 * How many exports one worker streams at once (issue 27 point 2). An export keeps about one core busy while it runs
 * (the worker parsing and writing its rows, PostgreSQL's COPY reading them), and holds a batch of rows and its
 * writer's buffers in memory. With 4 at once on 2 cores the research pages' first-page p95 rose 1.2–1.5× and the
 * worker's memory passed 470 MB (docs/benchmarks.md). So unset it is half the cores (at least one), never above
 * WORKER_CONCURRENCY: the other half stays for the research pages, and the exports past it wait in the queue — the
 * burst ends no later, since more exports than cores only take turns on them.
 */
export function defaultExportsConcurrency(workerConcurrency: number, host: { cores?: number }): number {
  const cores = Math.max(1, Math.floor(host.cores ?? 1));
  return Math.min(Math.max(1, Math.floor(cores / 2)), workerConcurrency);
}

/**
 * Threads for CPU-heavy job work off the worker's event loop (worker/src/cpu/cpu-pool.ts): one fewer than the cores,
 * since the event loop keeps one busy with every job's I/O, at least one. More threads than cores would only take
 * turns with the event loop they are there to keep free.
 */
export function defaultCpuThreads(host: { cores?: number }): number {
  const cores = Math.max(1, Math.floor(host.cores ?? 1));
  return Math.max(1, cores - 1);
}

type ConcurrencySettings = { WORKER_CONCURRENCY: number; WORKER_REPORTS_CONCURRENCY: number; WORKER_EXPORTS_CONCURRENCY: number };

/** The concurrency of one queue of the worker: the reports' and the exports' own, every other queue WORKER_CONCURRENCY. */
export function queueConcurrency(environment: ConcurrencySettings, queue: string): number {
  if (queue === reportJob.queue) return environment.WORKER_REPORTS_CONCURRENCY;
  if (queue === exportJob.queue) return environment.WORKER_EXPORTS_CONCURRENCY;
  return environment.WORKER_CONCURRENCY;
}

/** Every queue's concurrency, for the worker's start log and its heartbeat (the admin console's workers). */
export function queueConcurrencies(environment: ConcurrencySettings, queues: readonly string[]): Record<string, number> {
  return Object.fromEntries(queues.map((queue) => [queue, queueConcurrency(environment, queue)]));
}
