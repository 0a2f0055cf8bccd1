import { describe, expect, it } from '@jest/globals';
import { reportJob } from '../jobs/report.job.js';
import { workerConnectionBudget } from './connection-budget.js';
import { loadEnvironment } from './environment.js';
import { queueConcurrencies, queueConcurrency } from './worker-concurrency.js';

const required = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/serpwise', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('the worker\'s concurrency per queue (issue 22 point 8)', () => {
  it('runs reports at most as many at once as the machine has cores, never more than WORKER_CONCURRENCY', () => {
    expect(loadEnvironment(required, { cores: 2 }).WORKER_REPORTS_CONCURRENCY).toBe(2);
    expect(loadEnvironment(required, { cores: 1 }).WORKER_REPORTS_CONCURRENCY).toBe(1);
    expect(loadEnvironment(required, { cores: 16 }).WORKER_REPORTS_CONCURRENCY).toBe(4);
    expect(loadEnvironment({ ...required, WORKER_CONCURRENCY: '12' }, { cores: 16 }).WORKER_REPORTS_CONCURRENCY).toBe(12);
    expect(loadEnvironment({ ...required, WORKER_CONCURRENCY: '1' }, { cores: 8 }).WORKER_REPORTS_CONCURRENCY).toBe(1);
    // A caller that does not say (the specs, a tool): one core.
    expect(loadEnvironment(required).WORKER_REPORTS_CONCURRENCY).toBe(1);
  });

  it('takes WORKER_REPORTS_CONCURRENCY as set, above the cores or WORKER_CONCURRENCY too, and refuses 0 or over 64', () => {
    expect(loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '6' }, { cores: 2 }).WORKER_REPORTS_CONCURRENCY).toBe(6);
    expect(loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '' }, { cores: 2 }).WORKER_REPORTS_CONCURRENCY).toBe(2);
    expect(() => loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '0' })).toThrow(/WORKER_REPORTS_CONCURRENCY/);
    expect(() => loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '65' })).toThrow(/WORKER_REPORTS_CONCURRENCY/);
  });

  it('gives the reports queue its own and every other queue WORKER_CONCURRENCY', () => {
    const environment = loadEnvironment({ ...required, WORKER_CONCURRENCY: '5' }, { cores: 2 });
    expect(queueConcurrency(environment, reportJob.queue)).toBe(2);
    expect(queueConcurrency(environment, 'imports')).toBe(5);
    expect(queueConcurrencies(environment, ['exports', 'reports', 'imports'])).toEqual({ exports: 1, reports: 2, imports: 5 });
  });

  it('streams exports on half the cores at once, at least one, never more than WORKER_CONCURRENCY (issue 27 point 2)', () => {
    expect(loadEnvironment(required, { cores: 2 }).WORKER_EXPORTS_CONCURRENCY).toBe(1);
    expect(loadEnvironment(required, { cores: 1 }).WORKER_EXPORTS_CONCURRENCY).toBe(1);
    expect(loadEnvironment(required, { cores: 5 }).WORKER_EXPORTS_CONCURRENCY).toBe(2);
    expect(loadEnvironment(required, { cores: 16 }).WORKER_EXPORTS_CONCURRENCY).toBe(4);
    expect(loadEnvironment({ ...required, WORKER_CONCURRENCY: '12' }, { cores: 16 }).WORKER_EXPORTS_CONCURRENCY).toBe(8);
    expect(loadEnvironment(required).WORKER_EXPORTS_CONCURRENCY).toBe(1);
    const set = loadEnvironment({ ...required, WORKER_EXPORTS_CONCURRENCY: '4' }, { cores: 2 });
    expect(set.WORKER_EXPORTS_CONCURRENCY).toBe(4);
    expect(queueConcurrency(set, 'exports')).toBe(4);
    expect(() => loadEnvironment({ ...required, WORKER_EXPORTS_CONCURRENCY: '0' })).toThrow(/WORKER_EXPORTS_CONCURRENCY/);
    expect(() => loadEnvironment({ ...required, WORKER_EXPORTS_CONCURRENCY: '65' })).toThrow(/WORKER_EXPORTS_CONCURRENCY/);
  });

  it('runs the worker at nice 10 unless WORKER_NICE says otherwise (0 to 19)', () => {
    expect(loadEnvironment(required).WORKER_NICE).toBe(10);
    expect(loadEnvironment({ ...required, WORKER_NICE: '0' }).WORKER_NICE).toBe(0);
    expect(() => loadEnvironment({ ...required, WORKER_NICE: '20' })).toThrow(/WORKER_NICE/);
    expect(() => loadEnvironment({ ...required, WORKER_NICE: '-5' })).toThrow(/WORKER_NICE/);
  });

  it('leaves the worker\'s connection budget to WORKER_CONCURRENCY: reports read through MikroORM\'s pool, not the job pool', () => {
    const fewReports = workerConnectionBudget(loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '1' }, { cores: 2 }));
    const manyReports = workerConnectionBudget(loadEnvironment({ ...required, WORKER_REPORTS_CONCURRENCY: '8' }, { cores: 2 }));
    expect(fewReports).toEqual({ pools: { orm: 10, jobs: 8, warehouse: 2 }, total: 20 });
    expect(manyReports).toEqual(fewReports);
  });

  it('gives CPU-heavy job work one thread fewer than the cores, at least one, or WORKER_CPU_THREADS as set (1 to 64)', () => {
    expect(loadEnvironment(required, { cores: 2 }).WORKER_CPU_THREADS).toBe(1);
    expect(loadEnvironment(required, { cores: 1 }).WORKER_CPU_THREADS).toBe(1);
    expect(loadEnvironment(required, { cores: 8 }).WORKER_CPU_THREADS).toBe(7);
    expect(loadEnvironment(required).WORKER_CPU_THREADS).toBe(1);
    expect(loadEnvironment({ ...required, WORKER_CPU_THREADS: '3' }, { cores: 2 }).WORKER_CPU_THREADS).toBe(3);
    expect(() => loadEnvironment({ ...required, WORKER_CPU_THREADS: '0' })).toThrow(/WORKER_CPU_THREADS/);
    expect(() => loadEnvironment({ ...required, WORKER_CPU_THREADS: '65' })).toThrow(/WORKER_CPU_THREADS/);
  });
});
