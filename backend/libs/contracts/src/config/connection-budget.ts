import type { Environment } from './environment.js';

/**
 * The PostgreSQL connections one process may hold at most, pool by pool (docs/deployment.md, "Connection budget").
 * The API and the worker open their pools with these sizes, so the documented sum is the one they use.
 */
export interface ConnectionBudget {
  pools: Record<string, number>;
  total: number;
}

const budgetOf = (pools: Record<string, number>): ConnectionBudget => ({ pools, total: Object.values(pools).reduce((sum, size) => sum + size, 0) });

/**
 * On the primary (DATABASE_URL). With a read replica the research pools are on it instead (apiReplicaConnectionBudget)
 * and nothing listens for viewer levels; without one, the listener's connection goes to DATABASE_LISTEN_URL, which is
 * PostgreSQL itself even where the pools go through PgBouncer.
 */
export function apiConnectionBudget(environment: Environment): ConnectionBudget {
  return budgetOf({
    orm: environment.DATABASE_POOL_MAX,
    ...(environment.DATABASE_READ_URL ? {} : { research: environment.DATABASE_RESEARCH_POOL_MAX, viewerLevels: 1 }),
    imports: environment.DATABASE_IMPORTS_POOL_MAX,
    searchConsole: environment.DATABASE_SEARCH_CONSOLE_POOL_MAX,
  });
}

/** On the read replica (DATABASE_READ_URL); null without one. */
export function apiReplicaConnectionBudget(environment: Environment): ConnectionBudget | null {
  if (!environment.DATABASE_READ_URL) return null;
  return budgetOf({ research: environment.DATABASE_RESEARCH_POOL_MAX, researchReads: environment.DATABASE_READ_POOL_MAX });
}

export function workerConnectionBudget(environment: Environment): ConnectionBudget {
  return budgetOf({
    orm: environment.DATABASE_POOL_MAX,
    jobs: environment.DATABASE_JOB_POOL_MAX,
    warehouse: environment.DATABASE_WAREHOUSE_POOL_MAX,
  });
}
