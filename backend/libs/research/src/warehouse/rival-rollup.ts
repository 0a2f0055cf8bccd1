import type { Sql } from '../sql.js';
import { installationOwner } from '../viewer-scope.js';
import type { ChangedDomainMonths } from './competitor-rollup.js';
import { rebuiltDomainMonth } from './organic-rollup.js';

/**
 * The SEO keywords' competitor types between two very large domains, precomputed (issue 27 point 1). Their rows are
 * the subject's keywords a competitor ranks above, in the subject's clicks order: between the 1,000,000-keyword giant
 * and its 300,000-keyword rival those are the giant's low-click keywords, and neither side's keywords can be walked to
 * find them (a million probes), nor counted per request. For each pair of rolled-up domain-months of one territory and
 * month with at least `rivalRollupMinKeywords` keywords each, organic_rival_keyword_month holds the subject's keywords
 * the rival's best position beats (with the subject's clicks and term: the table's default order and tie-break, and
 * `surpassed`: the subject ranked the month before and the rival was not above it then), and organic_rival_month the
 * pair's two counts. Both read the pair's organic_keyword_month rows (best position and the month before's), so this
 * runs after organicRollupSql, for the pairs of which either side it rebuilt. Smaller pairs are found per request from
 * the smaller side (seo/rival-keywords.ts). Installation data only, like every roll-up.
 */
export const rivalRollupMinKeywords = 50_000;

export function rivalRollupSql(
  months?: readonly string[],
  options: { minKeywords?: number; changed?: ChangedDomainMonths } = {},
): { sql: string; params: unknown[] }[] {
  const { minKeywords = rivalRollupMinKeywords, changed } = options;
  if (changed === 'none') return [];
  const params = months?.length ? [months] : [];
  const rebuilt = (domainId: string, alias: string) => rebuiltDomainMonth(domainId, `${alias}.territory`, `${alias}.month`, months, changed);
  const eitherRebuilt = (alias: string) => `(${rebuilt(`${alias}.domain_id`, alias)} or ${rebuilt(`${alias}.rival_domain_id`, alias)})`;
  // The pairs: two large domain-months of the same territory and month, both built with the previous month's keys.
  const pairs = `organic_rollup_month ls join organic_rollup_month lc on lc.territory = ls.territory and lc.month = ls.month and lc.domain_id <> ls.domain_id`;
  const pairWhere = `ls.keywords >= ${Number(minKeywords)} and lc.keywords >= ${Number(minKeywords)} and ls.change_counts is not null and lc.change_counts is not null
      and (${rebuilt('ls.domain_id', 'ls')} or ${rebuilt('lc.domain_id', 'lc')})`;
  return [
    { sql: `delete from organic_rival_keyword_month x where ${eitherRebuilt('x')}`, params },
    { sql: `delete from organic_rival_month x where ${eitherRebuilt('x')}`, params },
    {
      // Positions are unique per results page, so "above" is the rival's best position before the subject's; the
      // month before, the rival was not above if it did not rank (null) or ranked below.
      sql: `insert into organic_rival_keyword_month (domain_id, territory, month, rival_domain_id, keyword_id, clicks, term, surpassed)
            select s.domain_id, s.territory, s.month, c.domain_id, s.keyword_id, s.clicks, s.term,
              s.previous_position is not null and (c.previous_position is null or c.previous_position > s.previous_position)
            from ${pairs}
            join organic_keyword_month s on (s.domain_id, s.territory, s.month) = (ls.domain_id, ls.territory, ls.month)
            join organic_keyword_month c on (c.domain_id, c.territory, c.month, c.keyword_id) = (lc.domain_id, lc.territory, lc.month, s.keyword_id)
            where ${pairWhere} and c.position < s.position`,
      params,
    },
    {
      // Every pair gets its row, with zeros when the rival is never above: the row says the pair is precomputed.
      sql: `insert into organic_rival_month (domain_id, territory, month, rival_domain_id, outranked, surpassed)
            select ls.domain_id, ls.territory, ls.month, lc.domain_id, n.outranked, n.surpassed
            from ${pairs}
            cross join lateral (select count(*)::int as outranked, (count(*) filter (where x.surpassed))::int as surpassed
              from organic_rival_keyword_month x where (x.domain_id, x.territory, x.month, x.rival_domain_id) = (ls.domain_id, ls.territory, ls.month, lc.domain_id)) n
            where ${pairWhere}`,
      params,
    },
  ];
}

/**
 * The pair's precomputed rows, if the roll-up has them for this viewer: the pair is rolled up in that month, and the
 * viewer sees no rank of the rival but installation data that month and the month before (the subject's own ranks are
 * organicKeywordsRolledUp's check). Run through the viewer-scoped Sql.
 */
export async function rivalPairRolledUp(sql: Sql, criteria: { domainId: number; rivalDomainId: number; territory: string; month: string }): Promise<boolean> {
  const [row] = await sql.query<{ rolled_up: boolean }>(
    `select exists (select 1 from organic_rival_month where domain_id = ? and territory = ? and month = ?::date and rival_domain_id = ?)
       and not exists (select 1 from organic_rank r where r.domain_id = ? and r.territory = ?
         and r.month in (?::date, (?::date - interval '1 month')::date) and r.owner_user_id <> '${installationOwner}') as rolled_up`,
    [criteria.domainId, criteria.territory, criteria.month, criteria.rivalDomainId, criteria.rivalDomainId, criteria.territory, criteria.month, criteria.month],
  );
  return row?.rolled_up === true;
}

/** Where the competitor types of a rolled-up subject find their keywords (seo/rival-keywords.ts). */
export type RivalSource = { kind: 'pair'; rivalDomainId: number } | { kind: 'probe'; drive: 'subject' | 'rivals' };

/**
 * The precomputed pair when there is one competitor and the roll-up has the pair for this viewer; else a per-request
 * probe from the smaller side: the subject's rolled-up keywords, or the competitors' keywords of M (their
 * domain_month count, as the viewer sees it). Run through the viewer-scoped Sql, for a subject whose keywords are
 * rolled up for this viewer (organicKeywordsRolledUp).
 */
export async function rivalSourceOf(sql: Sql, criteria: { domainId: number; competitorIds: readonly number[]; territory: string; month: string }): Promise<RivalSource> {
  const [only] = criteria.competitorIds;
  if (criteria.competitorIds.length === 1 && only !== undefined && only !== criteria.domainId
    && await rivalPairRolledUp(sql, { domainId: criteria.domainId, rivalDomainId: only, territory: criteria.territory, month: criteria.month })) {
    return { kind: 'pair', rivalDomainId: only };
  }
  const [sizes] = await sql.query<{ subject: number | null; rivals: number | null }>(
    `select (select keywords from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date) as subject,
       (select sum(organic_keywords)::int from domain_month where domain_id = any(string_to_array(nullif(?, ''), ',')::int[]) and territory = ? and month = ?::date) as rivals`,
    // The subject named among its competitors counts for nothing (its own ranks are never above it).
    [criteria.domainId, criteria.territory, criteria.month, criteria.competitorIds.filter((id) => id !== criteria.domainId).join(','), criteria.territory, criteria.month],
  );
  return { kind: 'probe', drive: (sizes?.rivals ?? 0) < (sizes?.subject ?? 0) ? 'rivals' : 'subject' };
}
