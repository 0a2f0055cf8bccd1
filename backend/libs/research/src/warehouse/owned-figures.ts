import type pg from 'pg';
import { installationOwner } from '../viewer-scope.js';

/**
 * A user's own figures win for that user (docs/decisions.md, "Issue 19: the user's data wins for that user"). The
 * warehouse keeps one keyword row per (keyword, territory) and one domain_month row per (domain, territory, month)
 * for everyone; what an importer's files say of them is kept beside, per owner, and viewer-scope.ts reads it over
 * the shared rows for that owner only:
 * - owned_keyword_number: the numbers (volume, CPC, competition, difficulty) each import brought, per keyword and month;
 * - owned_keyword: the owner's current numbers of a keyword, per number the newest month's known value;
 * - owned_domain_month: the owner's roll-up of a domain and month their ranks touch — their own ranks, and the
 *   installation's for the keywords they have none of for that domain and month.
 */

/** The numbers a file gives, in the order of the tables' columns. */
const numbers = ['volume', 'cpc', 'competition', 'difficulty'] as const;

/**
 * Keeps the numbers the staged rows (warehouse-staging.ts, after the writer resolved their keyword ids) give for the
 * owner: per keyword, the month of its newest row; per number, the newest value (null when no row gives it). The
 * same file again replaces nothing it does not give. The keywords whose numbers changed are left in the temporary table
 * warehouse_owned_keyword (what the writer counts as landed).
 */
export async function landOwnedKeywordNumbers(client: pg.ClientBase, ownerUserId: string, sourceId: number): Promise<void> {
  const newest = (value: string, on: string) => `(array_agg(${value} order by r.${on} desc, r.ref desc) filter (where ${value} is not null))[1]`;
  // A Keyword Planner line may give the monthly history only: its last month is the volume.
  const volume = `coalesce(${newest('r.volume', 'volume_on')}, ${newest('r.volume_history[array_upper(r.volume_history, 1)]', 'volume_history_on')})`;
  // The keywords whose numbers this import changed: their rows landed something, even if the keyword was there.
  await client.query('create temp table if not exists warehouse_owned_keyword (keyword_id int) on commit drop');
  await client.query('truncate warehouse_owned_keyword');
  await client.query(
    `with given as (insert into owned_keyword_number (owner_user_id, keyword_id, month, source_id, ${numbers.join(', ')})
     select * from (
       select $1::uuid, k.keyword_id, date_trunc('month', max(r.newest))::date as month, $2::smallint, ${volume} as volume,
         ${newest('r.cpc', 'cpc_on')} as cpc, ${newest('r.competition', 'competition_on')} as competition, ${newest('r.difficulty', 'difficulty_on')} as difficulty
       from warehouse_keyword_ref r join warehouse_keyword_id k on k.ref = r.ref
       group by k.keyword_id
     ) given
     where ${numbers.map((name) => `given.${name} is not null`).join(' or ')}
     on conflict (owner_user_id, keyword_id, month, source_id) do update
       set ${numbers.map((name) => `${name} = coalesce(excluded.${name}, owned_keyword_number.${name})`).join(', ')}
       where (${numbers.map((name) => `coalesce(excluded.${name}, owned_keyword_number.${name})`).join(', ')})
         is distinct from (${numbers.map((name) => `owned_keyword_number.${name}`).join(', ')})
     returning keyword_id)
     insert into warehouse_owned_keyword select keyword_id from given`,
    [ownerUserId, sourceId]);
  await refreshOwnedKeywords(client, ownerUserId, 'select distinct keyword_id from warehouse_keyword_id');
}

/**
 * Rebuilds the owner's current numbers of the keywords `keywordIds` (a SELECT of keyword ids) from what their imports
 * still give: per number, the newest month's known value (on the same month the newer import's).
 */
export async function refreshOwnedKeywords(client: pg.ClientBase, ownerUserId: string, keywordIds: string): Promise<void> {
  const newest = (value: string) => `(array_agg(n.${value} order by n.month desc, n.source_id desc) filter (where n.${value} is not null))[1]`;
  await client.query(
    `delete from owned_keyword o where o.owner_user_id = $1::uuid and o.keyword_id in (${keywordIds})
       and not exists (select 1 from owned_keyword_number n where n.owner_user_id = o.owner_user_id and n.keyword_id = o.keyword_id)`, [ownerUserId]);
  await client.query(
    `insert into owned_keyword (owner_user_id, keyword_id, month, source_id, ${numbers.join(', ')})
     select n.owner_user_id, n.keyword_id, max(n.month), (array_agg(n.source_id order by n.month desc, n.source_id desc))[1],
       ${numbers.map(newest).join(', ')}
     from owned_keyword_number n where n.owner_user_id = $1::uuid and n.keyword_id in (${keywordIds})
     group by n.owner_user_id, n.keyword_id
     on conflict (owner_user_id, keyword_id) do update
       set month = excluded.month, source_id = excluded.source_id, ${numbers.map((name) => `${name} = excluded.${name}`).join(', ')}`, [ownerUserId]);
  // The monthly searches the tables read for a month (tables/keyword-sql.ts volumeAt): the keyword's history with the
  // owner's months in place, stretched to cover them.
  await client.query(
    `with own as (
       select n.keyword_id, n.month, (array_agg(n.volume order by n.source_id desc) filter (where n.volume is not null))[1] as volume
       from owned_keyword_number n where n.owner_user_id = $1::uuid and n.keyword_id in (${keywordIds}) and n.volume is not null
       group by n.keyword_id, n.month),
     span as (
       select o.keyword_id, least(min(o.month), k.history_start) as first,
         greatest(max(o.month), (k.history_start + make_interval(months => coalesce(array_length(k.volume_history, 1), 1) - 1))::date) as last
       from own o join keyword k on k.id = o.keyword_id group by o.keyword_id, k.history_start, k.volume_history),
     history as (
       select s.keyword_id, s.first, array_agg(coalesce(o.volume,
           k.volume_history[((extract(year from m.month) - extract(year from k.history_start)) * 12 + extract(month from m.month) - extract(month from k.history_start))::int + 1])
           order by m.month) as volumes
       from span s join keyword k on k.id = s.keyword_id
         cross join lateral (select generate_series(s.first, s.last, interval '1 month')::date as month) m
         left join own o on o.keyword_id = s.keyword_id and o.month = m.month
       group by s.keyword_id, s.first)
     update owned_keyword w set volume_history = h.volumes, history_start = h.first
     from history h where w.owner_user_id = $1::uuid and w.keyword_id = h.keyword_id`, [ownerUserId]);
}

/** Forgets the numbers one import brought (its removal), and what its owner's keywords then show. */
export async function removeOwnedKeywordNumbers(client: pg.ClientBase, ownerUserId: string, sourceId: number): Promise<void> {
  await client.query(`create temp table removed_owned_keyword on commit drop as
    with gone as (delete from owned_keyword_number where source_id = $1 returning keyword_id) select distinct keyword_id from gone`, [sourceId]);
  await refreshOwnedKeywords(client, ownerUserId, 'select keyword_id from removed_owned_keyword');
}

/**
 * Rebuilds owned_domain_month for the months given: of one owner, or (ownerUserId null: installation data landed, which
 * the owners' roll-ups include) of every owner with ranks in them. A (domain, month) an owner's ranks touch is the
 * installation's roll-up with the owner's best rank of each of their keywords in place of the installation's for that
 * keyword (the user's rank wins, and a Search Console import of a site the demo market knows does not empty its other
 * keywords); their keywords' value uses their CPC where they gave one; the paid numbers are the installation's. The
 * work is the owner's rows', not the touched domains' whole ranking, so a large import of popular sites' results
 * stays as fast to land.
 *
 * The owner's best ranks go into an analysed temporary table first: read straight from organic_rank they were planned
 * with the partition's statistics from before the landing (one row), so each of a large import's 100,000 ranks was
 * probed one by one against keyword, owned_keyword, organic_rank and domain_month (~1.1 M buffer reads). Counted, the
 * planner joins them in bulk; and the installation's domain_month row is joined once per (domain, month), after the
 * sums, instead of once per rank. Needs a transaction (the table is dropped at its commit), as every caller has.
 */
export function ownedDomainMonthRollupSql(months: readonly string[], ownerUserId: string | null): { sql: string; params: unknown[] }[] {
  const owners = (alias: string) => (ownerUserId === null ? `${alias}.owner_user_id <> '${installationOwner}'` : `${alias}.owner_user_id = $2::uuid`);
  const params = ownerUserId === null ? [months] : [months, ownerUserId];
  // Per sign, a sum that is 0 rather than null when no row counts.
  const net = (value: string, where = 'true') => `coalesce(sum(s.sign * ${value}) filter (where ${where}), 0)`;
  const keywords = 'coalesce(m.organic_keywords, 0) + g.keywords';
  return [
    { sql: `delete from owned_domain_month r where r.month = any($1::date[]) and ${owners('r')}`, params },
    {
      sql: `create temp table if not exists owned_rollup_best (owner_user_id uuid, domain_id int, territory varchar(2), month date, keyword_id int,
              position smallint, clicks bigint) on commit drop`,
      params: [],
    },
    { sql: 'truncate owned_rollup_best', params: [] },
    {
      sql: `insert into owned_rollup_best
            select r.owner_user_id, r.domain_id, r.territory, r.month, r.keyword_id, min(r.position) as position, sum(r.clicks) as clicks
            from organic_rank r where r.month = any($1::date[]) and ${owners('r')}
            group by 1, 2, 3, 4, 5`,
      params,
    },
    { sql: 'analyze owned_rollup_best', params: [] },
    {
      // The installation's rank a best rank replaces is looked for only under the keywords the installation ranks in that
      // month (one probe per keyword, not per keyword and domain: a file of 5,000 new keywords made 100,000 probes).
      sql: `with installed as materialized (
              select k.month, k.keyword_id from (select distinct month, keyword_id from owned_rollup_best) k
              where exists (select 1 from organic_rank r where r.month = k.month and r.keyword_id = k.keyword_id and r.owner_user_id = '${installationOwner}')),
            replaced as (
              select b.owner_user_id, b.domain_id, b.territory, b.month, b.keyword_id, min(r.position) as position, sum(r.clicks) as clicks
              from owned_rollup_best b join installed i on i.month = b.month and i.keyword_id = b.keyword_id
                join organic_rank r on r.month = b.month and r.keyword_id = b.keyword_id
                and r.owner_user_id = '${installationOwner}' and r.domain_id = b.domain_id
              group by 1, 2, 3, 4, 5),
            signed as (
              select b.*, 1 as sign, coalesce(o.cpc, k.cpc) as cpc from owned_rollup_best b join keyword k on k.id = b.keyword_id
                left join owned_keyword o on o.owner_user_id = b.owner_user_id and o.keyword_id = b.keyword_id
              union all
              select x.*, -1, k.cpc from replaced x join keyword k on k.id = x.keyword_id),
            -- What the owner's ranks change of each (domain, month): added to the installation's figures below.
            g as (
              select s.owner_user_id, s.domain_id, s.territory, s.month, ${net('1')} as keywords,
                ${net('1', 's.position <= 3')} as top3, ${net('1', 's.position <= 10')} as top10, ${net('s.clicks')} as clicks,
                count(s.cpc) filter (where s.sign = 1) as priced, ${net('s.clicks * s.cpc', 's.cpc is not null')} as value, ${net('s.position')} as positions
              from signed s group by s.owner_user_id, s.domain_id, s.territory, s.month)
            insert into owned_domain_month (owner_user_id, domain_id, territory, month, organic_keywords, organic_top3, organic_top10,
              organic_clicks, organic_value, average_position, paid_keywords, paid_clicks, paid_budget)
            select g.owner_user_id, g.domain_id, g.territory, g.month, ${keywords},
              coalesce(m.organic_top3, 0) + g.top3, coalesce(m.organic_top10, 0) + g.top10,
              coalesce(m.organic_clicks, 0) + g.clicks,
              -- Unknown (null) when neither the installation's roll-up nor any of the owner's keywords has a CPC.
              case when m.organic_value is null and g.priced = 0 then null
                else round(coalesce(m.organic_value, 0) + g.value, 2) end,
              round((coalesce(m.average_position * m.organic_keywords, 0) + g.positions) / nullif(${keywords}, 0), 2),
              coalesce(m.paid_keywords, 0), coalesce(m.paid_clicks, 0), coalesce(m.paid_budget, 0)
            from g left join domain_month m on m.domain_id = g.domain_id and m.territory = g.territory and m.month = g.month`,
      params: [],
    },
    ...siteTotalsWinSql(months, ownerUserId),
  ];
}

/**
 * A site's measured month (Search Console's daily table, site_traffic without a page) is its owner's clicks for that
 * month: the queries alone add up to less (Search Console leaves anonymised queries out), and a month's total on the
 * overview must match the export's daily table (issue 19, point 2). Run after the roll-up and after site traffic lands.
 */
export function siteTotalsWinSql(months: readonly string[], ownerUserId: string | null): { sql: string; params: unknown[] }[] {
  const owner = ownerUserId === null ? `r.owner_user_id <> '${installationOwner}'` : 'r.owner_user_id = $2::uuid';
  return [{
    sql: `update owned_domain_month r set organic_clicks = t.clicks
          from site_traffic t where t.page_id is null and t.clicks is not null and t.owner_user_id = r.owner_user_id
            and t.domain_id = r.domain_id and t.territory = r.territory and t.month = r.month
            and r.month = any($1::date[]) and ${owner}`,
    params: ownerUserId === null ? [months] : [months, ownerUserId],
  }];
}
