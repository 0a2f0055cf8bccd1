// @ts-check
import pg from 'pg';

/** The domain whose backlinks table is the exports benchmark's 500,000-row query. */
export const bigDomain = 'exports-bench.example';
/** A domain with a handful of backlinks: the many small exports the socket latency is measured on. */
export const smallDomain = 'exports-bench-small.example';
export const bigRows = 500_000;
const smallRows = 50;
const linkingDomains = 5_000;

/**
 * Makes sure the database holds the exports benchmark's own slice of the warehouse, and adds it if not (~30 s):
 * `exports-bench.example` with exactly 500,000 backlinks (the most a full plan may export, so scope 'full' is
 * accepted) from 500,000 pages on 5,000 linking domains to 200 of its pages, and `exports-bench-small.example` with
 * 50. The backlinks table is the research table whose one query reaches 500,000 rows on a domain (the bench market's
 * largest domain has ~9,000 keywords a month and a few thousand backlinks). Anchors vary in length and every 50th
 * starts with '-' or '=', so the formula-injection guard does real work. Idempotent; it touches only these domains.
 * `rows` makes the big domain smaller (the end-to-end tests export 100,000 rows).
 * @param {string} databaseUrl @param {(line: string) => void} log @param {{ rows?: number }} [options]
 */
export async function ensureExportMarket(databaseUrl, log, options = {}) {
  const bigCount = options.rows ?? bigRows;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select d.name, (select count(*)::int from backlink b where b.target_domain_id = d.id) as links from domain d where d.name = any($1)`,
      [[bigDomain, smallDomain]],
    );
    const links = Object.fromEntries(rows.map((row) => [row.name, row.links]));
    if (links[bigDomain] === bigCount && links[smallDomain] === smallRows) return;
    log(`adding the exports bench data (${bigCount.toLocaleString('en-US')} backlinks of ${bigDomain}; about half a minute)`);
    const started = Date.now();
    await client.query('begin');
    await client.query(`delete from backlink where target_domain_id in (select id from domain where name = any($1))`, [[bigDomain, smallDomain]]);
    const [{ id: source }] = (await client.query(`insert into data_source (kind, label, loaded_at) values ('import', 'exports benchmark', now()) returning id`)).rows;
    const domainId = async (/** @type {string} */ name) =>
      (await client.query(`insert into domain (name, topic, source_id) values ($1, 'benchmark', $2) on conflict (name) do update set topic = excluded.topic returning id`, [name, source])).rows[0].id;
    const big = await domainId(bigDomain);
    const small = await domainId(smallDomain);
    for (const [id, name] of [[big, bigDomain], [small, smallDomain]]) {
      await client.query(
        `insert into page (domain_id, url, title, source_id) select $1, 'https://' || $2 || '/guide/topic-' || g, 'Topic ' || g, $3
           from generate_series(1, 200) g on conflict (url) do nothing`,
        [id, name, source],
      );
    }
    await client.query(
      `insert into domain (name, topic, source_id) select 'linking-site-' || g || '.example', 'benchmark', $1 from generate_series(1, $2::int) g on conflict (name) do nothing`,
      [source, linkingDomains],
    );
    await client.query(
      `insert into page (domain_id, url, title, source_id)
         select d.id, 'https://' || d.name || '/blog/' || to_char(date '2023-01-01' + g, 'YYYY/MM') || '/post-' || g, null, $1
           from domain d cross join generate_series(1, $2::int) g
          where d.name like 'linking-site-%.example'
       on conflict (url) do nothing`,
      [source, bigCount / linkingDomains],
    );
    const anchors = `(array['best guide', 'read more', 'click here for the full comparison of tools', 'source', 'this study on search traffic', 'official site', 'how to rank better in 2026', 'review'])`;
    const insertLinks = (/** @type {number} */ target, /** @type {number} */ limit) =>
      client.query(
        `insert into backlink (source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
           select sp.id, sp.domain_id, targets.ids[1 + sp.n % array_length(targets.ids, 1)], $1,
                  case when sp.id % 100 = 0 then '=cmd ' when sp.id % 100 = 50 then '-' else '' end || ${anchors}[1 + sp.id % 8],
                  sp.id % 5 = 0, date '2023-01-01' + (sp.id % 1000)::int, case when sp.id % 7 = 0 then date '2026-01-01' + (sp.id % 300)::int end, $2
             from (select id, domain_id, row_number() over (order by id) as n from page
                    where domain_id in (select id from domain where name like 'linking-site-%.example') order by id limit $3) sp,
                  (select array_agg(id order by id) as ids from page where domain_id = $1) targets`,
        [target, source, limit],
      );
    await insertLinks(big, bigCount);
    await insertLinks(small, smallRows);
    await client.query('commit');
    await client.query('analyze domain; analyze page; analyze backlink');
    log(`exports bench data added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
