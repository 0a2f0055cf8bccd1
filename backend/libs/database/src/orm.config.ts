import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { allEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

/** Names of organic_rank's monthly partitions (organic_rank_y2026m01) and its default partition. */
export const warehousePartitionPattern = /^organic_rank_(y\d{4}m\d{2}|default)$/;
/** Names of analytics_event's monthly partitions (analytics_event_y2026m12), created by the worker. */
export const analyticsPartitionPattern = /^analytics_event_y\d{4}m\d{2}$/;

export interface DatabaseOptions {
  databaseUrl: string;
  poolMax?: number;
  debug?: boolean;
  /** How the connections name themselves in pg_stat_activity (which process holds which connection). */
  applicationName?: string;
}

/** One MikroORM configuration for the backend, the worker, the migration step and the tests. */
export function createOrmConfig({ databaseUrl, poolMax = 10, debug = false, applicationName }: DatabaseOptions): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: allEntities,
    extensions: [Migrator],
    pool: { min: 0, max: poolMax },
    ...(applicationName ? { driverOptions: { application_name: applicationName } } : {}),
    debug,
    // Entities are listed explicitly and validated up front so a broken mapping fails at start, not mid-request.
    discovery: { warnWhenNoEntities: true },
    // The monthly partitions of organic_rank (the warehouse loader) and analytics_event (the worker) are not entities.
    schemaGenerator: { skipTables: [warehousePartitionPattern, analyticsPartitionPattern] },
    migrations: {
      tableName: 'mikro_orm_migrations',
      silent: true,
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
    },
  });
}
