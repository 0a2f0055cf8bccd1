// @ts-check
/**
 * Imports, speed and memory (issue 8 item 8, issue 19 item 7). Makes a scratch database on the server DATABASE_URL
 * names (migrated, dropped at the end; the bench market is not touched) and a SERP file of BENCH_IMPORT_ROWS rows
 * (default 1,000,000: keywords × 20 positions × 10 days, 2,000 sites, 20 pages each).
 * - the real path, target ≤ 1.5× the anchor: the file uploaded as a full user through `POST /rest/imports` (multipart,
 *   streamed from disk) to the built backend and landed by the built worker (its own process, as `npm start` runs
 *   them), from the first byte sent to the job's `finishedAt`;
 * - the writer alone, target ≤ 2× the anchor (issue 8): the file streamed through the SERP parser into the
 *   warehouse writer in this process, one transaction, from the first byte read to the commit (BENCH_IMPORT_WRITER=0
 *   skips it);
 * - anchor: `psql -c "\copy … FROM"` of the same file into a table with the file's columns and the indexes the
 *   import maintains for a million rows (serp_observation's natural key, and the (url, day) and (territory, day)
 *   lookups organic_rank's indexes serve), timed by psql's own run; the best of the runs before, between and after
 *   (the real path runs BENCH_IMPORT_PATH_ROUNDS times, default 3, and its best run is the figure);
 * - memory, targets API < 300 MB and worker < 500 MB resident: a larger file of the same shape, ~BENCH_IMPORT_MB
 *   (default 500) MB of new keywords, uploaded and landed the same way while both processes' peak resident memory
 *   is watched (VmHWM after clear_refs, and VmRSS sampled every 100 ms; /proc/<pid>/status).
 * Also prints how long deleting an import takes (the writer's removal, and the API's deletion job; no target).
 */
import { createWarehouseSource, importBatchParsers, landWarehouseRows, removeWarehouseSource } from '@serpwise/research';
import { runMigrations } from '@serpwise/database';
import { keepStringMethodsFast } from '@serpwise/platform';
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { fullUserClient, removeBenchUser, startBackend } from './lib/backend.mjs';
import { postMultipartFile } from './lib/multipart-upload.mjs';
import { cpuMs, watchPeakMemory } from './lib/process-memory.mjs';
import { reportFigure } from './lib/figures.mjs';
import { ratioLine } from './lib/stats.mjs';

const positions = 20;
const days = 10;
const sites = 2_000;
/** Keywords of the timed file: BENCH_IMPORT_ROWS rounded to whole keywords (20 positions × 10 days each). */
const keywords = Math.max(1, Math.round(Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000) / (positions * days)));
const memoryFileMb = Number(process.env.BENCH_IMPORT_MB ?? 500);
const writerLimit = 2;
const pathLimit = 1.5;
const apiLimitMb = 300;
const workerLimitMb = 500;
/** An import always belongs to a user (the job's owner): their keywords, sites and pages carry the owner list. */
const importer = '00000000-0000-4000-8000-0000000be7c8';

const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'po', 'da', 'fe'];
const word = (/** @type {number} */ n) => {
  let text = '';
  for (let value = n + 12; value > 0; value = Math.floor(value / 12)) text += syllables[value % 12];
  return text;
};

/** Writes the SERP file of `count` keywords from keyword number `first`: keyword, territory, date, position, url, title. */
async function writeFile(/** @type {string} */ path, count = keywords, first = 0) {
  const out = createWriteStream(path);
  out.write('keyword,territory,date,position,url,title\n');
  let chunk = '';
  for (let day = 1; day <= days; day++) {
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    for (let k = first; k < first + count; k++) {
      const term = `${word(k)} ${word(k * 7 + 3)} ${word(k % 97)}`;
      for (let position = 1; position <= positions; position++) {
        // Rankings move a little from day to day: the site at a position shifts with the day.
        const site = (k * 31 + position * 17 + (day % 3)) % sites;
        const page = (k + position) % 20;
        chunk += `${term},US,${date},${position},https://www.${word(site)}-${site}.example/p/${page},"${word(site)} — page ${page}, about ${term}"\n`;
      }
      if (chunk.length > 1 << 20) {
        if (!out.write(chunk)) await once(out, 'drain');
        chunk = '';
      }
    }
  }
  out.end(chunk);
  await once(out, 'close');
}

/** psql's own \copy of the file into the anchor table (fresh each time); milliseconds of the psql run. */
function psqlCopy(/** @type {string} */ url, /** @type {string} */ file) {
  const setup = `drop table if exists import_anchor;
    create table import_anchor (keyword text, territory varchar(2), observed_on date, position smallint, url text, title text);
    create unique index import_anchor_natural_key on import_anchor (keyword, territory, observed_on, position);
    create index import_anchor_url_day on import_anchor (url, observed_on);
    create index import_anchor_territory_day on import_anchor (territory, observed_on);`;
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', setup]);
  const started = performance.now();
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy import_anchor (keyword, territory, observed_on, position, url, title) from '${file}' with (format csv, header true)`]);
  return performance.now() - started;
}

/**
 * Vacuums what landing and removing an import leaves dead (a million results each time). A real installation's
 * autovacuum does it after such a removal; this machine's PostgreSQL runs with autovacuum off, and without it the
 * second `all` in a row removed an import in 138 s instead of 20 s (every probe of serp_observation read 8 million
 * dead rows), and later imports landed into the bloat too.
 */
function vacuumAfterRemoval(/** @type {string} */ url) {
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', 'vacuum (analyze) serp_observation, organic_rank, page, keyword, keyword_word, domain, domain_month']);
}

/**
 * The writer alone (issue 8's figure): the file through the SERP parser into the warehouse writer in this process,
 * one transaction; then the writer's removal of what it landed, so the real path below starts from the same empty
 * warehouse. Milliseconds of the import.
 * @param {string} url @param {string} file @param {(line: string) => void} log
 */
async function writerOnly(url, file, log) {
  // As the worker runs it: String.prototype in V8's fast mode though this process loaded ioredis (string-prototype.ts).
  keepStringMethodsFast();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await client.query('begin');
    const source = await createWarehouseSource(client, { kind: 'import', label: 'bench', ownerUserId: importer });
    // As the import job reads it: the parser's batches of records.
    const batches = (async function* () {
      for await (const batch of importBatchParsers.serp(createReadStream(file), { territory: 'US' }, 'serp.csv')) {
        yield batch.map((item) => {
          if (item.row) return item.row;
          throw new Error(`line ${item.line}: ${item.problem}`);
        });
      }
    })();
    const result = await landWarehouseRows(client, source, { batches }, { inTransaction: true, onStep: (step, milliseconds) => log(`  ${step}: ${milliseconds.toFixed(0)} ms`) });
    await client.query('commit');
    const imported = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    log(`writer alone: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU in this process (parsing and staging; the wall time's rest is PostgreSQL's)`);
    log(`writer alone: landed ${result.landed.toLocaleString('en-US')} results, ${result.keywordsAdded} keywords, ${result.domainsAdded} sites, ${result.pagesAdded} pages, ${result.ranksAdded.toLocaleString('en-US')} monthly ranks`);
    const removalStarted = performance.now();
    const removed = await removeWarehouseSource(client, source.sourceId);
    log(`writer's removal of the import: ${(performance.now() - removalStarted).toFixed(0)} ms (${removed.observations.toLocaleString('en-US')} results, ${removed.keywords} keywords, ${removed.pages} pages, ${removed.domains} sites)`);
    vacuumAfterRemoval(url);
    return imported;
  } finally {
    await client.end();
  }
}

const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * Uploads a SERP file through POST /rest/imports (streamed from disk, as a browser sends a file) and waits for the job
 * to finish; milliseconds from the first byte sent to the job's finishedAt (the worker's clock, the same machine's).
 * @param {import('./lib/backend.mjs').BenchClient} client @param {string} file
 */
async function importThroughApi(client, file) {
  const started = Date.now();
  const response = await postMultipartFile(`${client.baseUrl}/rest/imports`, { accept: 'application/json', cookie: client.cookie, 'x-csrf-token': client.csrfToken },
    { format: 'serp', territory: 'US' }, { path: file, field: 'file', type: 'text/csv', name: 'serp.csv' });
  if (response.status !== 202) throw new Error(`POST /rest/imports answered ${response.status}: ${response.body.slice(0, 300)}`);
  const uploaded = Date.now();
  const { id } = /** @type {{ id: string }} */ (JSON.parse(response.body));
  for (;;) {
    await sleep(100);
    const status = /** @type {import('@serpwise/contracts').ImportStatus} */ (await (await client.request('GET', `/rest/imports/${id}`)).json());
    if (!['completed', 'failed', 'cancelled'].includes(status.state)) continue;
    if (status.state !== 'completed') throw new Error(`import ${id} ended ${status.state}: ${status.error}`);
    const at = (/** @type {string | null} */ iso) => Date.parse(/** @type {string} */ (iso)) - started;
    // Where the time went: the upload (until the record exists), the queue (until the worker took it), the job.
    const split = `upload ${at(status.createdAt)} ms, queue ${at(status.startedAt) - at(status.createdAt)} ms, job ${at(status.finishedAt) - at(status.startedAt)} ms`;
    return { id, elapsed: at(status.finishedAt), uploadMs: uploaded - started, split, status };
  }
}

/**
 * Deletes an import through DELETE /rest/imports/:id (a job, issue 19 item 6) and waits for the job to end;
 * milliseconds from the request to the job's finished_at.
 * @param {import('./lib/backend.mjs').BenchClient} client @param {string} databaseUrl @param {string} id
 */
async function deleteThroughApi(client, databaseUrl, id) {
  const started = Date.now();
  const response = await client.request('DELETE', `/rest/imports/${id}`, { 'x-csrf-token': client.csrfToken });
  if (response.status !== 202) throw new Error(`DELETE /rest/imports/${id} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const deletion = /** @type {import('@serpwise/contracts').ImportDeletionStatus} */ (await response.json());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (;;) {
      await sleep(100);
      const { rows } = await pool.query('select state, finished_at, error from job_record where id = $1', [deletion.id]);
      const job = rows[0];
      if (!job || !['completed', 'failed', 'cancelled'].includes(job.state)) continue;
      if (job.state !== 'completed') throw new Error(`deleting import ${id} ended ${job.state}: ${job.error}`);
      return new Date(job.finished_at).getTime() - started;
    }
  } finally {
    await pool.end();
  }
}

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  // BENCH_IMPORT_INTO=market: into the database DATABASE_URL names (the loaded bench market: its indexes are what a
  // real installation's imports maintain); every import is deleted again at the end. Otherwise a scratch database.
  const intoMarket = process.env.BENCH_IMPORT_INTO === 'market';
  const name = `serpwise_bench_imports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  if (!intoMarket) await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  if (!intoMarket) url.pathname = `/${name}`;
  log(`into ${intoMarket ? `the database DATABASE_URL names (${url.pathname.slice(1)})` : 'a scratch database'}; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  /** @type {string[]} imports made through the API and not yet deleted */
  const left = [];
  /** @type {import('./lib/backend.mjs').BenchClient | null} */
  let apiClient = null;
  const folder = mkdtempSync(join(tmpdir(), 'serpwise-import-bench-'));
  const file = join(folder, 'serp.csv');
  /** @type {Awaited<ReturnType<typeof startBackend>> | null} */
  let backend = null;
  try {
    await runMigrations(url.toString());
    const rows = keywords * positions * days;
    log(`writing ${rows.toLocaleString('en-US')} SERP rows…`);
    await writeFile(file);
    const fileBytes = statSync(file).size;
    log(`file: ${(fileBytes / 1024 / 1024).toFixed(0)} MB`);
    const misses = [];

    const anchors = [psqlCopy(url.toString(), file)];
    if (process.env.BENCH_IMPORT_WRITER !== '0') {
      const imported = await writerOnly(url.toString(), file, log);
      anchors.push(psqlCopy(url.toString(), file));
      const line = ratioLine({ name: `writer alone, ${rows.toLocaleString('en-US')} SERP rows`, measured: imported, anchor: Math.min(...anchors), anchorName: 'psql \\copy', limit: writerLimit });
      log(line);
      reportFigure(log, `import writer alone, ${rows.toLocaleString('en-US')} SERP rows / psql \\copy FROM`, imported / Math.min(...anchors), '×', { op: '≤', limit: writerLimit });
      if (imported / Math.min(...anchors) > writerLimit) misses.push(line);
    }

    backend = await startBackend({ databaseUrl: url.toString(), redisUrl, worker: true, dataDir: join(folder, 'data') });
    const client = await fullUserClient(backend.baseUrl, url.toString());
    apiClient = client;
    await client.open('/'); // the signed-up session's own cross-site token
    // The real path as often as psql runs around it (BENCH_IMPORT_PATH_ROUNDS, default 3), each import deleted again
    // through the API: the best of its runs against the best of psql's, the same statistic on both sides (one run
    // of ours against psql's best read the machine's I/O swings as ours: 1.28× and 1.72× a day apart).
    const pathRounds = Math.max(1, Number(process.env.BENCH_IMPORT_PATH_ROUNDS ?? 3));
    /** @type {Awaited<ReturnType<typeof importThroughApi>>[]} */
    const runs = [];
    for (let round = 0; round < pathRounds; round += 1) {
      const workerCpu = cpuMs(/** @type {number} */ (backend.pids.worker));
      const timed = await importThroughApi(client, file);
      left.push(timed.id);
      const counts = timed.status.import;
      if (counts.rowsLanded !== rows) throw new Error(`the import landed ${counts.rowsLanded} of ${rows} rows`);
      log(`upload, queue and job, run ${round + 1}: ${counts.rowsLanded?.toLocaleString('en-US')} rows landed in ${timed.elapsed} ms (${timed.split}; the upload answered after ${timed.uploadMs} ms); worker ${(cpuMs(/** @type {number} */ (backend.pids.worker)) - workerCpu).toFixed(0)} ms CPU`);
      runs.push(timed);
      anchors.push(psqlCopy(url.toString(), file));
      // Deleting it through the API (a job): printed, no target; the next run, and the memory run, start from the same warehouse.
      log(`DELETE /rest/imports/:id → deletion job completed: ${(await deleteThroughApi(client, url.toString(), timed.id)).toLocaleString('en-US')} ms`);
      left.shift();
      vacuumAfterRemoval(url.toString());
    }
    const anchor = Math.min(...anchors);
    const best = Math.min(...runs.map((run) => run.elapsed));
    log(`psql \\copy: ${anchors.map((time) => time.toFixed(0)).join(' / ')} ms (before and after each run); ours: ${runs.map((run) => run.elapsed).join(' / ')} ms`);
    const pathLine = ratioLine({ name: `upload → job completed, ${rows.toLocaleString('en-US')} SERP rows (best of ${runs.length})`, measured: best, anchor, anchorName: 'psql \\copy (best)', limit: pathLimit });
    log(pathLine);
    reportFigure(log, `import upload → job completed, ${rows.toLocaleString('en-US')} SERP rows${intoMarket ? ' into the bench market' : ' into an empty database'} / psql \\copy FROM, best runs`, best / anchor, '×', { op: '≤', limit: pathLimit });
    if (best / anchor > pathLimit) misses.push(pathLine);

    // Memory: a larger file of new keywords, the same shape, uploaded and landed while both processes are watched.
    const bigKeywords = Math.max(1, Math.ceil((memoryFileMb * 1024 * 1024) / (fileBytes / keywords)));
    const bigFile = join(folder, 'serp-big.csv');
    await writeFile(bigFile, bigKeywords, keywords);
    rmSync(file);
    const bigRows = bigKeywords * positions * days;
    log(`memory file: ${(statSync(bigFile).size / 1024 / 1024).toFixed(0)} MB, ${bigRows.toLocaleString('en-US')} rows`);
    const pids = /** @type {{ backend: number, worker: number }} */ (backend.pids);
    const watch = watchPeakMemory({ api: pids.backend, worker: pids.worker });
    const big = await importThroughApi(client, bigFile);
    left.push(big.id);
    const memory = watch.stop();
    log(`large upload → job completed: ${big.elapsed.toLocaleString('en-US')} ms (${big.split}), ${big.status.import.rowsLanded?.toLocaleString('en-US')} rows landed`);
    for (const [processName, limitMb] of /** @type {const} */ ([['api', apiLimitMb], ['worker', workerLimitMb]])) {
      const { peakMb, sampledMb, startMb } = memory[processName];
      const line = `${processName} peak resident memory: ${peakMb.toFixed(0)} MB (VmHWM; highest 100 ms sample ${sampledMb.toFixed(0)} MB, ${startMb.toFixed(0)} MB before the upload); target < ${limitMb} MB → ${peakMb < limitMb ? 'meets' : 'MISSES'}`;
      log(line);
      reportFigure(log, `import of a ${memoryFileMb} MB file: ${processName === 'api' ? 'API' : 'worker'} peak resident memory`, peakMb, 'MB', { op: '<', limit: limitMb });
      if (!(peakMb < limitMb)) misses.push(line);
    }
    return { misses };
  } finally {
    if (intoMarket && apiClient) {
      for (const id of left) await deleteThroughApi(apiClient, url.toString(), id).catch((error) => log(`could not delete import ${id}: ${error.message}`));
      vacuumAfterRemoval(url.toString());
    }
    await backend?.stop();
    rmSync(folder, { recursive: true, force: true });
    if (intoMarket) {
      execFileSync('psql', [url.toString(), '-q', '-c', 'drop table if exists import_anchor']);
      // The market is left as it was: the bench's account (its imports are deleted above) and its jobs go.
      if (apiClient) await removeBenchUser(admin, apiClient.email).catch((error) => log(`could not remove the bench's account: ${error.message}`));
    } else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
