import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { allEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

export interface DatabaseOptions {
  databaseUrl: string;
  poolMax?: number;
  debug?: boolean;
}

/** One MikroORM configuration for the backend, the worker, the migration step and the tests. */
export function createOrmConfig({ databaseUrl, poolMax = 10, debug = false }: DatabaseOptions): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: allEntities,
    extensions: [Migrator],
    pool: { min: 0, max: poolMax },
    debug,
    // Entities are listed explicitly and validated up front so a broken mapping fails at start, not mid-request.
    discovery: { warnWhenNoEntities: true },
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
