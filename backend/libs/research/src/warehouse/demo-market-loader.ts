import { organicRankPartitionSql } from '@serpwise/database';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chunked } from '../demo-market/copy-text.js';
import { buildMarket } from '../demo-market/market-model.js';
import { adCopyLines, AdCopyRegistry, backlinkLines, domainLines, keywordLines, organicRankLines, pageLines, paidAdLines } from '../demo-market/market-rows.js';
import { demoLastMonth, demoSeed, marketSizes, type MarketSizeName } from '../demo-market/market-sizes.js';
import { PageRegistry } from '../demo-market/page-registry.js';
import { backlinkTotalsSql } from './backlink-totals.js';
import { warehouseRollupSql } from './domain-month-rollup.js';
import { addGiantSubjects, type GiantOptions } from './giant-subjects.js';

/** The table a roll-up statement fills (`insert into <table> …`), or null for its other statements (deletes, updates). */
export const rollupTableFilledBy = (sql: string): string | null => /^\s*insert\s+into\s+([a-z_]+)/i.exec(sql)?.[1] ?? null;

/** Every warehouse table, children first (the order a full replace truncates them in). */
export const warehouseTables = ['organic_rival_keyword_month', 'organic_rival_month', 'page_first_month', 'organic_keyword_month', 'organic_keyword_bits', 'organic_page_month', 'organic_rollup_month', 'competitor_month', 'competitor_rollup_month', 'domain_month', 'backlink_referrer', 'backlink_total', 'backlink', 'paid_ad', 'ad_copy', 'organic_rank', 'page', 'keyword', 'domain', 'data_source'] as const;

export interface LoadOptions {
  size: MarketSizeName;
  /** Only load when the warehouse holds no data at all (npm start). */
  ifEmpty?: boolean;
  /** Empty the warehouse first (bench:data). */
  replace?: boolean;
  seed?: number;
  /** Add the giant subjects (issue 27: a domain with 1,000,000 keywords a month …) on top of the market. */
  giant?: GiantOptions;
  log?: (line: string) => void;
}

export interface LoadResult {
  loaded: boolean;
  sourceId?: number;
  rows: Record<string, number>;
  seconds: number;
}

// One lock id for "someone is loading the warehouse", so two launchers started together load it once.
const loadLockId = 4_004_001;

async function copyInto(client: pg.ClientBase, table: string, columns: string, lines: Iterable<string>): Promise<void> {
  const target = client.query(copyStreams.from(`copy ${table} (${columns}) from stdin`));
  await pipeline(Readable.from(chunked(lines)), target);
}

/**
 * Generates the demo market of the given size and loads it with COPY, in one transaction: a failed or
 * interrupted load leaves the warehouse as it was. Rows are streamed from the generator into COPY; only the
 * keywords, sites, pages and ad texts (thousands to hundreds of thousands) are held in memory.
 */
export async function loadDemoMarket(client: pg.ClientBase, options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const size = marketSizes[options.size];
  const seed = options.seed ?? demoSeed;
  await client.query('select pg_advisory_lock($1)', [loadLockId]);
  try {
    if (options.ifEmpty) {
      const existing = await client.query<{ any: boolean }>('select exists (select 1 from data_source) or exists (select 1 from keyword) as any');
      if (existing.rows[0]?.any) return { loaded: false, rows: {}, seconds: 0 };
    }
    await client.query('begin');
    // The roll-ups sort and hash millions of ranks (the giant subjects' competitors: a million keywords × their other
    // results): in memory, as the warehouse writer does, rather than in temporary files.
    await client.query(`set local work_mem = '256MB'`);
    if (options.replace) await client.query(`truncate ${warehouseTables.join(', ')} restart identity`);

    const market = buildMarket(size, seed, demoLastMonth);
    const source = await client.query<{ id: number }>(
      `insert into data_source (kind, label, details, first_month, last_month, loaded_at)
       values ('demo', $1, $2::jsonb, $3, $4, now()) returning id`,
      [
        `Demo market (${size.name} size, seed ${seed}): invented sites and keywords`,
        JSON.stringify({ size: size.name, seed, territories: size.territories.map((territory) => territory.code), months: size.months }),
        market.months[0], market.months.at(-1),
      ],
    );
    const sourceId = source.rows[0]!.id;
    for (const month of market.months) await client.query(organicRankPartitionSql(month));

    const pages = new PageRegistry();
    const adCopies = new AdCopyRegistry();
    const rows: Record<string, number> = { keyword: market.keywords.length, domain: market.domains.length };
    log(`${size.name}: ${market.keywords.length} keywords in ${size.territories.map((territory) => territory.code).join(', ')}, ${market.domains.length} sites, ${market.months.length} months`);
    await copyInto(client, 'domain', 'id, name, topic, source_id', domainLines(market, sourceId));
    await copyInto(client, 'keyword', 'id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question, is_transactional, topic, source_id', keywordLines(market, sourceId));

    const expected = market.keywords.length * market.months.length * size.resultsPerSerp;
    let rankRows = 0;
    let nextReport = Date.now() + 5000;
    const countedRanks = function* () {
      for (const line of organicRankLines(market, pages, sourceId)) {
        rankRows++;
        if (rankRows % 50_000 === 0 && Date.now() > nextReport) {
          nextReport = Date.now() + 5000;
          log(`organic ranks: ${Math.round((rankRows / expected) * 100)} % (${rankRows.toLocaleString('en-US')} rows)`);
        }
        yield line;
      }
    };
    log('organic ranks: generating and copying…');
    await copyInto(client, 'organic_rank', 'month, keyword_id, position, territory, domain_id, page_id, clicks, source_id', countedRanks());
    rows.organic_rank = rankRows;

    let adRows = 0;
    const countedAds = function* () {
      for (const line of paidAdLines(market, pages, adCopies, sourceId)) {
        adRows++;
        yield line;
      }
    };
    log(`organic ranks: ${rankRows.toLocaleString('en-US')} rows; paid ads…`);
    await copyInto(client, 'paid_ad', 'month, keyword_id, position, territory, domain_id, ad_copy_id, clicks, source_id', countedAds());
    rows.paid_ad = adRows;
    rows.ad_copy = adCopies.rows.length;

    let linkRows = 0;
    const countedLinks = function* () {
      for (const line of backlinkLines(market, pages, sourceId)) {
        linkRows++;
        yield line;
      }
    };
    log(`paid ads: ${adRows.toLocaleString('en-US')} rows; backlinks…`);
    await copyInto(client, 'backlink', 'id, source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id', countedLinks());
    rows.backlink = linkRows;
    await copyInto(client, 'ad_copy', 'id, domain_id, headline, body, display_url, page_id, source_id', adCopyLines(adCopies, sourceId));
    await copyInto(client, 'page', 'id, domain_id, url, title, source_id', pageLines(pages, sourceId));
    rows.page = pages.rows.length;
    if (options.giant) {
      log(`giant subjects (scale ${options.giant.scale ?? 1}, ${options.giant.months ?? 3} months)…`);
      const giant = await addGiantSubjects(client, sourceId, market.months, options.giant);
      Object.assign(rows, {
        keyword: market.keywords.length + giant.keywords, domain: market.domains.length + 2, page: pages.rows.length + giant.pages,
        organic_rank: rankRows + giant.organicRanks, backlink: linkRows + giant.backlinks,
      });
    }

    // Ids were given by the generator; later imports continue after them.
    for (const table of ['keyword', 'domain', 'page', 'ad_copy', 'backlink']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);
    }
    // The roll-ups join the freshly loaded tables: without statistics the planner guessed the competitor roll-up's
    // join into a nested loop over whole partitions (minutes at 50,000 giant keywords). ANALYZE inside the
    // transaction sees its own rows.
    log(`backlinks: ${linkRows.toLocaleString('en-US')} rows; analysing, rolling up domain months…`);
    for (const table of ['organic_rank', 'keyword', 'domain', 'page', 'paid_ad', 'backlink']) await client.query(`analyze ${table}`);
    for (const statement of [...warehouseRollupSql(), ...backlinkTotalsSql()]) {
      await client.query(statement.sql, statement.params);
      // Each roll-up table is analysed once filled: later roll-ups join it (the rival pairs join organic_keyword_month
      // to itself), and planned on a table with no statistics that join ran for over half an hour at full giant size.
      const filled = rollupTableFilledBy(statement.sql);
      if (filled) await client.query(`analyze ${filled}`);
    }
    rows.domain_month = Number((await client.query<{ n: string }>('select count(*) as n from domain_month')).rows[0]!.n);
    await client.query('commit');
    log('analysing…');
    // keyword_word (kept by triggers on keyword) and the ranks are read from their indexes alone (the related
    // keywords: keyword/related-keyword-words.ts), which needs the visibility map a vacuum sets, autovacuum or not.
    // So are the most popular keywords that suggestions walk (search/suggestion-query.ts: keyword_volume_order_index).
    const vacuumed = ['keyword_word', 'organic_rank', 'keyword'];
    for (const table of vacuumed) await client.query(`vacuum (analyze) ${table}`);
    for (const table of warehouseTables) if (!vacuumed.includes(table)) await client.query(`analyze ${table}`);
    return { loaded: true, sourceId, rows, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [loadLockId]);
  }
}
