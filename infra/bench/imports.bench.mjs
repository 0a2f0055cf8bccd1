// @ts-check
/**
 * Issue 8 item 8: importing 1 million SERP rows ≤ 2× `psql \copy … FROM` of the same file.
 * Also prints how long deleting the import takes (no target).
 * Makes a scratch database on the server DATABASE_URL names (migrated, dropped at the end; the bench market is not
 * touched) and a 1,000,000-row SERP file (5,000 keywords × 20 positions × 10 days, 2,000 sites, 40,000 URLs).
 * - measured: the import as the import job runs it — the file streamed through the SERP parser into the warehouse
 *   writer (COPY into staging, new keywords/sites/pages, serp_observation by natural key, monthly organic_rank,
 *   roll-up), one transaction, from the first byte read to the commit.
 * - anchor: `psql -c "\copy … FROM"` of the same file into a table with the file's columns and the indexes the
 *   import maintains for a million rows (serp_observation's natural key, and the (url, day) and (territory, day)
 *   lookups organic_rank's indexes serve), timed by psql's own run; the best of two (before and after the import).
 */
import { createWarehouseSource, importParsers, landWarehouseRows, removeWarehouseSource } from '@serpwise/research';
import { runMigrations } from '@serpwise/database';
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { ratioLine } from './lib/stats.mjs';

const keywords = Number(process.env.BENCH_IMPORT_KEYWORDS ?? 5_000);
const positions = 20;
const days = 10;
const sites = 2_000;
const limit = 2;
/** An import always belongs to a user (the job's owner): their keywords, sites and pages carry the owner list. */
const importer = '00000000-0000-4000-8000-0000000be7c8';

const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'po', 'da', 'fe'];
const word = (/** @type {number} */ n) => {
  let text = '';
  for (let value = n + 12; value > 0; value = Math.floor(value / 12)) text += syllables[value % 12];
  return text;
};

/** Writes the SERP file: keyword, territory, date, position, url, title. */
async function writeFile(/** @type {string} */ path) {
  const out = createWriteStream(path);
  out.write('keyword,territory,date,position,url,title\n');
  let chunk = '';
  for (let day = 1; day <= days; day++) {
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    for (let k = 0; k < keywords; k++) {
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

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, log }) {
  const server = new URL(databaseUrl);
  const name = `serpwise_bench_imports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'serpwise-import-bench-'));
  const file = join(folder, 'serp-1m.csv');
  try {
    await runMigrations(url.toString());
    log(`writing ${(keywords * positions * days).toLocaleString('en-US')} SERP rows…`);
    await writeFile(file);
    log(`file: ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB`);

    const anchorBefore = psqlCopy(url.toString(), file);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let result;
    let sourceId = 0;
    const started = performance.now();
    try {
      await client.query('begin');
      const source = await createWarehouseSource(client, { kind: 'import', label: 'bench', ownerUserId: importer });
      sourceId = source.sourceId;
      const rows = (async function* () {
        for await (const item of importParsers.serp(createReadStream(file), { territory: 'US' }, 'serp-1m.csv')) {
          if (item.row) yield item.row;
          else throw new Error(`line ${item.line}: ${item.problem}`);
        }
      })();
      result = await landWarehouseRows(client, source, rows, { inTransaction: true, onStep: (step, milliseconds) => log(`  ${step}: ${milliseconds.toFixed(0)} ms`) });
      await client.query('commit');
    } finally {
      await client.end();
    }
    const imported = performance.now() - started;
    const anchorAfter = psqlCopy(url.toString(), file);
    // Deleting the import with everything it brought (DELETE /rest/imports/:id): printed, no target.
    const remover = new pg.Client({ connectionString: url.toString() });
    await remover.connect();
    const removalStarted = performance.now();
    try {
      const removed = await removeWarehouseSource(remover, sourceId);
      log(`deleting the import: ${(performance.now() - removalStarted).toFixed(0)} ms (${removed.observations.toLocaleString('en-US')} results, ${removed.keywords} keywords, ${removed.pages} pages, ${removed.domains} sites)`);
    } finally {
      await remover.end();
    }
    const anchor = Math.min(anchorBefore, anchorAfter);
    log(`landed ${result.landed.toLocaleString('en-US')} results, ${result.keywordsAdded} keywords, ${result.domainsAdded} sites, ${result.pagesAdded} pages, ${result.ranksAdded.toLocaleString('en-US')} monthly ranks`);
    log(`psql \\copy: ${anchorBefore.toFixed(0)} ms before, ${anchorAfter.toFixed(0)} ms after the import`);
    const line = ratioLine({ name: 'import 1 M SERP rows', measured: imported, anchor, anchorName: 'psql \\copy', limit });
    log(line);
    return { misses: imported / anchor <= limit ? [] : [line] };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
