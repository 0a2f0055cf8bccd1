import { MikroORM } from '@mikro-orm/postgresql';
import type { Migrator } from '@mikro-orm/migrations';
import { createOrmConfig } from './orm.config.js';

/** Applies every pending migration. Run as its own step (launcher, compose `migrate` service), never at app start. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 2 }));
  try {
    const migrator = orm.migrator as Migrator;
    const applied = await migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
