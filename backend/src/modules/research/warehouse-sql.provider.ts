import { EntityManager } from '@mikro-orm/postgresql';
import type { Provider } from '@nestjs/common';
import { sqlFromEntityManager, viewerScopedSql, type Sql } from '@serpwise/research';
import { researchRequest, researchViewer } from './research-viewer.js';

/** The research queries' database port, on MikroORM's connection pool; it reads what the request's user may see. */
export const WAREHOUSE_SQL = Symbol('WAREHOUSE_SQL');
export type WarehouseSql = Sql;

export const warehouseSqlProvider: Provider = {
  provide: WAREHOUSE_SQL,
  inject: [EntityManager],
  useFactory: (em: EntityManager) => viewerScopedSql(sqlFromEntityManager(em), researchViewer, researchRequest),
};
