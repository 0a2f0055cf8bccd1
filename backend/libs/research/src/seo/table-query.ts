import type { PageRequest } from '@serpwise/contracts';
import { pageWindow } from '../page-window.js';
import { escapeLike, type Sql } from '../sql.js';
import { nullsClause } from '../tables/ordering.js';

/** A research table's query without its page window: exports stream exactly this SQL with a cursor. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
  /**
   * Adds columns too costly to compute for every row of the table (the 12-month position history) to the rows of
   * one page, or of one export batch. Whoever reads rows of this query must apply it.
   */
  decorate?: (sql: Sql, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /**
   * SQL with as many rows as the query (same params), for counting: without the order (PostgreSQL keeps a subquery's
   * sort, so counting the ordered SQL sorts every row) and, where a base query gives one, without the joins that
   * only add columns (an export asks the count of up to 500,000 rows before it starts).
   */
  countSql?: string;
  /**
   * The table has few rows (one per domain of a territory at most): a page reads its total in the same statement,
   * counting the sorted rows, instead of a second statement that would compute every row again.
   */
  fewRows?: boolean;
}

/** SQL counting a table query's rows. */
export const countSqlOf = (query: BuiltQuery) => `select count(*)::int as total from (${query.countSql ?? query.sql}) counted`;

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
  const nulls = nullsClause(direction, order.emptyValues);
  const params = [...base.params];
  let where = '';
  if (order.filter) {
    const pattern = `%${escapeLike(order.filter)}%`;
    where = `where ${spec.filterColumns.map((column) => `t.${quote(column)}::text ilike ?`).join(' or ')}`;
    for (let index = 0; index < spec.filterColumns.length; index += 1) params.push(pattern);
  }
  return {
    sql: `select t.* from (${base.sql}) t ${where} order by t.${quote(sort)} ${direction} ${nulls}, ${spec.tieBreak}`,
    // The filter reads output columns, so a filtered count needs the whole row; an unfiltered one the base's own count.
    countSql: where ? `select t.* from (${base.sql}) t ${where}` : (base.countSql ?? base.sql),
    params,
    ...(base.decorate ? { decorate: base.decorate } : {}),
    ...(base.fewRows ? { fewRows: true } : {}),
  };
}

/**
 * Runs one page of an ordered table query, plus the count of all its rows — unless the caller already has that
 * count from a query it runs anyway (`knownTotal`), or the table has few rows and counts them with the page.
 */
export async function pageOf<Row extends object>(sql: Sql, query: BuiltQuery, request: PageRequest, knownTotal?: Promise<number>): Promise<{ rows: Row[]; totalRows: number }> {
  const window = pageWindow(request);
  const counted = () => sql.query<{ total: number }>(countSqlOf(query), query.params).then((count) => count[0]?.total ?? 0);
  let rows: Row[];
  let totalRows: number;
  if (query.fewRows && !knownTotal) {
    ({ rows, totalRows } = await pageWithTotal<Row>(sql, query, window));
    // A page past the last row has no row to carry the total.
    if (!rows.length && window.offset > 0) totalRows = await counted();
  } else {
    [rows, totalRows] = await Promise.all([sql.query<Row>(`${query.sql} limit ${window.limit} offset ${window.offset}`, query.params), knownTotal ?? counted()]);
  }
  const decorated = query.decorate ? ((await query.decorate(sql, rows as Record<string, unknown>[])) as Row[]) : rows;
  return { rows: decorated, totalRows };
}

const totalColumn = '__total_rows';

/** One page and the number of all rows, in one statement: a window count over the sorted rows (which keeps their order). */
async function pageWithTotal<Row extends object>(sql: Sql, query: BuiltQuery, window: { limit: number; offset: number }) {
  const found = await sql.query<Record<string, unknown>>(
    `select sorted.*, (count(*) over ())::int as "${totalColumn}" from (${query.sql}) sorted limit ${window.limit} offset ${window.offset}`,
    query.params,
  );
  const totalRows = Number(found[0]?.[totalColumn] ?? 0);
  const rows = found.map(({ [totalColumn]: _total, ...row }) => row as Row);
  return { rows, totalRows };
}

/** SQL for a keyword's search volume in month `monthSql` (its volume_history entry; the latest volume when out of range). */
export const volumeAt = (keyword: string, monthSql: string) =>
  `coalesce(${keyword}.volume_history[((extract(year from ${monthSql}) - extract(year from ${keyword}.history_start)) * 12
    + extract(month from ${monthSql}) - extract(month from ${keyword}.history_start))::int + 1], ${keyword}.volume)`;

/** The subject of a keyword table: a whole domain or one URL (page). */
export type Subject = { kind: 'domain'; domainId: number } | { kind: 'page'; pageId: number; domainId: number };

export const subjectCondition = (subject: Subject, alias = 'r'): { sql: string; params: unknown[] } =>
  subject.kind === 'domain' ? { sql: `${alias}.domain_id = ?`, params: [subject.domainId] } : { sql: `${alias}.page_id = ?`, params: [subject.pageId] };
