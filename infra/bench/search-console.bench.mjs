// @ts-check
/**
 * Search Console backfill (issue 20 point 6, second half): BENCH_GSC_MONTHS (16) months × BENCH_GSC_ROWS (5,000) rows
 * a day from a fake Google (searchAnalytics.query in the documented shape, paged by rowLimit/startRow) land — fetched,
 * kept day by day and landed month by month in the research data — at no less than 0.5× the speed of a
 * `psql \copy` of the same rows into a table like search_console_row (its columns and index): the backfill's time
 * (property picked → job completed) ≤ 2× psql's. Makes and drops a scratch database on the server DATABASE_URL
 * names; starts the built backend and worker pointed at the fake.
 */
import { runMigrations } from '@serpwise/database';
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { fullUserClient, startBackend } from './lib/backend.mjs';
import { cpuSplitLines, postmasterOf, startCpuMeter } from './lib/cpu-split.mjs';
import { withConnection } from './lib/pg-connection.mjs';
import { reportFigure } from './lib/figures.mjs';
import { ms, ratioLine } from './lib/stats.mjs';

const backfillMonths = Number(process.env.BENCH_GSC_MONTHS ?? 16);
const rowsPerDay = Number(process.env.BENCH_GSC_ROWS ?? 5_000);
const limit = 2;
const siteUrl = 'sc-domain:benchgsc.example';
const scope = 'https://www.googleapis.com/auth/webmasters.readonly';
const countries = ['usa', 'gbr', 'deu', 'ind', 'bgd'];
const devices = ['DESKTOP', 'MOBILE', 'TABLET'];

/** The `index`-th row of a day: [query, page, country, device, clicks, impressions, position]. @param {number} index */
function rowOf(index) {
  const impressions = 10 + (index % 500);
  return [`bench query ${index % 2_000} ${Math.floor(index / 2_000)}`, `https://benchgsc.example/page/${index % 700}`, countries[index % countries.length], devices[index % devices.length],
    Math.floor(impressions / 10), impressions, 1 + (index % 40) + 0.25];
}

/**
 * A fake Google: the token endpoint, sites.list and searchAnalytics.query, every day the same rows. Each answer's JSON
 * is written once (per dimensions and page) with a marker where the day goes, and sent with the day put in: Google
 * makes its answers on its own machines, so the fake, on this machine's two cores, should not spend longer making them than
 * Serpwise spends reading them.
 */
function startFake() {
  const rows = Array.from({ length: rowsPerDay }, (_, index) => rowOf(index));
  // A day no answer holds, and how it reads in JSON.
  const dayPlaceholder = '\u0000day\u0000';
  const dayMarker = JSON.stringify(dayPlaceholder);
  /** @type {Map<string, string[]>} the answer's text cut at the day, per dimensions, startRow and rowLimit */
  const answers = new Map();
  const answerOf = (/** @type {number} */ dimensions, /** @type {number} */ startRow, /** @type {number} */ rowLimit) => {
    const key = `${dimensions} ${startRow} ${rowLimit}`;
    let parts = answers.get(key);
    if (!parts) {
      const day = dayPlaceholder;
      const page = dimensions === 2
        ? (startRow > 0 ? [] : countries.map((country) => ({ keys: [day, country], clicks: 1_000, impressions: 20_000, ctr: 0.05, position: 8.5 })))
        : rows.slice(startRow, startRow + rowLimit).map(([query, url, country, device, clicks, impressions, position]) => ({
          keys: [query, url, day, country, device], clicks, impressions, ctr: Number(clicks) / Number(impressions), position,
        }));
      parts = JSON.stringify(page.length ? { rows: page, responseAggregationType: 'byPage' } : { responseAggregationType: 'byPage' }).split(dayMarker);
      answers.set(key, parts);
    }
    return parts;
  };
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const send = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (path === '/token') return send(200, { access_token: 'bench-access', refresh_token: 'bench-refresh', scope, token_type: 'Bearer', expires_in: 3599 });
    if (path === '/revoke') return send(200, {});
    if (path === '/webmasters/v3/sites') return send(200, { siteEntry: [{ siteUrl, permissionLevel: 'siteOwner' }] });
    if (!/searchAnalytics\/query$/.test(path)) return send(404, { error: { code: 404, message: 'Not Found' } });
    const body = JSON.parse(text);
    const rowLimit = Math.min(body.rowLimit ?? 1_000, 25_000);
    return send(200, answerOf(body.dimensions.length, body.startRow ?? 0, rowLimit).join(JSON.stringify(body.startDate)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    resolve({ baseUrl: `http://127.0.0.1:${address.port}`, stop: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done(undefined)); }) });
  }));
}

/** The days the backfill asks for (first day to yesterday), as the API picks the first day. @param {number} months */
function backfillDays(months) {
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate()));
  const yesterday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1);
  const days = [];
  for (let at = first.getTime(); at <= yesterday; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The same rows as the backfill keeps, as a text file for psql's \copy. @param {string} file @param {string[]} days */
async function writeAnchorFile(file, days) {
  const out = createWriteStream(file);
  const lines = Array.from({ length: rowsPerDay }, (_, index) => rowOf(index));
  for (const day of days) {
    const chunk = lines.map(([query, page, country, device, clicks, impressions, position]) => `1\t${day}\t${query}\t${page}\t${country}\t${device}\t${clicks}\t${impressions}\t${position}\n`).join('');
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

/**
 * A CHECKPOINT, before each timed side (psql's and the job's): each starts with the server's dirty pages written and
 * its WAL allowance whole, so neither pays for the writes of the side (or bench) before it. Each side writes about
 * 600 MB of WAL (printed); with `max_wal_size` at 1 GB, whichever side came after the most WAL paid a checkpoint:
 * without these, psql's two runs differed by 40 % within one run, and the figure by a third between runs.
 * Skipped (silently) for an account that may not checkpoint.
 * @param {string} url
 */
function checkpoint(url) {
  try {
    execFileSync('psql', [url, '-q', '-c', 'checkpoint'], { stdio: 'ignore' });
  } catch {
    // Neither superuser nor pg_checkpoint: both sides go without, alike.
  }
}

/** The server's WAL position now. @param {string} url */
const walPosition = (url) => execFileSync('psql', [url, '-Atqc', 'select pg_current_wal_lsn()'], { encoding: 'utf8' }).trim();

/** Megabytes of WAL written since `from` (a walPosition). @param {string} url @param {string} from */
const walSince = (url, from) => Number(execFileSync('psql', [url, '-Atqc', `select pg_wal_lsn_diff(pg_current_wal_lsn(), '${from}') / 1e6`], { encoding: 'utf8' }).trim());

/**
 * A fingerprint of a table's rows, whatever their order or property: the count and the sum of a hash of each row's
 * day, texts and figures. The job must keep exactly the rows psql copied (the answers are read from their bytes).
 * @param {string} table
 */
const rowsFingerprint = (table) => `select count(*) || ' rows, ' || sum(hashtextextended(concat_ws(E'\\t', day, query, page, country, device, clicks, impressions, position), 0)) as fingerprint from ${table}`;

/** psql's own \copy of the rows into a table like search_console_row (fresh each time): milliseconds and WAL megabytes, and the rows' fingerprint if asked. @param {string} url @param {string} file @param {boolean} [fingerprint] */
function psqlCopy(url, file, fingerprint = false) {
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `drop table if exists gsc_anchor; create table gsc_anchor (like search_console_row including defaults including indexes);`]);
  checkpoint(url);
  const wal = walPosition(url);
  const started = performance.now();
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy gsc_anchor (property_id, day, query, page, country, device, clicks, impressions, position) from '${file}'`]);
  const elapsed = performance.now() - started;
  const walMb = walSince(url, wal);
  const rows = fingerprint ? execFileSync('psql', [url, '-Atqc', rowsFingerprint('gsc_anchor')], { encoding: 'utf8' }).trim() : null;
  execFileSync('psql', [url, '-q', '-c', 'drop table gsc_anchor']);
  return { elapsed, walMb, rows };
}

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  const name = `serpwise_bench_gsc_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const scratch = await mkdtemp(join(tmpdir(), 'serpwise-bench-gsc-'));
  /** @type {any} */
  const fake = await startFake();
  /** @type {Awaited<ReturnType<typeof startBackend>> | null} */
  let backend = null;
  const misses = [];
  try {
    await runMigrations(url.toString());
    const days = backfillDays(backfillMonths);
    const total = days.length * rowsPerDay;
    log(`${backfillMonths} months (${days.length} days) × ${rowsPerDay.toLocaleString('en-US')} rows a day = ${total.toLocaleString('en-US')} rows; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
    const file = join(scratch, 'rows.tsv');
    await writeAnchorFile(file, days);
    const copies = [psqlCopy(url.toString(), file, true)];

    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: 'bench.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'bench-secret', GOOGLE_AUTH_URL: `${fake.baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: fake.baseUrl, GOOGLE_SEARCH_CONSOLE_BASE_URL: fake.baseUrl, SEARCH_CONSOLE_BACKFILL_MONTHS: String(backfillMonths),
      SEARCH_CONSOLE_ROW_LIMIT: '25000', SERPWISE_DEMO_DATA: 'off',
    });
    backend = await startBackend({ databaseUrl: url.toString(), redisUrl, worker: true });
    const client = await fullUserClient(backend.baseUrl, url.toString());
    await client.open('/'); // the signed-up session's own cross-site token
    const post = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
      const response = await client.request('POST', path, { 'x-csrf-token': client.csrfToken, 'content-type': 'application/json' }, body);
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    await post('/rest/search-console/connect', { code: 'bench-code' });
    const postmaster = await withConnection(url.toString(), postmasterOf);
    const processes = { API: backend.pids.backend, ...(backend.pids.worker ? { worker: backend.pids.worker } : {}) };
    checkpoint(url.toString());
    const jobWal = walPosition(url.toString());
    // Where the job's CPU goes (the fake Google is this bench's process): the figure for what to make faster next.
    const meter = await startCpuMeter({ processes, postgres: postmaster ? { postmaster, database: name } : null, redisUrl });
    const started = performance.now();
    const picked = await post('/rest/search-console/properties', { siteUrls: [siteUrl] });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    // pool.end() does not wait for its connections to close: the scratch database's drop (with force) at the end can
    // still end one, whose error would otherwise stop the whole process (and `npm run bench -- all` with it).
    pool.on('error', () => undefined);
    const jobId = picked.properties?.[0]?.lastSync?.id
      ?? (await pool.query(`select id from job_record where name = 'search-console.sync' order by created_at desc limit 1`)).rows[0]?.id;
    if (!jobId) throw new Error(`no backfill started: ${JSON.stringify(picked).slice(0, 300)}`);
    /** @type {{ state: string, error: string | null, started_at: Date | null, finished_at: Date | null, message: string }} */
    let record;
    try {
      for (;;) {
        [record] = (await pool.query('select state, error, started_at, finished_at, message from job_record where id = $1', [jobId])).rows;
        if (record && !['queued', 'active'].includes(record.state)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await pool.end();
    }
    const elapsed = performance.now() - started;
    const cpu = await meter.stop();
    const jobWalMb = walSince(url.toString(), jobWal);
    if (record.state !== 'completed') throw new Error(`the backfill ended ${record.state}: ${record.error}`);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const [kept] = (await check.query('select count(*)::int as n from search_console_row')).rows;
    const [landed] = (await check.query(`select count(*)::int as n from data_source where details->>'format' = 'gsc'`)).rows;
    const [{ fingerprint: keptRows }] = (await check.query(rowsFingerprint('search_console_row'))).rows;
    await check.end();
    if (kept.n !== total) throw new Error(`the backfill kept ${kept.n} rows of ${total}`);
    if (keptRows !== copies[0].rows) throw new Error(`the backfill kept other rows than psql copied: ${keptRows} against ${copies[0].rows}`);
    log(`kept ${kept.n.toLocaleString('en-US')} rows, the very rows psql copied (${keptRows}); ${landed.n} months landed`);
    copies.push(psqlCopy(url.toString(), file));
    const anchors = copies.map((copy) => copy.elapsed);
    const anchor = Math.min(...anchors);
    log(`the backfill's job: ${record.message}; in the job ${record.started_at && record.finished_at ? ms(record.finished_at.getTime() - record.started_at.getTime()) : '?'}`);
    log(`psql \\copy of the same rows: ${anchors.map((time) => time.toFixed(0)).join(' / ')} ms (before and after)`);
    for (const line of cpuSplitLines(cpu, Object.keys(processes), name).lines) log(line.replace('load generator (this bench)', 'this bench (the fake Google)'));
    log(`WAL written: the job ${jobWalMb.toFixed(0)} MB, psql ${copies.map((copy) => copy.walMb.toFixed(0)).join(' / ')} MB (each side after a checkpoint)`);
    const line = ratioLine({ name: `Search Console backfill, picked → completed, ${total.toLocaleString('en-US')} rows`, measured: elapsed, anchor, anchorName: 'psql \\copy', limit });
    log(`${line} (speed ${(anchor / elapsed).toFixed(2)}× psql's, target ≥ ${(1 / limit).toFixed(1)}×)`);
    reportFigure(log, `Search Console backfill of ${total.toLocaleString('en-US')} rows / psql \\copy`, elapsed / anchor, '×', { op: '≤', limit });
    if (elapsed / anchor > limit) misses.push(line);
    return { misses };
  } finally {
    await backend?.stop();
    await fake.stop();
    await rm(scratch, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}
