// @ts-check
/**
 * The exports bench's slowest table kinds (issue 27 point 4): besides the backlinks table of its own slice, a CSV
 * export of the SEO keywords with their ranking history (`seo/ranking-history`: 12 months of positions a keyword,
 * added batch by batch) and of the ad history (`ppc/ad-history`, 12 months: each row's months and ad texts, added
 * batch by batch on a page) — each against psql `\copy` of the statement the worker streams (export-anchor.mjs: the
 * table's every-row statement, which computes the history and the ads in it, so psql writes the same rows and
 * columns as the file; scoped to the bench user; the worker's settings).
 * These tables need the bench market (organic ranks and ads over months), which the bench's own slice has not, so
 * this part runs its own built backend and worker on the database `marketUrl` names and exports the largest subject
 * there a full plan may export whole (≤ `maxRows` rows). Once the market holds giant subjects (issue 27 point 1),
 * the figure grows with them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { fullUserClient, removeBenchUser, startBackend } from './backend.mjs';
import { exportAnchorSql, psqlCopyMs, userIdOf } from './export-anchor.mjs';
import { reportFigure } from './figures.mjs';
import { cleanRedis } from './redis-keys.mjs';
import { ms, percentile } from './stats.mjs';

const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));
const wallNow = () => performance.timeOrigin + performance.now();
const limit = 1.5;

/**
 * @param {{ marketUrl: string, redisUrl: string, dataDir: string, rounds: number, maxRows: number, log: (line: string) => void }} options
 * @returns {Promise<string[]>} the targets missed
 */
export async function marketTableExports({ marketUrl, redisUrl, dataDir, rounds, maxRows, log }) {
  mkdirSync(dataDir, { recursive: true });
  const pool = new pg.Pool({ connectionString: marketUrl, max: 2 });
  const backend = await startBackend({ databaseUrl: marketUrl, redisUrl, worker: true, dataDir });
  const misses = [];
  /** @type {string | null} */
  let email = null;
  try {
    const client = await fullUserClient(backend.baseUrl, marketUrl);
    email = client.email;
    await client.open('/');
    const subjects = await largestSubjects(pool, maxRows);
    const tables = [
      { table: 'seo/ranking-history', label: 'SEO keywords with ranking history', params: { domain: subjects.organic, countryCode: 'US' } },
      { table: 'ppc/ad-history', label: 'ad history (12 months)', params: { query: subjects.paid, countryCode: 'US', months: 12 } },
    ];
    const userId = await userIdOf(pool, client.email);
    for (const { table, label, params } of tables) {
      const copySql = await exportAnchorSql(pool, table, params, userId);
      if (!copySql) throw new Error(`${table} has no rows for ${JSON.stringify(params)} in the market`);
      const copyFile = join(dataDir, 'psql-copy.csv');
      const psqlCopy = () => psqlCopyMs(marketUrl, copySql, copyFile);
      /** POST /rest/exports → the worker's job_record.finished_at (PostgreSQL's clock, the same machine's). */
      const exportOnce = async () => {
        const started = wallNow();
        const response = await client.request('POST', '/rest/exports', { 'x-csrf-token': client.csrfToken }, { table, params, format: 'csv', scope: 'full' });
        if (response.status !== 202) throw new Error(`POST /rest/exports (${table}) answered ${response.status}: ${await response.text()}`);
        const { id } = /** @type {{ id: string }} */ (await response.json());
        for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(25)) {
          const { rows } = await pool.query(`select state, error, result, extract(epoch from finished_at)::float8 * 1000 as finished from job_record where id = $1`, [id]);
          const job = rows[0];
          if (!job || !['completed', 'failed', 'cancelled'].includes(job.state)) continue;
          if (job.state !== 'completed') throw new Error(`export of ${table} ended ${job.state}: ${job.error}`);
          return { elapsed: Number(job.finished) - started, rows: Number(job.result?.rows) };
        }
        throw new Error(`export of ${table} did not end within 10 minutes`);
      };
      await exportOnce(); // warm-up, both sides
      await psqlCopy();
      const ours = [];
      const theirs = [];
      let rows = 0;
      for (let round = 0; round < rounds; round += 1) {
        theirs.push(await psqlCopy());
        const done = await exportOnce();
        ours.push(done.elapsed);
        rows = done.rows;
      }
      const ratio = percentile(ours, 50) / percentile(theirs, 50);
      const name = `CSV export of ${label}, ${rows.toLocaleString('en-US')} rows (${table} of ${table.startsWith('seo') ? subjects.organic : subjects.paid}) / psql \\copy`;
      log(`${name}: ${ms(percentile(ours, 50))} = ${ratio.toFixed(2)}× psql \\copy (${ms(percentile(theirs, 50))}); target ≤ ${limit}× → ${ratio <= limit ? 'meets' : 'MISSES'}`);
      log(`  runs ${ours.map(ms).join(', ')}; psql \\copy runs ${theirs.map(ms).join(', ')}`);
      if (!reportFigure(log, `CSV export of ${label} / psql \\copy (${rows.toLocaleString('en-US')} rows)`, ratio, '×', { op: '≤', limit })) misses.push(`${label}: CSV ≤ ${limit}× psql \\copy`);
    }
    return misses;
  } finally {
    await backend.stop();
    // The market is left as it was: the bench's account and its export jobs go.
    if (email) await removeBenchUser(pool, email).catch((error) => log(`could not remove the bench's account ${email}: ${error.message}`));
    await pool.end();
    // Its queues' keys (the backend's own prefix) go with it.
    await cleanRedis(redisUrl, `${backend.prefix}:*`);
  }
}

/**
 * The market's largest domains by organic and by paid keywords in the latest US month that a full plan may export
 * whole (at most `maxRows` rows).
 * @param {pg.Pool} pool @param {number} maxRows
 */
async function largestSubjects(pool, maxRows) {
  const largest = async (/** @type {string} */ column) => {
    const { rows } = await pool.query(
      `select d.name from domain_month m join domain d on d.id = m.domain_id
        where m.territory = 'US' and m.month = (select max(month) from domain_month where territory = 'US') and m.${column} between 1 and $1
        order by m.${column} desc limit 1`,
      [maxRows],
    );
    if (!rows[0]) throw new Error(`no domain with ${column} in the database: load the bench market there (npm run bench:data)`);
    return String(rows[0].name);
  };
  return { organic: await largest('organic_keywords'), paid: await largest('paid_keywords') };
}
