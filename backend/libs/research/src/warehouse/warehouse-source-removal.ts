import type pg from 'pg';
import { warehouseRollupSql } from './domain-month-rollup.js';

/** Every first day of a month from a month-keyed table's first month to its last (two index reads). */
const everyMonthOf = (table: 'organic_rank' | 'paid_ad') =>
  `array(select generate_series((select min(month) from ${table}), (select max(month) from ${table}), interval '1 month')::date)`;

export interface RemovalResult {
  observations: number;
  ranks: number;
  keywords: number;
  pages: number;
  domains: number;
  months: string[];
}

/**
 * Removes everything one source brought: its search results (serp_observation, organic_rank), then the keywords,
 * pages and domains it added that no other row still uses, and the data_source row itself; the months it touched
 * are filled again from the remaining observations of other sources (so another user's import of the same results
 * takes over the monthly row) and rolled up. One transaction.
 */
export async function removeWarehouseSource(client: pg.ClientBase, sourceId: number): Promise<RemovalResult> {
  await client.query('begin');
  try {
    // Hash joins over a large import's million results stay in memory (as when it was landed).
    await client.query(`set local work_mem = '256MB'`);
    const months = (await client.query<{ month: string }>(
      `select distinct to_char(date_trunc('month', observed_on), 'YYYY-MM-DD') as month from serp_observation where source_id = $1
       union select to_char(month, 'YYYY-MM-DD') from organic_rank where source_id = $1 order by 1`, [sourceId])).rows.map((row) => row.month);
    const [owner] = (await client.query<{ owner_user_id: string | null }>('select owner_user_id from data_source where id = $1', [sourceId])).rows;
    const ownerUserId = owner?.owner_user_id ?? null;
    const ranks = (await client.query('delete from organic_rank where source_id = $1 and month = any($2::date[])', [sourceId, months])).rowCount ?? 0;
    // What the source's results named: its owner may no longer have anything of them (owner_user_ids below).
    await client.query(`create temp table removed_observation on commit drop as
      with gone as (delete from serp_observation where source_id = $1 returning keyword_id, domain_id, page_id) select * from gone`, [sourceId]);
    const observations = Number((await client.query<{ n: string }>('select count(*) as n from removed_observation')).rows[0]!.n);
    await client.query('analyze removed_observation');
    if (months.length) {
      await client.query(
        `insert into organic_rank (month, keyword_id, position, owner_user_id, territory, domain_id, page_id, clicks, source_id, observed_on)
         select distinct on (month, o.keyword_id, o.position, o.owner_user_id) date_trunc('month', o.observed_on)::date as month, o.keyword_id, o.position,
           o.owner_user_id, o.territory, o.domain_id, o.page_id, coalesce(o.clicks, 0), o.source_id, o.observed_on
         from serp_observation o
         where o.observed_on >= $1::date and o.observed_on < ($2::date + interval '1 month')
           and date_trunc('month', o.observed_on)::date = any($3::date[])
         order by month, o.keyword_id, o.position, o.owner_user_id, o.observed_on desc
         on conflict (month, keyword_id, position, owner_user_id) do nothing`, [months[0], months.at(-1), months]);
    }
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
        await client.query(`create temp table removal_kept_${table} on commit drop as
          select distinct o.${column} as id from serp_observation o where o.owner_user_id = $1::uuid
            and o.${column} in (select id from removal_named_${table})`, [ownerUserId]);
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
         and not exists (select 1 from paid_ad a where a.keyword_id = k.id and a.month = any(${everyMonthOf('paid_ad')}))`)).rowCount ?? 0;
    const domains = (await client.query(
      `delete from domain d where (d.source_id = $1 or d.owner_user_ids = '{}') and not exists (select 1 from page p where p.domain_id = d.id)
         and not exists (select 1 from domain_month m where m.domain_id = d.id and not (m.month = any($2::date[])))`, [sourceId, months])).rowCount ?? 0;
    if (months.length) for (const statement of warehouseRollupSql(months)) await client.query(statement.sql, statement.params);
    await client.query('delete from data_source where id = $1', [sourceId]);
    await client.query('commit');
    return { observations, ranks, keywords, pages: (pages.rows[0] as { n: number }).n, domains, months };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
