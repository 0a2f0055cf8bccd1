// @ts-check
// `npm run bench [-- <name>…]`: runs the benchmarks in this folder (every `<name>.bench.mjs`, or the named ones)
// against the database DATABASE_URL names, or the one `npm start` uses. Load the bench market first with
// `npm run bench:data`. Each benchmark prints its figures as ratios against the anchor its issue names.
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDependencies, handOverToProjectNode } from '../launcher/bootstrap.mjs';
import { root } from '../launcher/paths.mjs';

ensureDependencies(root);
if (!handOverToProjectNode(root, fileURLToPath(import.meta.url))) {
  const { build } = await import('../launcher/run.mjs');
  const { resolvePostgres } = await import('../launcher/postgres.mjs');
  const { resolveRedis } = await import('../launcher/redis.mjs');
  const here = dirname(fileURLToPath(import.meta.url));
  const available = readdirSync(here).filter((file) => file.endsWith('.bench.mjs')).map((file) => file.replace('.bench.mjs', ''));
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);

  await build();
  const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
  const postgres = await resolvePostgres({ databaseUrl: process.env.DATABASE_URL, dataDir, log: console.log });
  const redis = await resolveRedis({ redisUrl: process.env.REDIS_URL, dataDir, log: console.log });
  let failed = false;
  try {
    for (const name of wanted.length ? wanted : available) {
      const log = (/** @type {string} */ line) => console.log(`[${name}] ${line}`);
      const bench = await import(pathToFileURL(resolve(here, `${name}.bench.mjs`)).href);
      const { misses } = await bench.run({ databaseUrl: postgres.url, redisUrl: redis.url, log });
      if (misses.length) {
        failed = true;
        log(`targets missed: ${misses.join('; ')}`);
      } else log('every target met');
    }
  } finally {
    await redis.stop();
    await postgres.stop();
  }
  process.exitCode = failed ? 1 : 0;
}
