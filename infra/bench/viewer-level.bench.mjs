// @ts-check
// `npm run bench -- viewer-level` (issue 18, "figures no worse than before"; docs/benchmarks.md, "Issue 18: before
// and after"). The probe of a signed-in viewer's level that every research request makes first (viewerLevelProbe,
// viewer-scope.ts), timed on the two ports the backend has for it:
//   MikroORM — em.execute, as the MikroORM research ports ran it until perf18: PostgreSQL plans it on every call;
//   prepared — the research pool (openWarehousePool), as a named statement: planned once per connection (now).
// On a scratch database (made and dropped on the server DATABASE_URL names) with the tiny demo market, a viewer who
// owns a keyword (level 'own', which is probed on every request) and whose account owner has a project (so the team
// check has rows to look at). BENCH_PROBE_CALLS (1,000) calls each, after BENCH_PROBE_WARMUP (200) each, alternated
// call by call, BENCH_PROBE_ROUNDS (2) times; p50 and p95 per round, and the prepared / MikroORM ratio (target: ≤ 1).
// Also prints PostgreSQL's own planning and execution time of one probe (explain analyze).
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@serpwise/database';
import { openWarehousePool, sqlFromEntityManager, toNumberedPlaceholders, viewerLevelProbe } from '@serpwise/research';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { reportFigure } from './lib/figures.mjs';
import { makeScratchMarket } from './lib/scratch-market.mjs';
import { ms, percentile } from './lib/stats.mjs';

const calls = Number(process.env.BENCH_PROBE_CALLS ?? 1_000);
const warmUp = Number(process.env.BENCH_PROBE_WARMUP ?? 200);
const rounds = Number(process.env.BENCH_PROBE_ROUNDS ?? 2);
const limit = 1;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/** The viewer and their account owner: a child account, a project of the owner, a keyword of the viewer's own. */
async function addViewer(/** @type {pg.Pool} */ pool) {
  const owner = randomUUID();
  const viewer = randomUUID();
  const user = `insert into app_user (id, email, password_hash, parent_user_id, created_at, updated_at) values ($1, $2, 'x', $3, now(), now())`;
  await pool.query(user, [owner, `owner-${owner}@bench.example`, null]);
  await pool.query(user, [viewer, `viewer-${viewer}@bench.example`, owner]);
  const { rows: [domain] } = await pool.query('select d.name from domain_month m join domain d on d.id = m.domain_id order by m.organic_keywords desc limit 1');
  await pool.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, 'Bench', $3, 'US', now(), now())`,
    [randomUUID(), owner, domain.name]);
  await pool.query(`insert into owned_keyword (owner_user_id, keyword_id, month, source_id, volume)
    select $1, k.id, date_trunc('month', now())::date, (select min(id) from data_source), 100 from keyword k order by k.id limit 1`, [viewer]);
  return viewer;
}

/** @param {{ databaseUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, log }) {
  // A migrated scratch database with the tiny market, as the other benches make it (lib/scratch-market.mjs).
  const scratch = await makeScratchMarket(databaseUrl, 'viewer_level', 'tiny', log);
  const scratchUrl = scratch.url;
  const pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
  // An idle connection cut off by the drop at the end must not end the process.
  pool.on('error', () => undefined);
  /** @type {MikroORM | null} */
  let orm = null;
  /** @type {ReturnType<typeof openWarehousePool> | null} */
  let research = null;
  /** @type {string[]} */
  const misses = [];
  try {
    const viewer = await addViewer(pool);
    const params = [viewer, viewer, viewer];

    orm = await MikroORM.init(createOrmConfig({ databaseUrl: scratchUrl }));
    const onMikroOrm = sqlFromEntityManager(orm.em.fork());
    research = openWarehousePool(scratchUrl);
    const prepared = research.sql;
    const [answer] = await prepared.query(viewerLevelProbe.text, params, viewerLevelProbe.name);
    log(`the probe answers ${JSON.stringify(answer)} (the viewer owns a keyword: level 'own', probed on every request)`);

    const explain = await pool.query(`explain (analyze, summary, format json) ${toNumberedPlaceholders(viewerLevelProbe.text)}`, params);
    const plan = explain.rows[0]['QUERY PLAN'][0];
    log(`PostgreSQL, one unprepared probe: planning ${ms(plan['Planning Time'])}, execution ${ms(plan['Execution Time'])}`);

    const time = async (/** @type {() => Promise<unknown>} */ call) => {
      const started = performance.now();
      await call();
      return performance.now() - started;
    };
    const onOrm = () => onMikroOrm.query(viewerLevelProbe.text, params);
    const onPool = () => prepared.query(viewerLevelProbe.text, params, viewerLevelProbe.name);
    for (let index = 0; index < warmUp; index += 1) {
      await onOrm();
      await onPool();
    }
    log(`${calls} calls each after ${warmUp} warm-up, alternated call by call; load average ${load()}`);
    for (let round = 1; round <= rounds; round += 1) {
      /** @type {number[]} */
      const orm = [];
      /** @type {number[]} */
      const pool = [];
      for (let index = 0; index < calls; index += 1) {
        // Who goes first turns every call.
        if (index % 2 === 0) {
          orm.push(await time(onOrm));
          pool.push(await time(onPool));
        } else {
          pool.push(await time(onPool));
          orm.push(await time(onOrm));
        }
      }
      const [ormP50, ormP95, poolP50, poolP95] = [percentile(orm, 50), percentile(orm, 95), percentile(pool, 50), percentile(pool, 95)];
      log(`round ${round}: MikroORM p50 ${ms(ormP50)} p95 ${ms(ormP95)}; prepared p50 ${ms(poolP50)} p95 ${ms(poolP95)}; ` +
        `prepared / MikroORM p50 ${(poolP50 / ormP50).toFixed(2)}×, p95 ${(poolP95 / ormP95).toFixed(2)}×; load average ${load()}`);
      reportFigure(log, `viewer-level probe, prepared / MikroORM p50, round ${round}`, poolP50 / ormP50, '×', { op: '≤', limit });
      if (poolP50 / ormP50 > limit) misses.push(`round ${round}: the prepared probe's p50 is ${(poolP50 / ormP50).toFixed(2)}× MikroORM's`);
    }
  } finally {
    await research?.close();
    await orm?.close(true);
    await pool.end();
    await scratch.drop();
  }
  return { misses };
}
