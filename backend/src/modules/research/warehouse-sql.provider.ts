import { EntityManager } from '@mikro-orm/postgresql';
import type { Provider } from '@nestjs/common';
import { sqlFromEntityManager, type Sql } from '@serpwise/research';

/** The research queries' database port, on MikroORM's connection pool. */
export const WAREHOUSE_SQL = Symbol('WAREHOUSE_SQL');
export type WarehouseSql = Sql;

export const warehouseSqlProvider: Provider = {
  provide: WAREHOUSE_SQL,
  inject: [EntityManager],
  useFactory: (em: EntityManager) => sqlFromEntityManager(em),
};
