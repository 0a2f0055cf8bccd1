import type { KeywordRow } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { arrayLiteral, orderedTable, pageOf } from '../tables/index.js';
import { domainIdOf } from '../warehouse/lookups.js';
import { trackedKeywordSpec, trackedKeywordTable } from './tracked-keyword-table.js';

/** The most tracked keywords a report reads of one project: the largest plan's allowance, with room. */
const maxReportKeywords = 20_000;

/** A project (or one of its groups) as a report is about it. */
export interface TrackedReportSubject {
  projectId: string;
  territory: string;
  /** The project's domain: its numbers fill the ranks and clicks. */
  domain: string;
  groupHash?: string | undefined;
}

/** One keyword's best position for the domain on its newest observed day and on the newest day a week before. */
export interface WeeklyRank {
  /** The newest day the keyword's results were observed (YYYY-MM-DD). */
  day: string;
  position: number | null;
  /** The newest observed day at least 7 days before `day`; null when none was kept. */
  weekAgoDay: string | null;
  weekAgoPosition: number | null;
}

export interface TrackedKeywordsOfProject {
  /** The warehouse month of the numbers (YYYY-MM-DD), as GetKeywordList answers it; null without data. */
  month: string | null;
  domain: string;
  /** Every keyword of the project (or group) as GetKeywordList answers it, in its default order (most searched first). */
  keywords: KeywordRow[];
}

/**
 * Every tracked keyword of a project, or of one of its groups, with a domain's numbers: the rows GetKeywordList
 * answers (the same query and order), all of them, so a report's figures are the screen's.
 */
export async function trackedKeywordsOfProject(sql: Sql, subject: TrackedReportSubject): Promise<TrackedKeywordsOfProject> {
  const { query, month } = await trackedKeywordTable(sql, subject);
  const page = await pageOf<KeywordRow>(sql, orderedTable(query, trackedKeywordSpec, {}), { startRow: 1, pageSize: maxReportKeywords });
  return { month, domain: subject.domain, keywords: page.rows };
}

/**
 * The week's rank change of terms for a domain, from the day-level results (serp_observation: rank refreshes,
 * imports): per keyword its newest observed day within the last 60 and the newest observed day at least a week
 * before it, with the domain's best position on each (null: not among that day's results). Keywords never observed
 * in that window are left out (the week is unknown, not unchanged).
 */
export async function weeklyRanks(sql: Sql, input: { territory: string; domain: string; terms: readonly string[] }): Promise<Map<string, WeeklyRank>> {
  if (!input.terms.length) return new Map();
  const domainId = (await domainIdOf(sql, input.domain)) ?? -1;
  const rows = await sql.query<{ term: string; day: string; position: number | null; week_day: string | null; week_position: number | null }>(
    `with k as (select id, term from keyword where territory = ? and term = any(?::text[])),
     days as (select distinct o.keyword_id, o.observed_on from serp_observation o join k on k.id = o.keyword_id
              where o.territory = ? and o.observed_on >= current_date - 60),
     newest as (select keyword_id, max(observed_on) as day from days group by keyword_id),
     week as (select n.keyword_id, n.day, (select max(d.observed_on) from days d where d.keyword_id = n.keyword_id and d.observed_on <= n.day - 7) as week_day
              from newest n)
     select k.term, to_char(w.day, 'YYYY-MM-DD') as day, to_char(w.week_day, 'YYYY-MM-DD') as week_day,
       (select min(o.position)::int from serp_observation o where o.keyword_id = w.keyword_id and o.observed_on = w.day and o.domain_id = ?) as position,
       (select min(o.position)::int from serp_observation o where o.keyword_id = w.keyword_id and o.observed_on = w.week_day and o.domain_id = ?) as week_position
     from week w join k on k.id = w.keyword_id`,
    [input.territory, arrayLiteral([...input.terms]), input.territory, domainId, domainId],
  );
  const ranks = new Map<string, WeeklyRank>();
  for (const row of rows) {
    ranks.set(row.term, {
      day: row.day,
      position: row.position === null ? null : Number(row.position),
      weekAgoDay: row.week_day,
      weekAgoPosition: row.week_day === null || row.week_position === null ? null : Number(row.week_position),
    });
  }
  return ranks;
}

/** A group of the project with the term ids it holds. */
export interface ProjectGroupTerms {
  groupHash: string;
  name: string;
  termIds: number[];
}

export async function projectGroupTerms(sql: Sql, projectId: string): Promise<ProjectGroupTerms[]> {
  const rows = await sql.query<{ group_hash: string; name: string; term_ids: (number | string)[] | null }>(
    `select g.group_hash, g.name, array_remove(array_agg(gt.term_id), null) as term_ids
     from keyword_group g left join keyword_group_term gt on gt.group_hash = g.group_hash
     where g.project_id = ? group by g.group_hash, g.name order by g.name`,
    [projectId],
  );
  return rows.map((row) => ({ groupHash: row.group_hash, name: row.name, termIds: (row.term_ids ?? []).map(Number) }));
}
