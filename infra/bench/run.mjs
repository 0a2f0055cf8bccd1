// @ts-check
// `npm run bench [-- <name>…]`: runs the benchmarks in this folder (every `<name>.bench.mjs`, or the named ones)
// against the database DATABASE_URL names, or the one `npm start` uses. Load the bench market first with
// `npm run bench:data`. Each benchmark prints its figures as ratios against the anchor its issue names.
// `npm run bench -- all`: every bench in turn (lib/all.mjs), each on the database it needs, and ONE table of every
// figure (the benches' `FIGURE` lines, lib/figures.mjs) with its target, verdict and the load average before and after
// each bench, written into docs/benchmarks.md between its markers; `all <name>…` prints that table for those only.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDependencies, handOverToProjectNode } from '../launcher/bootstrap.mjs';
import { root } from '../launcher/paths.mjs';

ensureDependencies(root);
if (!handOverToProjectNode(root, fileURLToPath(import.meta.url))) {
  const { build } = await import('../launcher/run.mjs');
  const { resolvePostgres } = await import('../launcher/postgres.mjs');
  const { resolveRedis } = await import('../launcher/redis.mjs');
  const { planRun, scratchBenches } = await import('./lib/all.mjs');
  const { settle, settleLine, settleNote } = await import('./lib/settle.mjs');
  const { withConnection } = await import('./lib/pg-connection.mjs');
  /** One statement on the server's maintenance connection (create or drop the scratch database). @param {string} url @param {string} sql */
  const adminQuery = (url, sql) => withConnection(url, (client) => client.query(sql));
  const { parseFigureLine, renderTable, replaceBetweenMarkers } = await import('./lib/figures.mjs');
  const here = dirname(fileURLToPath(import.meta.url));
  const available = readdirSync(here).filter((file) => file.endsWith('.bench.mjs')).map((file) => file.replace('.bench.mjs', ''));
  const { names, collect, writeDocs } = planRun(process.argv.slice(2), available);

  // The commit the figures belong to (taken before the run: `all` itself changes docs/benchmarks.md).
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const dirty = git(['status', '--porcelain', '--', '.', ':!docs/benchmarks.md']) !== '';
  const commit = `${git(['rev-parse', '--short=8', 'HEAD'])}${dirty ? ' + uncommitted changes' : ''}`;

  await build();
  const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
  const postgres = await resolvePostgres({ databaseUrl: process.env.DATABASE_URL, dataDir, log: console.log });
  const redis = await resolveRedis({ redisUrl: process.env.REDIS_URL, dataDir, log: console.log });
  /** @type {import('./lib/figures.mjs').BenchResult[]} */
  const results = [];
  const startedAt = new Date();
  // Under `all`, the benches that write into the database they are given share one scratch database (lib/all.mjs).
  const scratchName = `serpwise_bench_all_${Date.now().toString(36)}`;
  const scratchUrl = new URL(postgres.url);
  scratchUrl.pathname = `/${scratchName}`;
  const scratchUsed = collect && names.some((name) => scratchBenches.has(name));
  if (scratchUsed) await adminQuery(postgres.url, `create database "${scratchName}"`);
  // Under `all`, the import bench goes through upload, queue and job into the loaded market, and the export bench's
  // slowest tables are read from it (issue 27 point 4).
  if (collect) {
    process.env.BENCH_IMPORT_INTO ??= 'market';
    process.env.BENCH_EXPORT_MARKET_URL ??= postgres.url;
  }
  let failed = false;
  try {
    for (const name of names) {
      /** @type {import('./lib/figures.mjs').Figure[]} */
      const figures = [];
      const log = (/** @type {string} */ line) => {
        const item = parseFigureLine(line);
        if (item) figures.push(item);
        console.log(`[${name}] ${line}`);
      };
      // Under `all`, each bench starts on a quiet machine (lib/settle.mjs): not in the checkpoint, autovacuum or
      // exiting processes the bench before it left.
      /** @type {string | null} */
      let settled = null;
      if (collect) {
        try {
          const result = await withConnection(postgres.url, (client) => settle(client));
          log(settleLine(result));
          settled = settleNote(result);
        } catch (thrown) {
          log(`could not wait for a quiet machine: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
        }
      }
      const loadBefore = loadavg()[0];
      /** @type {string | null} */
      let error = null;
      try {
        const bench = await import(pathToFileURL(resolve(here, `${name}.bench.mjs`)).href);
        const databaseUrl = scratchUsed && scratchBenches.has(name) ? scratchUrl.toString() : postgres.url;
        const { misses } = await bench.run({ databaseUrl, redisUrl: redis.url, log });
        if (misses.length) {
          failed = true;
          log(`targets missed: ${misses.join('; ')}`);
        } else log('every target met');
      } catch (thrown) {
        // Alone, a bench that throws stops the run as before; under `all` the table says so and the next one runs.
        if (!collect) throw thrown;
        failed = true;
        error = thrown instanceof Error ? thrown.message : String(thrown);
        log(`did not finish: ${error}`);
      }
      results.push({ bench: name, figures, loadBefore, loadAfter: loadavg()[0], error, settled });
    }
  } finally {
    if (scratchUsed) await adminQuery(postgres.url, `drop database if exists "${scratchName}" with (force)`).catch((error) => console.log(`could not drop ${scratchName}: ${error.message}`));
    await redis.stop();
    await postgres.stop();
  }
  if (collect) {
    const table = renderTable({ results, startedAt, finishedAt: new Date(), commit, machine: `${cpus().length} cores, Node ${process.version}` });
    console.log(`\n${table}\n`);
    if (writeDocs) {
      const docs = resolve(root, 'docs/benchmarks.md');
      writeFileSync(docs, replaceBetweenMarkers(readFileSync(docs, 'utf8'), table));
      console.log('written into docs/benchmarks.md (between its bench-all markers)');
    }
  }
  // Exit outright: a bench that leaves a timer or socket behind must not keep the run (and the quiet machine it
  // holds) alive once the table is written.
  process.exit(failed ? 1 : 0);
}
