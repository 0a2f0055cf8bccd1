import type { Sql } from '../sql.js';
import { volumeAt } from '../tables/keyword-sql.js';
import { installationOwner } from '../viewer-scope.js';
import type { ChangedDomainMonths } from './competitor-rollup.js';

/**
 * The SEO keywords and top pages of large domains, precomputed (issue 27 point 1). The keywords table of a
 * domain-month groups every rank of the domain in months M and P per keyword, the top pages every rank of M per page,
 * then sort them all: seconds for a domain with a million keywords. For each domain-month rolled up for its competitors
 * (competitor_rollup_month: at least competitorRollupMinKeywords keywords), organic_keyword_month holds one row per
 * keyword it ranks for, with its clicks that month (the sum the table shows) and whether it ranked for it the month
 * before; organic_page_month one row per page with its clicks; organic_rollup_month their counts (installation data).
 * A first page in the default order (clicks, most first) then reads its keywords or pages from the clicks index, stops
 * after the page and computes the table's own rows for those only (seo/keyword-comparison.ts, seo/top-pages.ts).
 * A month's keyword rows depend on its ranks and the previous month's, so a landing rebuilds the months it changed and
 * the month after each; in the writer's transaction, after the competitor roll-up (whose list it reads).
 */
/** A keyword's volume in `month` and the value of `clicks` that month, as the SEO keywords table shows them. */
const keywordSortKeys = (keyword: string, month: string, clicks: string) =>
  `(${volumeAt(keyword, month)})::int, round(${clicks} * ${keyword}.cpc, 2)::float8`;

/**
 * The month-over-month types of the SEO keywords and ranking history whose rows are keywords ranked in M (the
 * competitor types, FellFromTop10 and NoLongerRanks are not: they read the ranks), per count name: the type's own
 * predicate over a rolled-up row (alias k) and the stored column of its default order's first key. Each has a partial
 * index in that order (Migration20261209050000_organic_keyword_changes, same predicates) and its count in
 * organic_rollup_month.change_counts.
 */
export const organicKeywordChanges = {
  almostthere: { where: 'k.position between 11 and 20', key: 'position' },
  pageone: { where: 'k.position <= 10', key: 'clicks' },
  pastpageone: { where: 'k.position > 10', key: 'clicks' },
  gainedranks: { where: 'k.position_change > 0', key: 'position_change' },
  lostranks: { where: 'k.position_change < 0', key: 'position_change' },
  gainedclicks: { where: 'k.clicks_change > 0 and k.previous_position is not null', key: 'clicks_change' },
  lostclicks: { where: 'k.clicks_change < 0 and k.previous_position is not null', key: 'clicks_change' },
  justmadeit: { where: 'k.position <= 10 and (k.previous_position is null or k.previous_position > 10)', key: 'clicks' },
  justfelloff: { where: 'k.previous_position <= 10 and k.position > 10', key: 'clicks' },
  // Counted only: the keywords in the top 10 both months (FellFromTop10's count is P's pageone less these).
  stayedtop10: { where: 'k.position <= 10 and k.previous_position <= 10', key: 'clicks' },
} as const;
export type OrganicKeywordChange = keyof typeof organicKeywordChanges;

/**
 * Whether a domain-month (its three columns) is one the organic roll-up rebuilds: in `months` (the statement's $1) or
 * the month after one of them, and, with `changed`, a domain-month that changed or the month after one (its "ranked
 * the month before" reads it). Every month when neither narrows.
 */
export function rebuiltDomainMonth(domainId: string, territory: string, month: string, months: readonly string[] | undefined, changed: ChangedDomainMonths | undefined): string {
  const inMonths = months?.length ? `${month} = any($1::date[] || array(select (m + interval '1 month')::date from unnest($1::date[]) m))` : 'true';
  const changedOnly = changed && changed !== 'none'
    ? ` and (${domainId}, ${territory}, ${month}) in (select domain_id, territory, month from ${changed.table}
        union all select domain_id, territory, (month + interval '1 month')::date from ${changed.table})` : '';
  return `${inMonths}${changedOnly}`;
}

export function organicRollupSql(
  months?: readonly string[],
  options: { changed?: ChangedDomainMonths } = {},
): { sql: string; params: unknown[] }[] {
  const { changed } = options;
  if (changed === 'none') return [];
  const inMonths = (alias: string) => rebuiltDomainMonth(`${alias}.domain_id`, `${alias}.territory`, `${alias}.month`, months, changed);
  const params = months?.length ? [months] : [];
  const installation = (alias: string) => `${alias}.owner_user_id = '${installationOwner}'`;
  return [
    { sql: `delete from organic_keyword_month k where ${inMonths('k')}`, params },
    { sql: `delete from organic_page_month k where ${inMonths('k')}`, params },
    { sql: `delete from organic_rollup_month l where ${inMonths('l')}`, params },
    { sql: `delete from organic_keyword_bits b where ${inMonths('b')}`, params },
    {
      // The month's keywords with their clicks (null when every rank's clicks are unknown, as sum() in the table) and
      // whether the domain ranked for them the month before: one grouping over both months' ranks of the domain, each
      // domain-month on its own (lateral) through the domain index. Probing the month before per keyword instead
      // took 10× as long (1/20 giant: 10 s against 0.7–1.1 s).
      // With the volume and value orders' keys: the keyword's volume that month and round(clicks × CPC, 2), as the
      // SEO keywords table computes its columns (installation figures: a viewer with their own is read from ranks).
      // With the kombat's keys: the domain's best position that month and the keyword's question and transactional flags.
      // With the month-over-month types' keys: the best position and clicks the month before, as the table's
      // previousPosition and previousClicks (0 when it did not rank then; null when ranked with unknown clicks), their
      // changes as the table's positionChange and clicksChange, and the term (the table's tie-break, for ties in the key).
      sql: `insert into organic_keyword_month (domain_id, territory, month, keyword_id, clicks, newly_ranked, volume, value, position, is_question, is_transactional,
              previous_position, previous_clicks, position_change, clicks_change, term)
            select l.domain_id, l.territory, l.month, mine.keyword_id, mine.clicks, not mine.ranked_before, ${keywordSortKeys('k', 'l.month', 'mine.clicks')},
              mine.position, k.is_question, k.is_transactional, mine.previous_position, mine.previous_clicks,
              mine.previous_position - mine.position, mine.clicks - mine.previous_clicks, k.term
            from competitor_rollup_month l
            cross join lateral (select r.keyword_id, sum(r.clicks) filter (where r.month = l.month) as clicks, bool_or(r.month <> l.month) as ranked_before,
                min(r.position) filter (where r.month = l.month) as position,
                min(r.position) filter (where r.month <> l.month) as previous_position,
                case when bool_or(r.month <> l.month) then sum(r.clicks) filter (where r.month <> l.month) else 0 end as previous_clicks
              from organic_rank r
              where r.domain_id = l.domain_id and r.territory = l.territory and r.month in (l.month, (l.month - interval '1 month')::date)
                and ${installation('r')}
              group by r.keyword_id having bool_or(r.month = l.month)) mine
            join keyword k on k.id = mine.keyword_id
            where ${inMonths('l')}`,
      params,
    },
    organicKeywordBitsSql(inMonths('k'), params),
    {
      sql: `insert into organic_page_month (domain_id, territory, month, page_id, clicks)
            select l.domain_id, l.territory, l.month, mine.page_id, mine.clicks
            from competitor_rollup_month l
            cross join lateral (select r.page_id, sum(r.clicks) as clicks from organic_rank r
              where r.domain_id = l.domain_id and r.territory = l.territory and r.month = l.month and ${installation('r')} and r.page_id is not null
              group by r.page_id) mine
            where ${inMonths('l')}`,
      params,
    },
    {
      sql: `insert into organic_rollup_month (domain_id, territory, month, keywords, newly_ranked, pages, change_counts)
            select l.domain_id, l.territory, l.month,
              (select count(*) from organic_keyword_month k where (k.domain_id, k.territory, k.month) = (l.domain_id, l.territory, l.month)),
              (select count(*) from organic_keyword_month k where (k.domain_id, k.territory, k.month) = (l.domain_id, l.territory, l.month) and k.newly_ranked),
              (select count(*) from organic_page_month k where (k.domain_id, k.territory, k.month) = (l.domain_id, l.territory, l.month)),
              (select jsonb_build_object(${Object.entries(organicKeywordChanges).map(([name, change]) => `'${name}', count(*) filter (where ${change.where})`).join(', ')})
                from organic_keyword_month k where (k.domain_id, k.territory, k.month) = (l.domain_id, l.territory, l.month))
            from competitor_rollup_month l where ${inMonths('l')}`,
      params,
    },
  ];
}

/** Keyword ids per row of organic_keyword_bits (Migration20261208010000_organic_keyword_kombat). */
export const keywordBitsWidth = 8192;

/**
 * The kombat's bitmaps of the rolled-up keywords `where` selects (alias k): per domain-month and chunk of
 * keywordBitsWidth ids, the keywords ranked, in the top 10, questions and transactional, bit id % width set. Built
 * from 64-bit words (a bigint per 64 ids, cheap to aggregate), then each chunk's 128 words in order as text.
 */
function organicKeywordBitsSql(where: string, params: unknown[]): { sql: string; params: unknown[] } {
  const bit = `(1::bigint << (63 - k.keyword_id % 64))`;
  const words = keywordBitsWidth / 64;
  const bitmap = (column: string) => `string_agg(coalesce(w.${column}, 0)::bit(64)::text, '' order by n)::bit(${keywordBitsWidth})`;
  return {
    sql: `insert into organic_keyword_bits (domain_id, territory, month, chunk, ranked, top10, question, transactional)
      with words as (
        select k.domain_id, k.territory, k.month, k.keyword_id / ${keywordBitsWidth} as chunk, (k.keyword_id % ${keywordBitsWidth}) / 64 as word,
          bit_or(${bit}) as ranked,
          coalesce(bit_or(${bit}) filter (where k.position <= 10), 0) as top10,
          coalesce(bit_or(${bit}) filter (where k.is_question), 0) as question,
          coalesce(bit_or(${bit}) filter (where k.is_transactional), 0) as transactional
        from organic_keyword_month k where ${where} group by 1, 2, 3, 4, 5)
      select c.domain_id, c.territory, c.month, c.chunk, ${bitmap('ranked')}, ${bitmap('top10')}, ${bitmap('question')}, ${bitmap('transactional')}
      from (select distinct domain_id, territory, month, chunk from words) c cross join generate_series(0, ${words - 1}) n
      left join words w on (w.domain_id, w.territory, w.month, w.chunk, w.word) = (c.domain_id, c.territory, c.month, c.chunk, n)
      group by 1, 2, 3, 4`,
    params,
  };
}

/**
 * Whether the SEO keywords of a domain-month can be read from the roll-up for this viewer: it is rolled up, and the
 * viewer sees no rank of the domain but installation data in that territory, that month and the month before (their
 * own imports, their team's: the roll-up counts installation data only). Run through the viewer-scoped Sql.
 */
export async function organicKeywordsRolledUp(sql: Sql, criteria: { domainId: number; territory: string; month: string }): Promise<boolean> {
  const [row] = await sql.query<{ rolled_up: boolean }>(
    `select exists (select 1 from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date)
       and not exists (select 1 from organic_rank r where r.domain_id = ? and r.territory = ?
         and r.month in (?::date, (?::date - interval '1 month')::date) and r.owner_user_id <> '${installationOwner}') as rolled_up`,
    [criteria.domainId, criteria.territory, criteria.month, criteria.domainId, criteria.territory, criteria.month, criteria.month],
  );
  return row?.rolled_up === true;
}

/**
 * Whether a rolled-up domain-month has its month-over-month keys (organicKeywordChanges): rebuilt since they exist.
 */
export async function organicChangesRolledUp(sql: Sql, criteria: { domainId: number; territory: string; month: string; withPrevious?: boolean }): Promise<boolean> {
  // withPrevious: the month before too (the types whose rows are P's keywords: FellFromTop10, NoLongerRanks).
  const [row] = await sql.query<{ built: number }>(
    `select count(*)::int as built from organic_rollup_month where domain_id = ? and territory = ? and change_counts is not null
       and month in (?::date, ${criteria.withPrevious ? "(?::date - interval '1 month')::date" : '?::date'})`,
    [criteria.domainId, criteria.territory, criteria.month, criteria.month],
  );
  return row?.built === (criteria.withPrevious ? 2 : 1);
}

/**
 * Whether the top pages of a domain-month can be read from the roll-up for this viewer: it is rolled up, the viewer
 * sees no rank of the domain that month but installation data, and no site traffic of the domain that month (a site's
 * own clicks take the place of the estimate: seo/top-pages.ts).
 */
export async function topPagesRolledUp(sql: Sql, criteria: { domainId: number; territory: string; month: string }): Promise<boolean> {
  const [row] = await sql.query<{ rolled_up: boolean }>(
    `select exists (select 1 from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date)
       and not exists (select 1 from organic_rank r where r.domain_id = ? and r.territory = ? and r.month = ?::date and r.owner_user_id <> '${installationOwner}')
       and not exists (select 1 from site_traffic t where t.domain_id = ? and t.territory = ? and t.month = ?::date) as rolled_up`,
    [criteria.domainId, criteria.territory, criteria.month, criteria.domainId, criteria.territory, criteria.month, criteria.domainId, criteria.territory, criteria.month],
  );
  return row?.rolled_up === true;
}

/**
 * After a landing filled unknown numbers of keywords (the warehouse writer's fillUnknownNumbers: a volume, a CPC), the
 * volume and value keys of those keywords in every rolled-up domain-month, where the landing's own roll-up did not
 * rebuild them. `filled` is a table of keyword ids; the rows are found through the ranks' primary key (month, keyword).
 */
export function organicKeywordFiguresSql(filled: string): { sql: string; params: unknown[] } {
  return {
    sql: `update organic_keyword_month o set (volume, value) = (select ${keywordSortKeys('k', 'o.month', 'o.clicks')} from keyword k where k.id = o.keyword_id)
      from (select distinct r.domain_id, r.territory, r.month, r.keyword_id
        from ${filled} f cross join (select distinct month from organic_rollup_month) m
        join organic_rank r on r.month = m.month and r.keyword_id = f.keyword_id and r.owner_user_id = '${installationOwner}') t
      where (o.domain_id, o.territory, o.month, o.keyword_id) = (t.domain_id, t.territory, t.month, t.keyword_id)`,
    params: [],
  };
}

/**
 * Whether the viewer's keyword numbers are the installation's (they own none: docs/decisions.md, "Issue 19: the user's
 * data wins for that user"), so the roll-up's volume and value keys are theirs too. Run through the viewer-scoped Sql
 * (viewer_owned_keyword: the keywords whose numbers the viewer owns).
 */
export async function viewerFiguresShared(sql: Sql): Promise<boolean> {
  const [row] = await sql.query<{ shared: boolean }>('select not exists (select 1 from viewer_owned_keyword) as shared');
  return row?.shared === true;
}
