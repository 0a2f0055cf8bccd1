import type { Sql } from '../sql.js';
import { installationOwner } from '../viewer-scope.js';

/**
 * Competitors of large domains, precomputed (issue 27 point 1). Counting a domain's competitors from ranks reads every
 * rank of every keyword it has that month (≈ 20 per keyword), so its time grows with the domain: past 300 ms at about
 * 22,000 keywords on the bench machine, seconds for a domain with a million. For each domain-month with at least
 * `competitorRollupMinKeywords` keywords (installation data), competitor_month holds every other domain ranking for
 * one of them with the keywords both rank for and their sources; competitor_rollup_month says which domain-months are
 * there and how many keywords the domain has. Smaller domains are counted from ranks per request (cheap for them).
 *
 * Rebuilt with domain_month when data lands (warehouseRollupSql: the loader, provider fetches, removals), in the same
 * transaction, so a reader never sees a roll-up older than the ranks; a landing through the writer rebuilds only the
 * domain-months whose ranks it can have changed (ChangedDomainMonths), and a user's import none.
 */
export const competitorRollupMinKeywords = 5000;

/**
 * Which domain-months a landing may have changed for the roll-up: `'none'` when no installation rank changed (a user's
 * import: the roll-up counts installation data only), or a table of (domain_id, territory, month) — the domains that
 * ranked for a landed keyword in its month, before or after the landing (the writer notes them): only a pair of
 * domains that both rank for a changed keyword can change its count. Without it, every domain-month of the months.
 */
export type ChangedDomainMonths = 'none' | { table: string };

export function competitorRollupSql(
  months?: readonly string[],
  options: { minKeywords?: number; changed?: ChangedDomainMonths } = {},
): { sql: string; params: unknown[] }[] {
  const { minKeywords = competitorRollupMinKeywords, changed } = options;
  if (changed === 'none') return [];
  const changedOnly = (alias: string) => changed
    ? ` and (${alias}.domain_id, ${alias}.territory, ${alias}.month) in (select domain_id, territory, month from ${changed.table})` : '';
  const inMonths = (alias: string) => `${months?.length ? `${alias}.month = any($1::date[])` : 'true'}${changedOnly(alias)}`;
  const params = months?.length ? [months] : [];
  const installation = `owner_user_id = '${installationOwner}'`;
  return [
    { sql: `delete from competitor_month c where ${inMonths('c')}`, params },
    { sql: `delete from competitor_rollup_month l where ${inMonths('l')}`, params },
    {
      // Candidates from domain_month (just rebuilt); the keyword count from ranks, since a provider's whole-domain
      // figure may stand in domain_month instead of the ranks' count.
      sql: `insert into competitor_rollup_month (domain_id, territory, month, keywords)
            select dm.domain_id, dm.territory, dm.month, counted.keywords
            from domain_month dm
            cross join lateral (select count(distinct r.keyword_id)::int as keywords from organic_rank r
              where r.domain_id = dm.domain_id and r.territory = dm.territory and r.month = dm.month and r.${installation}) counted
            where ${inMonths('dm')} and dm.organic_keywords >= ${Number(minKeywords)} and counted.keywords >= ${Number(minKeywords)}`,
      params,
    },
    {
      // Per rolled-up domain-month: its keywords, then every other domain's ranks of them (the primary key by month and
      // keyword), counted per domain. The same rows the per-request count reads (seo/competitors.ts sharedRanks).
      sql: `insert into competitor_month (domain_id, territory, month, competitor_domain_id, common_keywords, source_ids)
            select l.domain_id, l.territory, l.month, o.domain_id, count(distinct o.keyword_id), array_agg(distinct o.source_id)
            from competitor_rollup_month l
            join lateral (select distinct r.keyword_id from organic_rank r
              where r.domain_id = l.domain_id and r.territory = l.territory and r.month = l.month and r.${installation}) mine on true
            join organic_rank o on o.month = l.month and o.keyword_id = mine.keyword_id and o.territory = l.territory
              and o.domain_id <> l.domain_id and o.${installation}
            where ${inMonths('l')}
            group by l.domain_id, l.territory, l.month, o.domain_id`,
      params,
    },
  ];
}

/**
 * Whether the competitors of a domain-month can be read from the roll-up for this viewer: it is rolled up, and the
 * viewer sees no rows but installation data in that territory and month (their own imports, their team's: the
 * roll-up counts installation data only). Run through the viewer-scoped Sql, whose organic_rank is what the viewer sees.
 */
export async function competitorsRolledUp(sql: Sql, criteria: { domainId: number; territory: string; month: string }): Promise<boolean> {
  const [row] = await sql.query<{ rolled_up: boolean }>(
    `select exists (select 1 from competitor_rollup_month where domain_id = ? and territory = ? and month = ?::date)
       and not exists (select 1 from organic_rank r where r.territory = ? and r.month = ?::date and r.owner_user_id <> '${installationOwner}') as rolled_up`,
    [criteria.domainId, criteria.territory, criteria.month, criteria.territory, criteria.month],
  );
  return row?.rolled_up === true;
}
