import { importFormats, type ImportFormat, type SubjectMonthsAnswer } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { installationOwner } from '../viewer-scope.js';

/**
 * The months a domain or keyword has data for in a territory, with the kinds of the viewer's own imports behind
 * each (the month picker and the "Your data" label of the research pages). Read through a viewer-scoped Sql: the
 * months are those the viewer sees (installation data, their own imports), and data_source keeps only the viewer's
 * own sources — whose owner then reads organic_rank_owned_index (a user's rows are few).
 */
export async function subjectMonths(
  sql: Sql,
  input: { territory: string; domain?: string; keyword?: string; viewerUserId?: string | null },
): Promise<SubjectMonthsAnswer> {
  const rows = input.domain !== undefined ? await domainMonths(sql, input.territory, input.domain) : await keywordMonths(sql, input.territory, input.keyword ?? '');
  const numbers = input.domain === undefined && input.viewerUserId ? await ownNumbers(sql, input.territory, input.keyword ?? '', input.viewerUserId) : null;
  const byMonth = new Map<string, Set<ImportFormat>>();
  for (const row of rows) {
    let own = byMonth.get(row.month);
    if (!own) byMonth.set(row.month, (own = new Set()));
    if (row.format && (importFormats as readonly string[]).includes(row.format)) own.add(row.format as ImportFormat);
  }
  const months = [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, own]) => ({ month, own: [...own].sort() }));
  return { months, latest: months.at(-1)?.month ?? null, numbers };
}

/** Where the viewer's current numbers of a keyword come from (owned_keyword: owned-figures.ts); null: none of theirs. */
async function ownNumbers(sql: Sql, territory: string, term: string, viewerUserId: string): Promise<SubjectMonthsAnswer['numbers']> {
  const [row] = await sql.query<MonthRow>(
    `select to_char(o.month, 'YYYY-MM-DD') as month, s.details->>'format' as format
     from owned_keyword o join data_source s on s.id = o.source_id
     where o.owner_user_id = ?::uuid and o.keyword_id = (select id from keyword where territory = ? and term = ?)`,
    [viewerUserId, territory, term]);
  if (!row) return null;
  return { month: row.month, own: row.format && (importFormats as readonly string[]).includes(row.format) ? [row.format as ImportFormat] : [] };
}

type MonthRow = { month: string; format: string | null };

/** The viewer's own sources (null for installation data) and the month of each rank row they brought. */
const ownRanks = (match: string) => `select distinct to_char(r.month, 'YYYY-MM-DD') as month, s.details->>'format' as format
  from data_source s join organic_rank r on r.source_id = s.id and r.owner_user_id = s.owner_user_id
  where s.owner_user_id is not null and r.owner_user_id <> '${installationOwner}' and ${match}`;

function domainMonths(sql: Sql, territory: string, domain: string): Promise<MonthRow[]> {
  return sql.query<MonthRow>(
    `with d as (select id from domain where name = ?)
     select to_char(m.month, 'YYYY-MM-DD') as month, null as format from domain_month m where m.domain_id = (select id from d) and m.territory = ?
     union all ${ownRanks('r.territory = ? and r.domain_id = (select id from d)')}`,
    [domain, territory, territory]);
}

/**
 * A keyword's months: those of the territory in which it ranks (a primary-key probe per month), and those the
 * viewer's keyword files gave its numbers for.
 */
function keywordMonths(sql: Sql, territory: string, term: string): Promise<MonthRow[]> {
  return sql.query<MonthRow>(
    `with k as (select id from keyword where territory = ? and term = ?),
       ranked as (select m.month from (select distinct month from domain_month where territory = ?) m
         where exists (select 1 from organic_rank r where r.month = m.month and r.keyword_id = (select id from k)))
     select to_char(month, 'YYYY-MM-DD') as month, null as format from ranked
     union all select distinct to_char(r.month, 'YYYY-MM-DD'), s.details->>'format'
       from ranked m join organic_rank r on r.month = m.month and r.keyword_id = (select id from k)
       join data_source s on s.id = r.source_id and s.owner_user_id is not null
     union all select distinct to_char(n.month, 'YYYY-MM-DD'), s.details->>'format'
       from owned_keyword_number n join data_source s on s.id = n.source_id and s.owner_user_id = n.owner_user_id
       where n.keyword_id = (select id from k) and s.owner_user_id is not null`,
    [territory, term, territory]);
}
