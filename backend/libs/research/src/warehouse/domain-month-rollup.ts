import { installationOwner } from '../viewer-scope.js';
import { competitorRollupSql, type ChangedDomainMonths } from './competitor-rollup.js';
import { organicRollupSql } from './organic-rollup.js';
import { rivalRollupSql } from './rival-rollup.js';

/**
 * Rebuilds domain_month (one row per domain, territory and month) from organic_rank and paid_ad, for the given
 * months or all of them. Run when data lands; an overview then reads one row and a history chart 24.
 * Ranks are first reduced to one per (domain, keyword, month) — a site with two pages for a keyword counts the
 * keyword once, at its best position. Clicks and value sum what is known (a rank with unknown clicks, a keyword with
 * an unknown CPC add nothing; docs/decisions.md, issue 19): a domain's total is never unknown because one keyword
 * is. Installation data only: domain_month is read by every user, and a user's imported rows are theirs alone (docs/decisions.md, "Imported rows are private").
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
              count(*) filter (where best.position <= 10), coalesce(sum(best.clicks), 0), coalesce(round(sum(best.clicks * k.cpc), 2), 0),
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
              coalesce(round(sum(a.clicks * k.cpc), 2), 0)
            from paid_ad a join keyword k on k.id = a.keyword_id
            ${monthFilter('a.month')}
            group by a.domain_id, a.territory, a.month
            on conflict (domain_id, territory, month) do update
              set paid_keywords = excluded.paid_keywords, paid_clicks = excluded.paid_clicks, paid_budget = excluded.paid_budget`,
      params,
    },
    ...providerMonthsSql(months),
  ];
}

/**
 * A provider's whole-domain figures of a month (provider_domain_month, issue 20) win over the roll-up of the few ranks
 * and ads a fetch brought of that domain (a sample: its top keywords); a figure the provider did not give keeps the
 * roll-up's. Months the warehouse has no ranks for (the overview history) are added from them.
 */
function providerMonthsSql(months?: readonly string[]): { sql: string; params: unknown[] }[] {
  const params = months?.length ? [months] : [];
  const inMonths = months?.length ? 'and p.month = any($1::date[])' : '';
  return [
    {
      sql: `update domain_month dm set organic_keywords = p.organic_keywords, organic_top3 = coalesce(p.organic_top3, dm.organic_top3),
              organic_top10 = coalesce(p.organic_top10, dm.organic_top10), organic_clicks = coalesce(p.organic_clicks, dm.organic_clicks),
              organic_value = coalesce(p.organic_value, dm.organic_value), paid_keywords = coalesce(p.paid_keywords, dm.paid_keywords),
              paid_clicks = coalesce(p.paid_clicks, dm.paid_clicks), paid_budget = coalesce(p.paid_budget, dm.paid_budget)
            from provider_domain_month p
            where p.domain_id = dm.domain_id and p.territory = dm.territory and p.month = dm.month and p.organic_keywords is not null ${inMonths}`,
      params,
    },
    {
      // domain_month keeps no unknown: a figure the provider left out of a month only it knows counts 0 there.
      sql: `insert into domain_month (domain_id, territory, month, organic_keywords, organic_top3, organic_top10, organic_clicks,
              organic_value, average_position, paid_keywords, paid_clicks, paid_budget)
            select p.domain_id, p.territory, p.month, p.organic_keywords, coalesce(p.organic_top3, 0), coalesce(p.organic_top10, 0),
              coalesce(p.organic_clicks, 0), coalesce(p.organic_value, 0), null, coalesce(p.paid_keywords, 0), coalesce(p.paid_clicks, 0),
              coalesce(p.paid_budget, 0)
            from provider_domain_month p
            where p.organic_keywords is not null ${inMonths}
              and not exists (select 1 from domain_month dm where dm.domain_id = p.domain_id and dm.territory = p.territory and dm.month = p.month)`,
      params,
    },
  ];
}

/**
 * Keeps page_first_month (the first month each page ranked in each territory) up to date: without months it is
 * rebuilt whole. For the given months: a landing moves a page's first month earlier (the upsert keeping the least);
 * a removal (`rowsRemoved`) can move it later — a page whose first month is one of them and has no installation rank
 * there any more is recounted from all its months, or dropped when it ranks nowhere (a probe per page first seen in
 * those months: only a removal pays it).
 */
export function pageFirstMonthRollupSql(months?: readonly string[], options: { rowsRemoved?: boolean } = {}): { sql: string; params: unknown[] }[] {
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
  const movedLater = [
    {
      // A first month left without an installation rank (a removal): the page's earliest month that has one.
      sql: `update page_first_month f set first_month = moved.first_month
            from (select o.page_id, o.territory, (select min(r.month) from organic_rank r where r.page_id = o.page_id and r.territory = o.territory
                    and r.owner_user_id = '${installationOwner}') as first_month
                  from page_first_month o where o.first_month = any($1::date[])
                    and not exists (select 1 from organic_rank r where r.page_id = o.page_id and r.territory = o.territory and r.month = o.first_month
                      and r.owner_user_id = '${installationOwner}')) moved
            where (f.page_id, f.territory) = (moved.page_id, moved.territory) and moved.first_month is not null`,
      params: [months],
    },
    {
      // …or none at all: the page no longer ranks in the territory.
      sql: `delete from page_first_month f where f.first_month = any($1::date[])
            and not exists (select 1 from organic_rank r where r.page_id = f.page_id and r.territory = f.territory and r.owner_user_id = '${installationOwner}')`,
      params: [months],
    },
  ];
  return [
    ...(options.rowsRemoved ? movedLater : []),
    {
      sql: `insert into page_first_month as f (page_id, territory, first_month)
            select page_id, territory, min(month) from organic_rank where owner_user_id = '${installationOwner}' and month = any($1::date[])
            group by page_id, territory
            on conflict (page_id, territory) do update set first_month = least(f.first_month, excluded.first_month)`,
      params: [months],
    },
  ];
}

/**
 * Every roll-up to run when data lands (the loader, imports, provider fetches, removals, tests that write ranks by
 * hand). The competitor roll-up reads domain_month, so it comes after it, and the SEO keywords' and top pages' roll-up reads the
 * competitor roll-up's list of large domain-months, so it comes after that, and the rival pairs read its keywords; `changedDomainMonths` narrows both
 * (competitor-rollup.ts, organic-rollup.ts).
 */
export const warehouseRollupSql = (months?: readonly string[], scope: { changedDomainMonths?: ChangedDomainMonths; rowsRemoved?: boolean } = {}) =>
  [...domainMonthRollupSql(months), ...competitorRollupSql(months, { changed: scope.changedDomainMonths }),
    ...organicRollupSql(months, { changed: scope.changedDomainMonths }), ...rivalRollupSql(months, { changed: scope.changedDomainMonths }),
    ...pageFirstMonthRollupSql(months, { rowsRemoved: scope.rowsRemoved ?? false })];
