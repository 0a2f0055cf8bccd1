import { EntityManager } from '@mikro-orm/postgresql';
import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { openWarehousePool, researchReadsApplicationName, sqlFromEntityManager, viewerScopedSql, type Sql, type WarehousePool } from '@serpwise/research';
import { ENVIRONMENT } from '@serpwise/platform';
import { PREPARED_WAREHOUSE_SQL, type PreparedWarehousePool } from './prepared-warehouse-sql.provider.js';
import { researchRequest, researchViewer } from './research-viewer.js';

/**
 * The research queries' database port; it reads what the request's user may see. With a read replica
 * (DATABASE_READ_URL) it reads there, on a node-postgres pool of its own (DATABASE_READ_POOL_MAX) that answers the
 * same value types as MikroORM; without one, on MikroORM's pool. Research pages read the warehouse only, so the
 * replica's lag (docs/deployment.md, "Read replicas") shows at most as figures a moment old.
 */
export const WAREHOUSE_SQL = Symbol('WAREHOUSE_SQL');
export type WarehouseSql = Sql;

/**
 * The same reads, always on the primary, for those that must see a write just made: a project's keywords with
 * their numbers (the keywords were added a moment ago), what a live-data fetch landed, an export's row count and a
 * report preview (the worker makes the file from the primary, so the count and the preview match it).
 */
export const PRIMARY_WAREHOUSE_SQL = Symbol('PRIMARY_WAREHOUSE_SQL');

/**
 * MikroORM on the primary. Its em.execute plans every statement anew, so the viewer's level (a named statement asked
 * once per request, viewer-scope.ts) is probed on the prepared research pool when that pool is on the primary too.
 */
const onPrimary = (em: EntityManager, prepared: PreparedWarehousePool): Sql =>
  viewerScopedSql(sqlFromEntityManager(em), researchViewer, researchRequest, prepared.primaryLevelSql ?? undefined, prepared.plainViewers ?? undefined);

/** Owns the replica's pool: opened with the module, closed on application shutdown (Nest calls the hook on a factory's value too). */
export class ReplicaWarehouseSql implements Sql, OnApplicationShutdown {
  private readonly pool: WarehousePool;
  private readonly sql: Sql;

  constructor(databaseReadUrl: string, max: number) {
    this.pool = openWarehousePool(databaseReadUrl, { max, applicationName: researchReadsApplicationName });
    this.sql = viewerScopedSql(this.pool.sql, researchViewer, researchRequest);
  }

  query<T extends object>(text: string, params?: readonly unknown[], name?: string): Promise<T[]> {
    return this.sql.query<T>(text, params, name);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}

export const warehouseSqlProvider: Provider = {
  provide: WAREHOUSE_SQL,
  inject: [EntityManager, ENVIRONMENT, PREPARED_WAREHOUSE_SQL],
  useFactory: (em: EntityManager, environment: Environment, prepared: PreparedWarehousePool): Sql =>
    environment.DATABASE_READ_URL ? new ReplicaWarehouseSql(environment.DATABASE_READ_URL, environment.DATABASE_READ_POOL_MAX) : onPrimary(em, prepared),
};

export const primaryWarehouseSqlProvider: Provider = { provide: PRIMARY_WAREHOUSE_SQL, inject: [EntityManager, PREPARED_WAREHOUSE_SQL], useFactory: onPrimary };
