import type { ImportRemoval } from '@serpwise/contracts';
import type pg from 'pg';
import { warehouseRollupSql } from './domain-month-rollup.js';
import { ownedDomainMonthRollupSql, removeOwnedKeywordNumbers } from './owned-figures.js';

/** Every first day of a month from a month-keyed table's first month to its last (two index reads). */
const everyMonthOf = (table: 'organic_rank' | 'paid_ad') =>
  `array(select generate_series((select min(month) from ${table}), (select max(month) from ${table}), interval '1 month')::date)`;

/** What a removal took away: the deletion job's result (contracts). */
export type RemovalResult = ImportRemoval;

/** Where a removal stands: search results removed of the source's results in all, and the step in words. */
export interface RemovalProgress {
  removed: number;
  total: number;
  message: string;
}

export interface RemovalOptions {
  /** The caller has opened the transaction and commits it (the deletion job, which writes its records in it too). */
  inTransaction?: boolean;
  /** Search results removed per statement; progress is reported after each batch. */
  batchRows?: number;
  /** Called before the first batch, after each one and before each later step; a throw stops the removal (rolled back). */
  onProgress?: (progress: RemovalProgress) => Promise<void>;
}

const defaultBatchRows = 50_000;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Removes everything one source brought: its search results (serp_observation, organic_rank), then the keywords,
 * pages and domains it added that no other row still uses, and the data_source row itself; the months it touched
 * are filled again from the remaining observations of other sources (so another user's import of the same results
 * takes over the monthly row) and rolled up. One transaction (the caller's with inTransaction): the results go in
 * batches that report progress, and a throw from onProgress (a cancelled deletion) rolls everything back.
 */
export async function removeWarehouseSource(client: pg.ClientBase, sourceId: number, options: RemovalOptions = {}): Promise<RemovalResult> {
  const batchRows = options.batchRows ?? defaultBatchRows;
  if (!options.inTransaction) await client.query('begin');
  try {
    // Hash joins over a large import's million results stay in memory (as when it was landed).
    await client.query(`set local work_mem = '256MB'`);
    const months = (await client.query<{ month: string }>(
      `select distinct to_char(date_trunc('month', observed_on), 'YYYY-MM-DD') as month from serp_observation where source_id = $1
       union select to_char(month, 'YYYY-MM-DD') from organic_rank where source_id = $1 order by 1`, [sourceId])).rows.map((row) => row.month);
    // The source's results, numbered once (one scan of its block range), so each batch is a TID scan of its slice.
    await client.query(`create temp table removal_observation_row on commit drop as
      select ctid as row_ctid, row_number() over () as n from serp_observation where source_id = $1`, [sourceId]);
    await client.query('create index on removal_observation_row (n)');
    await client.query('analyze removal_observation_row');
    const observationsInAll = (await client.query<{ n: number }>('select count(*)::int as n from removal_observation_row')).rows[0]!.n;
    const ranksByMonth = (await client.query<{ month: string; n: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, count(*)::int as n from organic_rank where source_id = $1 and month = any($2::date[]) group by 1 order by 1`,
      [sourceId, months])).rows;
    const total = observationsInAll + ranksByMonth.reduce((sum, row) => sum + row.n, 0);
    let removed = 0;
    const report = (message: string) => options.onProgress?.({ removed, total, message }) ?? Promise.resolve();
    const rowsMessage = () => `Removing search results: ${count(removed)} of ${count(total)}`;
    await report(rowsMessage());
    const [owner] = (await client.query<{ owner_user_id: string | null }>('select owner_user_id from data_source where id = $1', [sourceId])).rows;
    const ownerUserId = owner?.owner_user_id ?? null;
    // The monthly rows first, a month (one partition) per batch.
    let ranks = 0;
    for (const { month } of ranksByMonth) {
      const gone = (await client.query('delete from organic_rank where source_id = $1 and month = $2::date', [sourceId, month])).rowCount ?? 0;
      ranks += gone;
      removed += gone;
      await report(rowsMessage());
    }
    // What the source's results named: its owner may no longer have anything of them (owner_user_ids below).
    await client.query(`create temp table removed_observation on commit drop as
      select keyword_id, domain_id, page_id from serp_observation limit 0`);
    let observations = 0;
    for (let from = 0; from < observationsInAll; from += batchRows) {
      const gone = (await client.query(
        `with gone as (delete from serp_observation where ctid = any(array(select row_ctid from removal_observation_row where n > $1 and n <= $2))
           returning keyword_id, domain_id, page_id)
         insert into removed_observation select * from gone`, [from, from + batchRows])).rowCount ?? 0;
      observations += gone;
      removed += gone;
      await report(rowsMessage());
    }
    // The site's and its pages' own traffic (site_traffic, a few thousand rows at most) goes with its source too; what
    // it named is checked below like the results'.
    await client.query(`with gone as (delete from site_traffic where source_id = $1 returning domain_id, page_id)
      insert into removed_observation (domain_id, page_id) select domain_id, page_id from gone`, [sourceId]);
    await client.query('analyze removed_observation');
    await report('Removing the keywords, pages and sites only this file brought…');
    if (months.length) {
      await client.query(
        `insert into organic_rank (month, keyword_id, position, owner_user_id, territory, domain_id, page_id, clicks, impressions, source_id, observed_on)
         select distinct on (month, o.keyword_id, o.position, o.owner_user_id) date_trunc('month', o.observed_on)::date as month, o.keyword_id, o.position,
           o.owner_user_id, o.territory, o.domain_id, o.page_id, coalesce(o.clicks, 0), o.impressions, o.source_id, o.observed_on
         from serp_observation o
         where o.observed_on >= $1::date and o.observed_on < ($2::date + interval '1 month')
           and date_trunc('month', o.observed_on)::date = any($3::date[])
         order by month, o.keyword_id, o.position, o.owner_user_id, o.observed_on desc
         on conflict (month, keyword_id, position, owner_user_id) do nothing`, [months[0], months.at(-1), months]);
    }
    if (ownerUserId !== null) await removeOwnedKeywordNumbers(client, ownerUserId, sourceId);
    if (ownerUserId !== null) {
      // The owner stops seeing a keyword, site or page once none of their results name it any more; one no user
      // lists any more and nothing uses is removed below with the source's own.
      // Set-based, in analysed tables: the candidates (what the results named, and what the source added) once each,
      // then the ones the owner's other results still name, in one pass over those results. Asked per candidate
      // instead, PostgreSQL guessed one row and scanned serp_observation (no page or site index) once per page.
      for (const [table, column] of [['keyword', 'keyword_id'], ['page', 'page_id'], ['domain', 'domain_id']] as const) {
        await client.query(`create temp table removal_named_${table} on commit drop as
          select distinct ${column} as id from removed_observation union select id from ${table} where source_id = $1`, [sourceId]);
        await client.query(`analyze removal_named_${table}`);
        // A site or page the owner's remaining site traffic names is kept for them too.
        const traffic = table === 'keyword' ? '' : `union select t.${column} from site_traffic t where t.owner_user_id = $1::uuid
            and t.${column} in (select id from removal_named_${table})`;
        await client.query(`create temp table removal_kept_${table} on commit drop as
          select distinct o.${column} as id from serp_observation o where o.owner_user_id = $1::uuid
            and o.${column} in (select id from removal_named_${table}) ${traffic}`, [ownerUserId]);
        await client.query(`analyze removal_kept_${table}`);
        await client.query(
          `update ${table} t set owner_user_ids = array_remove(t.owner_user_ids, $1::uuid)
           from removal_named_${table} c
           where t.id = c.id and $1::uuid = any(t.owner_user_ids)
             and not exists (select 1 from removal_kept_${table} k where k.id = c.id)`, [ownerUserId]);
      }
    }
    // The pages and keywords that may go, in analysed tables: the planner then sees how many there are (thousands
    // for a large import, not the one row it would guess) and checks them against the tables that may still use
    // them with hash joins, instead of scanning a whole table once per candidate.
    await client.query(`create temp table removal_page on commit drop as select id from page where source_id = $1 or owner_user_ids = '{}'`, [sourceId]);
    await client.query(`create temp table removal_keyword on commit drop as select id from keyword where source_id = $1 or owner_user_ids = '{}'`, [sourceId]);
    await client.query('analyze removal_page, removal_keyword');
    const pages = (await client.query(
      `with gone as (
         delete from page p using removal_page c where p.id = c.id
           and not exists (select 1 from serp_observation o where o.page_id = p.id)
           and not exists (select 1 from organic_rank r where r.page_id = p.id)
           and not exists (select 1 from site_traffic t where t.page_id = p.id)
           and not exists (select 1 from backlink b where b.target_page_id = p.id)
           and not exists (select 1 from backlink b where b.source_page_id = p.id)
           and not exists (select 1 from ad_copy a where a.page_id = p.id)
         returning p.id),
       first_months as (delete from page_first_month f using gone where f.page_id = gone.id)
       select count(*)::int as n from gone`));
    // organic_rank and paid_ad are keyed by month first: naming every month they hold turns "is this keyword still
    // used" into one primary-key probe per month instead of a scan of every partition.
    const keywords = (await client.query(
      `delete from keyword k using removal_keyword c where k.id = c.id
         and not exists (select 1 from serp_observation o where o.keyword_id = k.id)
         and not exists (select 1 from organic_rank r where r.keyword_id = k.id and r.month = any(${everyMonthOf('organic_rank')}))
         and not exists (select 1 from paid_ad a where a.keyword_id = k.id and a.month = any(${everyMonthOf('paid_ad')}))
         and not exists (select 1 from owned_keyword_number n where n.keyword_id = k.id)`)).rowCount ?? 0;
    const domains = (await client.query(
      `delete from domain d where (d.source_id = $1 or d.owner_user_ids = '{}') and not exists (select 1 from page p where p.domain_id = d.id)
         -- a site whose results have no page (Search Console's queries), or only its own traffic, is still used
         and not exists (select 1 from organic_rank r where r.domain_id = d.id)
         and not exists (select 1 from site_traffic t where t.domain_id = d.id)
         and not exists (select 1 from domain_month m where m.domain_id = d.id and not (m.month = any($2::date[])))`, [sourceId, months])).rowCount ?? 0;
    await report(`Recounting ${months.length === 1 ? 'the month' : `the ${months.length} months`} it touched…`);
    if (months.length) {
      // The shared roll-ups count installation data only (domain-month-rollup.ts): removing a user's rows changes none
      // of their inputs, and rebuilding them re-read every installation rank of the months (most of a deletion's time
      // in the bench market: page_first_month alone ~15 s). As when the rows landed, only the owner's roll-up then.
      const sharedRollups = ownerUserId === null ? warehouseRollupSql(months, { rowsRemoved: true }) : [];
      for (const statement of [...sharedRollups, ...ownedDomainMonthRollupSql(months, ownerUserId)]) await client.query(statement.sql, statement.params);
    }
    await client.query('delete from data_source where id = $1', [sourceId]);
    if (!options.inTransaction) await client.query('commit');
    return { observations, ranks, keywords, pages: (pages.rows[0] as { n: number }).n, domains, months };
  } catch (error) {
    if (!options.inTransaction) await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
