import type { Sql } from '../sql.js';

/** A research table's query without its page window: a page adds LIMIT/OFFSET, an export streams exactly this SQL. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
  /**
   * Adds columns too costly to compute for every row of the table (the 12-month position history, the ads of an ad
   * history) to the rows of one page, or of one export batch. Whoever reads rows of this query must apply it.
   */
  decorate?: (sql: Sql, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /**
   * The same rows, columns and order with what `decorate` adds computed in the statement itself, for a reader of
   * every row (an export): one pass over the subject's data for the whole table, instead of the decorate step's
   * queries batch by batch, and a statement that COPY can stream. Same params as this query (and its countSql).
   */
  whole?: BuiltQuery;
  /**
   * Turns one SQL row (after `decorate`) into the row the endpoint answers; absent when the SQL already names its
   * columns as the API does. Applied by whoever reads rows of this query, like `decorate`.
   */
  map?: (raw: Record<string, unknown>) => object;
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
  /**
   * A statement answering the number of rows as `total` (same params), when the table knows it without counting them
   * (a domain's stored link counts: backlinks.ts). pageOf uses it instead of counting `countSql`'s rows.
   */
  totalSql?: string;
  /** The parameters of `totalSql` when they are not the query's. */
  totalParams?: unknown[];
  /**
   * One page of the query, when the table can read it without sorting every row (the backlinks of a domain with
   * millions, in first-seen order: backlinks.ts). The same rows in the same order as `sql` with the window; pageOf
   * uses it for the page's rows.
   */
  pageSql?: (window: { limit: number; offset: number }) => { sql: string; params: unknown[] };
  /**
   * The query's whole order (sort keys, then the tie-break), for keyset paging: an export that resumes reads the rows
   * after the last one it wrote (keyset.ts). Set by the table engine (orderedTable) for every table.
   */
  keyset?: Keyset;
}

/** One key of a query's ORDER BY as PostgreSQL applies it: the output column, the direction and where nulls go. */
export interface OrderKey {
  column: string;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last';
}

/** A query's full order: its keys, and the ORDER BY text the query ends with (so a keyset read can replace it). */
export interface Keyset {
  keys: readonly OrderKey[];
  orderSql: string;
}

/** SQL counting a table query's rows. */
export const countSqlOf = (query: BuiltQuery) => `select count(*)::int as total from (${query.countSql ?? query.sql}) counted`;

/** A request the query modules refuse (unknown sort column, missing competitor …): the API answers 400 with the message. */
export class ResearchQueryError extends Error {}

export const invalidSortMessage = 'The sort column is not valid.';
