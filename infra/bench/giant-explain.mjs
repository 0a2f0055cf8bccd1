// @ts-check
/**
 * Issue 27 point 1: which research queries grow with the size of their subject. Runs every size-sensitive research
 * table of the giant subjects (`npm run bench:data -- --giant`, or a reduced copy: SERPWISE_GIANT_SCALE) as a visitor
 * would ask for it (the catalogue's prepare + the first page and its count), and prints each statement's
 * EXPLAIN (ANALYZE, BUFFERS) execution time and the wall time of the whole page (the better of 3 warm runs).
 *   DATABASE_URL=… node infra/bench/giant-explain.mjs [--plans] [--only=<text>]
 * (--only: just the cases whose label holds the text, e.g. --only=missing for the kombat's missing segments)
 * Not a pass/fail bench: the budgets are checked by `npm run bench -- research`.
 */
import { domainOverview, domainOverviewSql, giantNames, kombatCounts, pageOf, prepareResearchTable, scopeToViewer, sqlFromPg, toNumberedPlaceholders, viewerScopedSql, withViewer } from '@serpwise/research';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set.');
const showPlans = process.argv.includes('--plans');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const wanted = (/** @type {string} */ label) => !only || label.includes(only);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const base = sqlFromPg(pool);

/** @type {[string, string, Record<string, unknown>][]} label, table, params */
const cases = [
  ['competitors of the 1M domain', 'seo/competitors', { domain: giantNames.domain }],
  ['competitors of the 300k domain', 'seo/competitors', { domain: giantNames.sharer }],
  ['SEO keywords of the 1M domain', 'seo/keywords', { domain: giantNames.domain }],
  ['SEO keywords by volume', 'seo/keywords', { domain: giantNames.domain, sort: 'volume', sortDirection: 'desc' }],
  ['SEO keywords newlyranked', 'seo/keywords', { domain: giantNames.domain, type: 'newlyranked' }],
  ['ranking history', 'seo/ranking-history', { domain: giantNames.domain }],
  ['top pages', 'seo/top-pages', { domain: giantNames.domain }],
  // The month-over-month types (organic_keyword_month's previous position and clicks: issue 27 point 1).
  ...['almostthere', 'pageone', 'pastpageone', 'gainedranks', 'lostranks', 'gainedclicks', 'lostclicks', 'justmadeit', 'justfelloff'].map((type) => /** @type {[string, string, Record<string, unknown>]} */ ([`SEO keywords ${type}`, 'seo/keywords', { domain: giantNames.domain, type }])),
  ...['GainedRanks', 'LostRanks', 'GainedClicks', 'LostClicks', 'MadeTheTop10', 'FellFromTop10', 'NoLongerRanks'].map((type) => /** @type {[string, string, Record<string, unknown>]} */ ([`ranking history ${type}`, 'seo/ranking-history', { domain: giantNames.domain, type }])),
  ['backlinks of the 1M domain', 'seo/backlinks', { domain: giantNames.domain }],
  ['backlinks by anchor', 'seo/backlinks', { domain: giantNames.domain, sort: 'anchor', sortDirection: 'asc' }],
  ['custom list (backlink counts)', 'outreach/custom-list', { domains: giantNames.domain }],
  ['keyword SERP analysis (1,000 results)', 'keyword/serp-analysis', { query: giantNames.keyword }],
  ['keyword ranking history (1,000 results)', 'keyword/ranking-history', { query: giantNames.keyword }],
  ['keyword backlinks (1,000 results)', 'keyword/backlinks', { query: giantNames.keyword }],
  // The research bench's popular keyword, which the giants do not touch but share a word with 125,000 times.
  ...['similar', 'questions', 'transaction', 'ranks'].map((type) => /** @type {[string, string, Record<string, unknown>]} */ ([`related keywords ${type} of "wireless earbuds"`, 'keyword/related', { query: 'wireless earbuds', type }])),
  ['ad templates of "wireless earbuds"', 'ppc/ad-templates', { query: 'wireless earbuds' }],
  ['keyword adwords advisor negativematch of "wireless earbuds"', 'keyword/adwords-advisor', { query: 'wireless earbuds', type: 'negativematch' }],
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
  if (!wanted(label)) continue;
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
  // The kombat endpoint answers its page and, beside it, the Venn regions and segment counts (seo-research.service.ts,
  // the rolled-up path when the prepare's facts say so): for the giants and for the 3 largest domains (as `npm run
  // bench -- research` asks), every organic segment's first page in the default order, with the counts.
  const scoped = viewerScopedSql(base, () => null);
  const [{ month }] = /** @type {{ month: string }[]} */ (await base.query(`select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = 'US'`));
  const largest = (await base.query(`select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' and m.month = ?::date
      order by m.organic_keywords desc limit 3`, [month])).map((row) => String(/** @type {{ name: string }} */ (row).name));
  for (const names of [[giantNames.domain, giantNames.sharer], largest]) {
    for (const segment of ['all', 'core', 'missing', 'questions', 'transactional', 'content']) {
      if (!wanted(`kombat ${names.join(' vs ')} ${segment}`)) continue;
      const input = { countryCode: 'US', startRow: 1, pageSize: 100, domains: names.join(','), segment };
      let best = Number.POSITIVE_INFINITY;
      let countsBest = Number.POSITIVE_INFINITY;
      let fromBits = false;
      /** @type {{ text: string, params: readonly unknown[] }[]} */
      let statements = [];
      let total = 0;
      for (let run = 0; run < 3; run++) {
        const recorder = recording(scoped);
        const started = performance.now();
        const prepared = await prepareResearchTable(recorder.sql, 'seo/kombat', input);
        const facts = /** @type {{ domainIds: number[], countsFromRollup: boolean }} */ (prepared.facts);
        fromBits = facts.countsFromRollup;
        const countsStarted = performance.now();
        const counts = kombatCounts(scoped, { domainIds: facts.domainIds, territory: 'US', month, fromRollup: facts.countsFromRollup }, names)
          .then((known) => ((countsBest = Math.min(countsBest, performance.now() - countsStarted)), known));
        // As the service: the counts give the page's total.
        if (prepared.query) await pageOf(recorder.sql, prepared.query, { startRow: 1, pageSize: 100 }, counts.then((known) => known.segments[segment]));
        total = (await counts).segments[segment];
        best = Math.min(best, performance.now() - started);
        statements = recorder.statements;
      }
      line(`kombat ${names.join(' vs ')} ${segment}: ${best.toFixed(1)} ms wall (page and counts at once; counts alone ${countsBest.toFixed(1)} ms, from ${fromBits ? 'bitmaps' : 'ranks'}), ${total} rows`);
      for (const statement of statements.slice(-1)) {
        const { time, lines } = await explain(statement.text, statement.params);
        line(`  ${time.toFixed(1).padStart(9)} ms  page: ${statement.text.replace(/\s+/g, ' ').slice(0, 100)}`);
        if (showPlans) for (const planLine of lines) line(`      ${planLine}`);
      }
    }
  }
}
if (wanted('domain overview')) {
  const started = performance.now();
  await domainOverview(viewerScopedSql(base, () => null), { domain: giantNames.domain, territory: 'US' });
  const { time } = await explain(domainOverviewSql, ['US', giantNames.domain]);
  line(`domain overview: ${(performance.now() - started).toFixed(1)} ms wall, its SQL ${time.toFixed(1)} ms`);
}
await pool.end();
