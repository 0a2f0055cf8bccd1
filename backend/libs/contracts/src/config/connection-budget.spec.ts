import { describe, expect, it } from '@jest/globals';
import { apiConnectionBudget, apiReplicaConnectionBudget, workerConnectionBudget } from './connection-budget.js';
import { loadEnvironment } from './environment.js';

const required = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/serpwise', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('the connection budget (issue 26 point 3)', () => {
  it('sums the default pools: 20 per API process (the viewer-level listener\'s one included), 20 per worker', () => {
    const environment = loadEnvironment(required);
    expect(apiConnectionBudget(environment)).toEqual({ pools: { orm: 10, research: 4, viewerLevels: 1, imports: 3, searchConsole: 2 }, total: 20 });
    expect(workerConnectionBudget(environment)).toEqual({ pools: { orm: 10, jobs: 8, warehouse: 2 }, total: 20 });
  });

  it('follows every pool setting, the job pool following WORKER_CONCURRENCY unless set', () => {
    const environment = loadEnvironment({
      ...required, DATABASE_POOL_MAX: '5', DATABASE_RESEARCH_POOL_MAX: '2', DATABASE_IMPORTS_POOL_MAX: '1', DATABASE_SEARCH_CONSOLE_POOL_MAX: '1',
      DATABASE_WAREHOUSE_POOL_MAX: '1', WORKER_CONCURRENCY: '3',
    });
    expect(apiConnectionBudget(environment).total).toBe(10);
    expect(workerConnectionBudget(environment)).toEqual({ pools: { orm: 5, jobs: 6, warehouse: 1 }, total: 12 });
    expect(workerConnectionBudget(loadEnvironment({ ...required, WORKER_CONCURRENCY: '3', DATABASE_JOB_POOL_MAX: '4' })).pools.jobs).toBe(4);
  });

  it('moves the research pools to the read replica when DATABASE_READ_URL is set (issue 26 point 4)', () => {
    expect(apiReplicaConnectionBudget(loadEnvironment(required))).toBeNull();
    const environment = loadEnvironment({ ...required, DATABASE_READ_URL: 'postgresql://postgres@replica:5432/serpwise', DATABASE_READ_POOL_MAX: '6' });
    expect(apiConnectionBudget(environment)).toEqual({ pools: { orm: 10, imports: 3, searchConsole: 2 }, total: 15 });
    expect(apiReplicaConnectionBudget(environment)).toEqual({ pools: { research: 4, researchReads: 6 }, total: 10 });
    expect(workerConnectionBudget(environment).total).toBe(20);
    expect(() => loadEnvironment({ ...required, DATABASE_READ_URL: 'mysql://replica/serpwise' })).toThrow(/DATABASE_READ_URL/);
  });

  it('takes the viewer-level listener\'s own URL, a postgres:// one, unset by default', () => {
    expect(loadEnvironment(required).DATABASE_LISTEN_URL).toBeUndefined();
    expect(loadEnvironment({ ...required, DATABASE_LISTEN_URL: 'postgresql://postgres@primary:5432/serpwise' }).DATABASE_LISTEN_URL).toBe('postgresql://postgres@primary:5432/serpwise');
    expect(() => loadEnvironment({ ...required, DATABASE_LISTEN_URL: 'http://primary/serpwise' })).toThrow(/DATABASE_LISTEN_URL must be a postgres:\/\/ URL/);
  });

  it('refuses a pool of none or of more than 200', () => {
    expect(() => loadEnvironment({ ...required, DATABASE_RESEARCH_POOL_MAX: '0' })).toThrow(/DATABASE_RESEARCH_POOL_MAX/);
    expect(() => loadEnvironment({ ...required, DATABASE_JOB_POOL_MAX: '500' })).toThrow(/DATABASE_JOB_POOL_MAX/);
  });
});
