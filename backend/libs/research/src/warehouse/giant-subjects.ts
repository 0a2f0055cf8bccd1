import type pg from 'pg';
import { organicCtr } from '../formulas/click-through.js';

/**
 * Giant subjects (issue 27 point 1): the demo market's largest domain ranks for a few thousand keywords, real ones for
 * hundreds of thousands. These are added on top of a loaded market, in SQL (generate_series, no row passes through
 * JavaScript), deterministic (arithmetic on the row number, no random()), in the loader's transaction:
 *
 * - `omnivora.example` ranks for `1,000,000 × scale` long-tail US keywords in each of the newest `months` months;
 * - `tallyhub.example` ranks for 30 % of them (`300,000 × scale`), so the two are each other's largest competitor;
 * - every such results page also holds `extrasPerSerp` of the market's own sites (their home pages);
 * - the keyword `omnivora catalogue` has 1,000 results in every month of the market (not scaled);
 * - `omnivora.example` has `2,000,000 × scale` backlinks from the market's pages.
 *
 * `scale` < 1 (SERPWISE_GIANT_SCALE, e.g. 0.01) makes the same shapes smaller, for tests and development.
 */
export interface GiantOptions {
  /** 1 = full size; 0.01 = one hundredth (10,000 keywords, 3,000 shared, 20,000 backlinks). */
  scale?: number;
  /** How many of the newest months the giant domains rank in (at least 2: month-over-month types read M and P). */
  months?: number;
  /** Other sites on each giant keyword's results page. */
  extrasPerSerp?: number;
}

export const giantNames = {
  domain: 'omnivora.example',
  sharer: 'tallyhub.example',
  keyword: 'omnivora catalogue',
  keywordTermPrefix: 'omnivora ',
} as const;

export const giantFullSize = { keywords: 1_000_000, sharedShare: 0.3, resultsOfKeyword: 1000, backlinks: 2_000_000 } as const;

/** The giant options the environment asks for (SERPWISE_GIANT_SCALE, SERPWISE_GIANT_MONTHS), or the defaults. */
export function giantOptionsFromEnvironment(env: NodeJS.ProcessEnv = process.env): GiantOptions {
  const scale = env.SERPWISE_GIANT_SCALE === undefined ? 1 : Number(env.SERPWISE_GIANT_SCALE);
  const months = env.SERPWISE_GIANT_MONTHS === undefined ? 3 : Number(env.SERPWISE_GIANT_MONTHS);
  if (!(scale > 0 && scale <= 1)) throw new Error(`SERPWISE_GIANT_SCALE must be a number in (0, 1], not "${env.SERPWISE_GIANT_SCALE}".`);
  if (!(Number.isInteger(months) && months >= 2)) throw new Error(`SERPWISE_GIANT_MONTHS must be a whole number ≥ 2, not "${env.SERPWISE_GIANT_MONTHS}".`);
  return { scale, months };
}

// CTR of positions 1–20 as a SQL array (below 20: organicCtr's 0.1 %).
const ctrArray = `array[${Array.from({ length: 20 }, (_, index) => organicCtr(index + 1)).join(',')}]::float8[]`;
const ctrOf = (position: string) => `(case when ${position} <= 20 then (${ctrArray})[${position}] else ${organicCtr(21)} end)`;

export interface GiantCounts {
  keywords: number;
  organicRanks: number;
  backlinks: number;
  pages: number;
}

/**
 * Adds the giant subjects to the market loaded under `sourceId` whose months are `months` (oldest first). Ids continue
 * after the largest ones there, and the id sequences after them. The caller rolls up (warehouseRollupSql).
 */
export async function addGiantSubjects(client: pg.ClientBase, sourceId: number, marketMonths: readonly string[], options: GiantOptions = {}): Promise<GiantCounts> {
  const scale = options.scale ?? 1;
  const giantMonths = Math.min(options.months ?? 3, marketMonths.length);
  const extras = options.extrasPerSerp ?? 3;
  if (extras > 3) throw new Error('extrasPerSerp is at most 3: positions are spaced 4 apart over 20.');
  const keywords = Math.max(10, Math.round(giantFullSize.keywords * scale));
  const pagesOfGiant = Math.ceil(keywords / 4);
  const backlinks = Math.max(10, Math.round(giantFullSize.backlinks * scale));
  const historyStart = marketMonths[0]!;
  const firstGiantMonth = marketMonths.length - giantMonths;
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);

  // Where new ids start, and the market's own sites (with a page each) to fill the results pages.
  const { rows: [base] } = await q(`select (select coalesce(max(id), 0) from domain) as domain, (select coalesce(max(id), 0) from keyword) as keyword,
      (select coalesce(max(id), 0) from page) as page, (select coalesce(max(id), 0) from backlink) as backlink`);
  const start = { domain: Number(base.domain), keyword: Number(base.keyword), page: Number(base.page), backlink: Number(base.backlink) };
  await q(`create temp table giant_pool on commit drop as
      select row_number() over (order by d.id)::int as n, d.id as domain_id, d.name, (select min(p.id) from page p where p.domain_id = d.id) as home_page_id
      from domain d where exists (select 1 from page p where p.domain_id = d.id)`);
  const pool = Number((await q('select count(*) as n from giant_pool')).rows[0].n);
  if (pool < extras + 1) throw new Error('The market has too few sites for the giant subjects.');

  const giantId = start.domain + 1;
  const sharerId = start.domain + 2;
  await q(`insert into domain (id, name, topic, source_id) values ($1, $2, null, $4), ($3, $5, null, $4)`, [giantId, giantNames.domain, sharerId, sourceId, giantNames.sharer]);

  // Pages: the giant's home page, then one catalogue page per 4 keywords; the sharer's likewise; the 1,000 results of
  // the big keyword on the market's sites.
  const giantHome = start.page + 1;
  const sharerHome = start.page + 2;
  await q(`insert into page (id, domain_id, url, title, source_id) values
      ($1, $2, 'https://www.${giantNames.domain}/', 'Omnivora – Everything, Delivered', $5), ($3, $4, 'https://www.${giantNames.sharer}/', 'Tallyhub – Compare Everything', $5)`,
  [giantHome, giantId, sharerHome, sharerId, sourceId]);
  const giantPage = (n: string) => `${start.page + 2} + ${n}`;
  const sharerPage = (n: string) => `${start.page + 2 + pagesOfGiant} + ${n}`;
  const resultPage = (n: string) => `${start.page + 2 + 2 * pagesOfGiant} + ${n}`;
  await q(`insert into page (id, domain_id, url, title, source_id)
      select ${giantPage('g')}, $1::int, 'https://www.${giantNames.domain}/catalogue/' || g, 'Catalogue ' || g || ' | Omnivora', $2::smallint from generate_series(1, ${pagesOfGiant}) g
      union all
      select ${sharerPage('g')}, $3::int, 'https://www.${giantNames.sharer}/items/' || g, 'Items ' || g || ' | Tallyhub', $2::smallint from generate_series(1, ${pagesOfGiant}) g`,
  [giantId, sourceId, sharerId]);
  await q(`insert into page (id, domain_id, url, title, source_id)
      select ${resultPage('g')}, p.domain_id, 'https://www.' || p.name || '/catalogue-results/' || g, 'Catalogue result ' || g, $1
      from generate_series(1, ${giantFullSize.resultsOfKeyword}) g join giant_pool p on p.n = 1 + (g * 37) % ${pool}`, [sourceId]);

  // Keywords: long-tail terms with small volumes (10–500 a month, a gentle wave over the months), then the big keyword.
  // bigint products: i × 7919 passes the int range from i = 271,000 (full size: 1,000,000).
  const volumeOf = (i: string) => `(10 * (1 + (${i}::bigint * 7919) % 50))::int`;
  await q(`insert into keyword (id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question,
        is_transactional, topic, source_id)
      select ${start.keyword} + i, 'US', '${giantNames.keywordTermPrefix}' || (array['blue','steel','compact','vintage','wireless','organic','kids','outdoor'])[1 + i % 8]
          || ' ' || (array['lamp','kettle','backpack','chair','speaker','blanket','shelf','tent','mug','drill'])[1 + (i / 8) % 10] || ' ' || i,
        ${volumeOf('i')} + ((i + ${marketMonths.length - 1}) % 7) * ${volumeOf('i')} / 20,
        array(select ${volumeOf('i')} + ((i + m) % 7) * ${volumeOf('i')} / 20 from generate_series(0, ${marketMonths.length - 1}) m),
        $1::date, round((0.1 + (i % 300) / 100.0)::numeric, 2), round(((i % 100) / 100.0)::numeric, 2), (i % 70)::smallint, 1000 + i % 100000,
        false, i % 3 = 0, null, $2
      from generate_series(1, ${keywords}) i`, [historyStart, sourceId]);
  const bigKeywordId = start.keyword + keywords + 1;
  await q(`insert into keyword (id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question,
        is_transactional, topic, source_id)
      values ($1, 'US', '${giantNames.keyword}', 74000, array_fill(74000, array[${marketMonths.length}]), $2::date, 1.25, 0.6, 55, 412000000, false, true, null, $3)`,
  [bigKeywordId, historyStart, sourceId]);

  // Results of the giant keywords in the newest months: slot 0 the giant, slot 1 the sharer (i % 10 < 3), slots 2…
  // the market's sites; positions 4 apart over 1–20, turned by keyword and month so every position occurs.
  const monthList = marketMonths.map((month, index) => `('${month}'::date, ${index})`).join(', ');
  const before = Number((await q('select count(*) as n from organic_rank')).rows[0].n);
  await q(`insert into organic_rank (month, keyword_id, position, territory, domain_id, page_id, clicks, source_id)
      select r.month, k.id, r.position, 'US', r.domain_id, r.page_id, round(k.volume_history[r.month_index + 1] * ${ctrOf('r.position')})::int, $1
      from (
        select m.month, m.month_index, i, (1 + (slot * 4 + (i * 7 + m.month_index * 3) % 20) % 20)::smallint as position,
          case slot when 0 then ${giantId} when 1 then ${sharerId} else p.domain_id end as domain_id,
          case slot when 0 then ${giantPage('1 + (i - 1) / 4')} when 1 then ${sharerPage('1 + (i - 1) / 4')} else p.home_page_id end as page_id
        from (values ${monthList}) m (month, month_index)
        cross join generate_series(1, ${keywords}) i
        cross join generate_series(0, ${1 + extras}) slot
        left join giant_pool p on slot >= 2 and p.n = 1 + (i * 131 + slot * 977 + case when slot = 2 then m.month_index else 0 end) % ${pool}
        where m.month_index >= ${firstGiantMonth} and (slot <> 1 or i % 10 < 3)
      ) r join keyword k on k.id = ${start.keyword} + r.i
      order by 1, 2, 3`, [sourceId]);
  // The big keyword: 1,000 results every month; the pages move ${7} places a month.
  await q(`insert into organic_rank (month, keyword_id, position, territory, domain_id, page_id, clicks, source_id)
      select m.month, $1, p, 'US', pg.domain_id, pg.id, round(74000 * ${ctrOf('p')})::int, $2
      from (values ${monthList}) m (month, month_index) cross join generate_series(1, ${giantFullSize.resultsOfKeyword}) p
      join page pg on pg.id = ${resultPage(`1 + (p - 1 + m.month_index * 7) % ${giantFullSize.resultsOfKeyword}`)}`, [bigKeywordId, sourceId]);
  const organicRanks = Number((await q('select count(*) as n from organic_rank')).rows[0].n) - before;

  // Backlinks of the giant: from the market's pages (not its own), half to the home page; a fifth nofollow, a quarter lost.
  await q(`insert into backlink (id, source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
      select ${start.backlink} + g, s.id, s.domain_id, case when g % 2 = 0 then ${giantHome} else ${giantPage(`1 + (g * 13) % ${pagesOfGiant}`)} end, ${giantId},
        (array['omnivora', 'omnivora.example', 'everything catalogue', 'https://www.omnivora.example/'])[1 + g % 4], g % 5 = 0,
        date '2019-01-01' + (g * 37) % 2800, case when g % 4 = 1 then date '2019-01-01' + (g * 37) % 2800 + 30 + g % 400 end, $1
      from generate_series(1, ${backlinks}) g join page s on s.id = 1 + (g::bigint * 7919) % ${start.page}`, [sourceId]);
  await q('drop table giant_pool');
  // Later imports continue after the ids given here.
  for (const table of ['keyword', 'domain', 'page', 'backlink']) {
    await q(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);
  }
  return { keywords: keywords + 1, organicRanks, backlinks, pages: 2 + 2 * pagesOfGiant + giantFullSize.resultsOfKeyword };
}
