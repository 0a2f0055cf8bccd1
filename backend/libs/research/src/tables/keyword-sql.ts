import type { Sql } from '../sql.js';

/** SQL pieces shared by the keyword-based research tables (SEO, PPC and keyword research). */

/** `{a,b}` — an array as ONE text parameter, cast in SQL (`?::int[]`). */
export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/** What the warehouse keeps of a keyword beside its term, volume and topic (table keyword); the demo market makes the same. */
export interface KeywordMetrics {
  cpc: number;
  competition: number;
  difficulty: number;
  resultCount: number | null;
  isQuestion: boolean;
  isTransactional: boolean;
}

/** A keyword as the warehouse holds it: a number no source gave is null (unknown, never 0; docs/decisions.md, issue 19). */
export interface KeywordRecord extends Omit<KeywordMetrics, 'cpc' | 'competition' | 'difficulty'> {
  id: number;
  term: string;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
  topic: string | null;
  volumeHistory: (number | null)[] | null;
  historyStart: string;
}

export async function keywordOf(sql: Sql, territory: string, term: string): Promise<KeywordRecord | null> {
  const [row] = await sql.query<KeywordRecord>(
    `select id, term, volume, cpc::float8 as cpc, competition::float8 as competition, difficulty, result_count::float8 as "resultCount",
       is_question as "isQuestion", is_transactional as "isTransactional", topic, volume_history as "volumeHistory",
       to_char(history_start, 'YYYY-MM-DD') as "historyStart"
     from keyword where territory = ? and term = ?`,
    [territory, term],
  );
  return row ?? null;
}

/** Words of a keyword that carry meaning for "sharing words": split on spaces, words of 1–2 letters and stop words dropped. */
export const stopWords = new Set(['the', 'and', 'for', 'with', 'how', 'what', 'why', 'who', 'when', 'where', 'which', 'does', 'can', 'are', 'you', 'your', 'near', 'from', 'best']);
export const meaningfulWords = (term: string) => [...new Set(term.toLowerCase().split(/\s+/).filter((word) => word.length > 2 && !stopWords.has(word)))];

/**
 * SQL for a keyword's search volume in month `monthSql`: its volume_history entry, the latest volume when the month is
 * outside the history. A month inside the history that the source did not know (a blank month of a Keyword Planner
 * line) stays unknown (null), rather than showing the latest volume as that month's.
 */
export const volumeAt = (keyword: string, monthSql: string) => {
  const index = `((extract(year from ${monthSql}) - extract(year from ${keyword}.history_start)) * 12
    + extract(month from ${monthSql}) - extract(month from ${keyword}.history_start))::int + 1`;
  return `case when ${index} between 1 and coalesce(array_length(${keyword}.volume_history, 1), 0)
    then ${keyword}.volume_history[${index}] else ${keyword}.volume end`;
};

/** The subject of a keyword table: a whole domain or one URL (page). */
export type Subject = { kind: 'domain'; domainId: number } | { kind: 'page'; pageId: number; domainId: number };

export const subjectCondition = (subject: Subject, alias = 'r'): { sql: string; params: unknown[] } =>
  subject.kind === 'domain' ? { sql: `${alias}.domain_id = ?`, params: [subject.domainId] } : { sql: `${alias}.page_id = ?`, params: [subject.pageId] };
