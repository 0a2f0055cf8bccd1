import { Counter, Histogram, type Registry } from 'prom-client';

/** Job counts and durations per queue and job name, exported on the worker's /metrics. */
export class JobMetrics {
  readonly finished: Counter<'queue' | 'name' | 'outcome'>;
  readonly duration: Histogram<'queue' | 'name'>;
  readonly wait: Histogram<'queue' | 'name'>;

  constructor(registry: Registry) {
    this.finished = new Counter({
      name: 'serpwise_jobs_finished_total',
      help: 'Job runs that reached an end, by outcome (completed, failed, retried, cancelled, superseded: fenced off by a later run of the same job)',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'serpwise_job_duration_seconds',
      help: 'Run time of one job attempt',
      labelNames: ['queue', 'name'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
      registers: [registry],
    });
    this.wait = new Histogram({
      name: 'serpwise_job_wait_seconds',
      help: 'Time from a job being added to a worker starting it',
      labelNames: ['queue', 'name'],
      buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600],
      registers: [registry],
    });
  }
}
