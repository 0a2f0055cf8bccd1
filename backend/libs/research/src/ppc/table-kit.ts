import type { PageRequest } from '@serpwise/contracts';
import { escapeLike, type Sql } from '../sql.js';
import { pageWindow } from '../page-window.js';
import { nullsClause } from '../tables/ordering.js';

/**
 * The shared shape of the PPC and keyword research tables. A table's base query selects one row per table row
 * with named output columns (snake_case, no ORDER BY, no LIMIT); the kit wraps it with the request's filter (on the
 * table's text column), the whitelisted sort and — for a page — LIMIT/OFFSET and a count. `tableSql` is the whole
 * sorted, filtered query without a window, so an export can stream it with a cursor.
 */
export interface BaseQuery {
  sql: string;
  params: unknown[];
  /**
   * Adds to SQL rows (before `map`) the columns too costly to build for every row of the table, for the rows of one
   * page or one export batch only. Whoever reads rows of the query must apply it (exports do, batch by batch).
   */
  decorate?: (sql: Sql, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
}

export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

export interface TableDefinition<Raw, Row> {
  /** API sort name → SQL output column of the base query. */
  sortColumns: Record<string, string>;
  /** The text column the request's filter is matched against (case-insensitive substring). */
  textColumn: string;
  /** Natural order when the request names no sort. */
  defaultSort: SortKey[];
  /** Appended to every order so pages never overlap (a unique column set of the base query). */
  tieBreak: SortKey[];
  map(raw: Raw): Row;
}

export interface TableCriteria {
  sort?: string | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  filter?: string | undefined;
  /** 'high': empty values count as the highest (first in a descending sort); 'low' (default): as the lowest. */
  emptyValues?: 'high' | 'low' | undefined;
}


/** The names a request may sort by, for the endpoint's zod schema. */
export const sortNames = (definition: TableDefinition<never, unknown> | { sortColumns: Record<string, string> }) => Object.keys(definition.sortColumns);

function orderBy(definition: TableDefinition<never, unknown>, criteria: TableCriteria): string {
  const emptyValues = criteria.emptyValues ?? 'low';
  const requested = criteria.sort ? definition.sortColumns[criteria.sort] : undefined;
  if (criteria.sort && !requested) throw new Error('The sort column is not valid.');
  const keys: SortKey[] = requested
    ? [{ column: requested, direction: criteria.sortDirection ?? 'desc' }]
    : definition.defaultSort;
  return [...keys, ...definition.tieBreak].map((key) => `t.${key.column} ${key.direction} ${nullsClause(key.direction, emptyValues)}`).join(', ');
}

function filtered(definition: TableDefinition<never, unknown>, base: BaseQuery, criteria: TableCriteria): BaseQuery {
  const filter = criteria.filter?.trim();
  const decorate = base.decorate ? { decorate: base.decorate } : {};
  if (!filter) return { sql: `select * from (${base.sql}) t`, params: base.params, ...decorate };
  return { sql: `select * from (${base.sql}) t where t.${definition.textColumn} ilike ?`, params: [...base.params, `%${escapeLike(filter)}%`], ...decorate };
}

/** The whole table, filtered and sorted, without a page window (what an export streams). */
export function tableSql<Raw, Row>(definition: TableDefinition<Raw, Row>, base: BaseQuery, criteria: TableCriteria): BaseQuery {
  const query = filtered(definition as TableDefinition<never, unknown>, base, criteria);
  return { ...query, sql: `${query.sql} order by ${orderBy(definition as TableDefinition<never, unknown>, criteria)}` };
}

/** One page of the table and the number of rows matching the filter. */
export async function pageTable<Raw extends object, Row>(
  sql: Sql,
  definition: TableDefinition<Raw, Row>,
  base: BaseQuery,
  criteria: TableCriteria & PageRequest,
): Promise<{ rows: Row[]; totalRows: number }> {
  const sorted = tableSql(definition, base, criteria);
  const counted = filtered(definition as TableDefinition<never, unknown>, base, criteria);
  const window = pageWindow(criteria);
  const [rows, [count]] = await Promise.all([
    sql.query<Raw>(`${sorted.sql} limit ? offset ?`, [...sorted.params, window.limit, window.offset]),
    sql.query<{ total: number }>(`select count(*)::int as total from (${counted.sql}) c`, counted.params),
  ]);
  const decorated = base.decorate ? ((await base.decorate(sql, rows as Record<string, unknown>[])) as Raw[]) : rows;
  return { rows: decorated.map((raw) => definition.map(raw)), totalRows: count?.total ?? 0 };
}

/** `{a,b}` — an array as ONE text parameter, cast in SQL (`?::int[]`). */
export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

export interface KeywordRecord {
  id: number;
  term: string;
  volume: number;
  cpc: number;
  competition: number;
  difficulty: number;
  resultCount: number;
  isQuestion: boolean;
  isTransactional: boolean;
  topic: string | null;
  volumeHistory: number[];
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
const stopWords = new Set(['the', 'and', 'for', 'with', 'how', 'what', 'why', 'who', 'when', 'where', 'which', 'does', 'can', 'are', 'you', 'your', 'near', 'from', 'best']);
export const meaningfulWords = (term: string) => [...new Set(term.toLowerCase().split(/\s+/).filter((word) => word.length > 2 && !stopWords.has(word)))];
