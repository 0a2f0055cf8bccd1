import { installationOwner } from '../viewer-scope.js';

/**
 * Rebuilds domain_month (one row per domain, territory and month) from organic_rank and paid_ad, for the given
 * months or all of them. Run when data lands; an overview then reads one row and a history chart 24.
 * Ranks are first reduced to one per (domain, keyword, month) — a site with two pages for a keyword counts the
 * keyword once, at its best position. Installation data only: domain_month is read by every user, and a user's
 * imported rows are theirs alone (docs/decisions.md, "Imported rows are private").
 */
export function domainMonthRollupSql(months?: readonly string[]): { sql: string; params: unknown[] }[] {
  const monthFilter = (column: string) => (months?.length ? `where ${column} = any($1::date[])` : '');
  // Roll-ups are shared by every user, so they count installation data only: a user's imports are private.
  const installationRanks = `where owner_user_id = '${installationOwner}'${months?.length ? ' and month = any($1::date[])' : ''}`;
  const params = months?.length ? [months] : [];
  return [
    { sql: `delete from domain_month ${monthFilter('month')}`, params },
    {
      sql: `insert into domain_month (domain_id, territory, month, organic_keywords, organic_top3, organic_top10, organic_clicks,
              organic_value, average_position, paid_keywords, paid_clicks, paid_budget)
            select best.domain_id, best.territory, best.month, count(*), count(*) filter (where best.position <= 3),
              count(*) filter (where best.position <= 10), sum(best.clicks), round(sum(best.clicks * k.cpc), 2),
              round(avg(best.position), 2), 0, 0, 0
            from (
              select domain_id, territory, month, keyword_id, min(position) as position, sum(clicks) as clicks
              from organic_rank ${installationRanks}
              group by domain_id, territory, month, keyword_id
            ) best
            join keyword k on k.id = best.keyword_id
            group by best.domain_id, best.territory, best.month`,
      params,
    },
    {
      sql: `insert into domain_month as dm (domain_id, territory, month, organic_keywords, organic_top3, organic_top10, organic_clicks,
              organic_value, average_position, paid_keywords, paid_clicks, paid_budget)
            select a.domain_id, a.territory, a.month, 0, 0, 0, 0, 0, null, count(distinct a.keyword_id), sum(a.clicks),
              round(sum(a.clicks * k.cpc), 2)
            from paid_ad a join keyword k on k.id = a.keyword_id
            ${monthFilter('a.month')}
            group by a.domain_id, a.territory, a.month
            on conflict (domain_id, territory, month) do update
              set paid_keywords = excluded.paid_keywords, paid_clicks = excluded.paid_clicks, paid_budget = excluded.paid_budget`,
      params,
    },
  ];
}

/**
 * Keeps page_first_month (the first month each page ranked in each territory) up to date: for the given months,
 * a page's first month can only move earlier; without months it is rebuilt whole.
 */
export function pageFirstMonthRollupSql(months?: readonly string[]): { sql: string; params: unknown[] }[] {
  if (!months?.length) {
    return [
      { sql: 'delete from page_first_month', params: [] },
      {
        sql: `insert into page_first_month (page_id, territory, first_month)
              select page_id, territory, min(month) from organic_rank where owner_user_id = '${installationOwner}' group by page_id, territory`,
        params: [],
      },
    ];
  }
  return [
    {
      sql: `insert into page_first_month as f (page_id, territory, first_month)
            select page_id, territory, min(month) from organic_rank where owner_user_id = '${installationOwner}' and month = any($1::date[])
            group by page_id, territory
            on conflict (page_id, territory) do update set first_month = least(f.first_month, excluded.first_month)`,
      params: [months],
    },
  ];
}

/** Every roll-up to run when data lands (the loader, imports, tests that write ranks by hand). */
export const warehouseRollupSql = (months?: readonly string[]) => [...domainMonthRollupSql(months), ...pageFirstMonthRollupSql(months)];
