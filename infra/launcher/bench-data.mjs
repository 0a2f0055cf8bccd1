// @ts-check
// `npm run bench:data`: replaces the research warehouse with the `bench` demo market (over 10 million organic
// rank rows) in the database DATABASE_URL names, or the one `npm start` would use. Migrates first.
// `npm run bench:data -- --giant` adds the giant subjects (docs/research-data.md, "Giant subjects").
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, handOverToProjectNode } from './bootstrap.mjs';
import { entryPoints, root } from './paths.mjs';

ensureDependencies(root);
if (!handOverToProjectNode(root, fileURLToPath(import.meta.url))) {
  const { build } = await import('./run.mjs');
  const { resolvePostgres } = await import('./postgres.mjs');
  const { runStep } = await import('./processes.mjs');
  await build();
  const postgres = await resolvePostgres({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(root, process.env.DATA_DIR ?? '.data'), log: console.log });
  try {
    const env = { ...process.env, DATABASE_URL: postgres.url };
    console.log((await runStep(process.execPath, [entryPoints.migrate], { cwd: root, env, label: 'Migration' })).trim());
    await runStep(process.execPath, [entryPoints.loadDemoMarket, '--size', 'bench', '--replace', ...(process.argv.includes('--giant') ? ['--giant'] : [])], {
      cwd: root,
      env,
      label: 'Loading the bench data',
      onLine: (line) => console.log(line),
    });
  } finally {
    await postgres.stop();
  }
}
