// @ts-check
/**
 * Issue 27 point 1: which research queries grow with the size of their subject. Runs every size-sensitive research
 * table of the giant subjects (`npm run bench:data -- --giant`, or a reduced copy: SERPWISE_GIANT_SCALE) as a visitor
 * would ask for it (the catalogue's prepare + the first page and its count), and prints each statement's
 * EXPLAIN (ANALYZE, BUFFERS) execution time and the wall time of the whole page (the better of 3 warm runs).
 *   DATABASE_URL=… node infra/bench/giant-explain.mjs [--plans]
 * Not a pass/fail bench: the budgets are checked by `npm run bench -- research`.
 */
import { domainOverview, domainOverviewSql, giantNames, kombatCounts, pageOf, prepareResearchTable, scopeToViewer, sqlFromPg, toNumberedPlaceholders, viewerScopedSql, withViewer } from '@serpwise/research';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set.');
const showPlans = process.argv.includes('--plans');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const base = sqlFromPg(pool);

/** @type {[string, string, Record<string, unknown>][]} label, table, params */
const cases = [
  ['competitors of the 1M domain', 'seo/competitors', { domain: giantNames.domain }],
  ['competitors of the 300k domain', 'seo/competitors', { domain: giantNames.sharer }],
  ['kombat 1M vs 300k', 'seo/kombat', { domains: `${giantNames.domain},${giantNames.sharer}` }],
  ['SEO keywords of the 1M domain', 'seo/keywords', { domain: giantNames.domain }],
  ['SEO keywords by volume', 'seo/keywords', { domain: giantNames.domain, sort: 'volume', sortDirection: 'desc' }],
  ['SEO keywords newlyranked', 'seo/keywords', { domain: giantNames.domain, type: 'newlyranked' }],
  ['ranking history', 'seo/ranking-history', { domain: giantNames.domain }],
  ['top pages', 'seo/top-pages', { domain: giantNames.domain }],
  ['backlinks of the 1M domain', 'seo/backlinks', { domain: giantNames.domain }],
  ['backlinks by anchor', 'seo/backlinks', { domain: giantNames.domain, sort: 'anchor', sortDirection: 'asc' }],
  ['custom list (backlink counts)', 'outreach/custom-list', { domains: giantNames.domain }],
  ['keyword SERP analysis (1,000 results)', 'keyword/serp-analysis', { query: giantNames.keyword }],
  ['keyword ranking history (1,000 results)', 'keyword/ranking-history', { query: giantNames.keyword }],
  ['keyword backlinks (1,000 results)', 'keyword/backlinks', { query: giantNames.keyword }],
];

/** An Sql that notes every statement it runs. */
function recording(/** @type {import('@serpwise/research').Sql} */ sql) {
  /** @type {{ text: string, params: readonly unknown[] }[]} */
  const statements = [];
  return { statements, sql: { query: (/** @type {string} */ text, /** @type {readonly unknown[]} */ params = [], /** @type {string|undefined} */ name) => (statements.push({ text, params }), sql.query(text, params, name)) } };
}

async function explain(/** @type {string} */ text, /** @type {readonly unknown[]} */ params) {
  // As a visitor runs it: scoped (the recorder notes the statements before the viewer scope rewrites them).
  const scoped = scopeToViewer(text, 'plain');
  const { rows } = await pool.query(`explain (analyze, buffers) ${toNumberedPlaceholders(scoped.text)}`, withViewer(params, scoped.viewerAt, null));
  const lines = rows.map((row) => row['QUERY PLAN']);
  const time = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1]);
  return { time, lines };
}

const line = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
for (const [label, table, params] of cases) {
  const input = { countryCode: 'US', startRow: 1, pageSize: 100, ...params };
  let best = Number.POSITIVE_INFINITY;
  /** @type {{ text: string, params: readonly unknown[] }[]} */
  let statements = [];
  let totalRows = 0;
  for (let run = 0; run < 3; run++) {
    const recorder = recording(viewerScopedSql(base, () => null));
    const started = performance.now();
    const { query } = await prepareResearchTable(recorder.sql, /** @type {any} */ (table), input);
    if (query) totalRows = (await pageOf(recorder.sql, query, { startRow: 1, pageSize: 100 })).totalRows;
    best = Math.min(best, performance.now() - started);
    statements = recorder.statements;
  }
  line(`${label} (${table}): ${best.toFixed(1)} ms wall, ${totalRows} rows`);
  for (const statement of statements) {
    const { time, lines } = await explain(statement.text, statement.params);
    line(`  ${time.toFixed(1).padStart(9)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`);
    if (showPlans) for (const planLine of lines) line(`      ${planLine}`);
  }
}
{
  // The kombat endpoint also answers the Venn regions and segment counts (seo-research.service.ts): one more statement.
  const scoped = viewerScopedSql(base, () => null);
  const names = [giantNames.domain, giantNames.sharer];
  const ids = (await base.query('select id from domain where name = any(string_to_array(?, \',\')) order by position(name in ?)', [names.join(','), names.join(',')])).map((row) => /** @type {{ id: number }} */ (row).id);
  const [{ month }] = /** @type {{ month: string }[]} */ (await base.query(`select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = 'US'`));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await kombatCounts(scoped, { domainIds: ids, territory: 'US', month }, names);
    best = Math.min(best, performance.now() - started);
  }
  line(`kombat counts (Venn and segments) 1M vs 300k: ${best.toFixed(1)} ms wall`);
}
{
  const started = performance.now();
  await domainOverview(viewerScopedSql(base, () => null), { domain: giantNames.domain, territory: 'US' });
  const { time } = await explain(domainOverviewSql, ['US', giantNames.domain]);
  line(`domain overview: ${(performance.now() - started).toFixed(1)} ms wall, its SQL ${time.toFixed(1)} ms`);
}
await pool.end();
