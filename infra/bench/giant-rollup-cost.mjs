// @ts-check
/**
 * Issue 27 point 1: what a landing into a giant's domain-month costs the SEO keywords roll-up (organicRollupSql in
 * @serpwise/research), step by step: the rebuild the warehouse writer runs for a changed domain-month (and the month
 * after it), here for the 1,000,000-keyword domain's newest month, in a transaction that is rolled back (the database
 * is left as it was). Each step's wall time and rows, RUNS times (default 2: the first reads cold pages).
 *   DATABASE_URL=… node infra/bench/giant-rollup-cost.mjs
 */
import { giantNames, organicRollupSql } from '@serpwise/research';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set.');
const runs = Number(process.env.RUNS ?? 2);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const { rows: [subject] } = await client.query(`select d.id, to_char(max(l.month), 'YYYY-MM-DD') as month from domain d
      join organic_rollup_month l on l.domain_id = d.id and l.territory = 'US' where d.name = $1 group by d.id`, [giantNames.domain]);
  if (!subject) throw new Error(`${giantNames.domain} is not rolled up here: load the giant subjects (npm run bench:data -- --giant).`);
  for (let run = 1; run <= runs; run++) {
    await client.query('begin');
    try {
      await client.query(`create temp table rollup_cost_changed on commit drop as select $1::int as domain_id, 'US'::varchar(2) as territory, $2::date as month`,
        [subject.id, subject.month]);
      let total = 0;
      process.stdout.write(`run ${run}: ${giantNames.domain} ${subject.month} (the landing's changed domain-month)\n`);
      for (const step of organicRollupSql([subject.month], { changed: { table: 'rollup_cost_changed' } })) {
        const started = performance.now();
        const result = await client.query(step.sql, step.params);
        const elapsed = performance.now() - started;
        total += elapsed;
        process.stdout.write(`  ${elapsed.toFixed(0).padStart(7)} ms  ${String(result.rowCount ?? 0).padStart(9)} rows  ${step.sql.replace(/\s+/g, ' ').slice(0, 90)}\n`);
      }
      process.stdout.write(`  ${total.toFixed(0).padStart(7)} ms  in all\n`);
    } finally {
      await client.query('rollback');
    }
  }
} finally {
  await client.end();
}
