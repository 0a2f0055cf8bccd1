import { runMigrations } from '../migrate.js';

// The migration step: `npm run migrate`, the launcher and the compose `migrate` service all end up here.
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is not set: the migration step needs to know which database to migrate.');
  process.exit(2);
}
try {
  const applied = await runMigrations(databaseUrl);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
