// @ts-check
// `npm run migrate`: the one-shot migration step, against the database `npm start` would use.
import { resolve } from 'node:path';
import { entryPoints, root } from './paths.mjs';
import { resolvePostgres } from './postgres.mjs';
import { runStep } from './processes.mjs';

const postgres = await resolvePostgres({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(root, process.env.DATA_DIR ?? '.data'), log: console.log });
try {
  const output = await runStep(process.execPath, [entryPoints.migrate], { cwd: root, env: { ...process.env, DATABASE_URL: postgres.url }, label: 'Migration' });
  console.log(output.trim());
} finally {
  await postgres.stop();
}
