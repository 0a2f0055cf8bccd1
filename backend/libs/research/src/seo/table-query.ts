import type { PageRequest } from '@serpwise/contracts';
import { pageWindow } from '../page-window.js';
import type { Sql } from '../sql.js';

/** A research table's query without its page window: exports stream exactly this SQL with a cursor. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** A request the query modules refuse (unknown sort column, missing competitor …): the API answers 400 with the message. */
export class ResearchQueryError extends Error {}

export const invalidSortMessage = 'The sort column is not valid.';

/** How a table may be ordered and filtered: its output columns (camelCase aliases) and its natural order. */
export interface TableSpec {
  sortable: readonly string[];
  /** Columns the free-text filter matches (case-insensitive substring). */
  filterColumns: readonly string[];
  defaultSort: string;
  defaultDirection: 'asc' | 'desc';
  /** Appended after the sort so paging is stable, e.g. "keyword" asc. */
  tieBreak: string;
}

export interface TableOrder {
  sort?: string | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  filter?: string | undefined;
  emptyValues?: 'high' | 'low' | undefined;
}

const quote = (column: string) => `"${column}"`;

/**
 * Wraps a table's row query with the filter and order of a request. The sort column must be one of the table's
 * whitelisted output columns. Empty values (nulls) sort as the lowest values unless emptyValues = 'high'.
 */
export function orderedTable(base: BuiltQuery, spec: TableSpec, order: TableOrder): BuiltQuery {
  const sort = order.sort ?? spec.defaultSort;
  if (!spec.sortable.includes(sort)) throw new ResearchQueryError(invalidSortMessage);
  const direction = order.sortDirection ?? spec.defaultDirection;
  const nullsHigh = order.emptyValues === 'high';
  const nulls = (direction === 'desc') === nullsHigh ? 'nulls first' : 'nulls last';
  const params = [...base.params];
  let where = '';
  if (order.filter) {
    const pattern = `%${order.filter.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    where = `where ${spec.filterColumns.map((column) => `t.${quote(column)}::text ilike ?`).join(' or ')}`;
    for (let index = 0; index < spec.filterColumns.length; index += 1) params.push(pattern);
  }
  return {
    sql: `select t.* from (${base.sql}) t ${where} order by t.${quote(sort)} ${direction} ${nulls}, ${spec.tieBreak}`,
    params,
  };
}

/** Runs one page of an ordered table query, plus the count of all its rows. */
export async function pageOf<Row extends object>(sql: Sql, query: BuiltQuery, request: PageRequest): Promise<{ rows: Row[]; totalRows: number }> {
  const window = pageWindow(request);
  const [rows, count] = await Promise.all([
    sql.query<Row>(`${query.sql} limit ${window.limit} offset ${window.offset}`, query.params),
    sql.query<{ total: number }>(`select count(*)::int as total from (${query.sql}) counted`, query.params),
  ]);
  return { rows, totalRows: count[0]?.total ?? 0 };
}

/** The month a table reads: the given one (YYYY-MM → first day) or the newest month with data in the territory. */
export async function resolveMonth(sql: Sql, territory: string, month?: string): Promise<string | null> {
  if (month) return `${month}-01`;
  const [row] = await sql.query<{ month: string | null }>(
    `select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = ?`,
    [territory],
  );
  return row?.month ?? null;
}

export async function findDomainId(sql: Sql, name: string): Promise<number | null> {
  const [row] = await sql.query<{ id: number }>('select id from domain where name = ?', [name]);
  return row?.id ?? null;
}

/** Domain ids by name, in the order given; null for names the warehouse does not know. */
export async function findDomainIds(sql: Sql, names: readonly string[]): Promise<(number | null)[]> {
  const rows = await sql.query<{ id: number; name: string }>(`select id, name from domain where name = any(string_to_array(?, ','))`, [names.join(',')]);
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => byName.get(name) ?? null);
}

/** SQL for a keyword's search volume in month `monthSql` (its volume_history entry; the latest volume when out of range). */
export const volumeAt = (keyword: string, monthSql: string) =>
  `coalesce(${keyword}.volume_history[((extract(year from ${monthSql}) - extract(year from ${keyword}.history_start)) * 12
    + extract(month from ${monthSql}) - extract(month from ${keyword}.history_start))::int + 1], ${keyword}.volume)`;

/** The subject of a keyword table: a whole domain or one URL (page). */
export type Subject = { kind: 'domain'; domainId: number } | { kind: 'page'; pageId: number; domainId: number };

export const subjectCondition = (subject: Subject, alias = 'r'): { sql: string; params: unknown[] } =>
  subject.kind === 'domain' ? { sql: `${alias}.domain_id = ?`, params: [subject.domainId] } : { sql: `${alias}.page_id = ?`, params: [subject.pageId] };

/** The first day of the month before a YYYY-MM-DD month. */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 2, 1));
  return date.toISOString().slice(0, 10);
}
