import { MikroORM } from '@mikro-orm/postgresql';
import type { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import { createOrmConfig } from '../orm.config.js';

// Writes a migration with the difference between the entities and the database named by DATABASE_URL
// (migrate it first). The new file lands in src/migrations; add it to src/migrations/index.ts.
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/serpwise';
const target = fileURLToPath(new URL('../../src/migrations', import.meta.url));
const orm = await MikroORM.init(createOrmConfig({ databaseUrl }));
try {
  const migrator = orm.migrator as Migrator;
  const result = await migrator.create(target, false, false, process.argv[2]);
  if (!result.fileName) console.log('No changes: the database already matches the entities.');
  else console.log(`Wrote src/migrations/${result.fileName}\n${result.diff.up.join('\n')}`);
} finally {
  await orm.close(true);
}
