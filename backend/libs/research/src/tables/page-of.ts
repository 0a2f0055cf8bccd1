import type { PageRequest } from '@serpwise/contracts';
import { pageWindow } from '../page-window.js';
import type { Sql } from '../sql.js';
import { countSqlOf, type BuiltQuery } from './built-query.js';
import { withoutRowSource } from './row-source.js';

/**
 * Runs one page of an ordered table query, plus the count of all its rows — unless the caller already has that
 * count from a query it runs anyway (`knownTotal`), or the table has few rows and counts them with the page. The
 * page's rows are decorated and mapped to the endpoint's rows.
 */
export async function pageOf<Row extends object>(sql: Sql, query: BuiltQuery, request: PageRequest, knownTotal?: Promise<number>): Promise<{ rows: Row[]; totalRows: number }> {
  const window = pageWindow(request);
  const counted = () => totalRowsOf(sql, query);
  let rows: Record<string, unknown>[];
  let totalRows: number;
  if (query.fewRows && !knownTotal) {
    ({ rows, totalRows } = await pageWithTotal(sql, query, window));
    // A page past the last row has no row to carry the total.
    if (!rows.length && window.offset > 0) totalRows = await counted();
  } else {
    const page = query.pageSql?.(window) ?? { sql: `${query.sql} limit ${window.limit} offset ${window.offset}`, params: query.params };
    [rows, totalRows] = await Promise.all([sql.query<Record<string, unknown>>(page.sql, page.params), knownTotal ?? counted()]);
  }
  // A page does not show the rows' sources (an export writes them: row-source.ts).
  const decorated = (query.decorate ? await query.decorate(sql, rows) : rows).map(withoutRowSource);
  return { rows: (query.map ? decorated.map(query.map) : decorated) as Row[], totalRows };
}

/**
 * The number of all the query's rows, as the page shows it: the table's own total where it has one (a roll-up's
 * count for a large domain, the backlinks' counts), else a count over the query. An export's request counts the
 * same way, so its "N rows" is the page's and never a grouping of a giant domain's every rank.
 */
export async function totalRowsOf(sql: Sql, query: BuiltQuery): Promise<number> {
  const [count] = await sql.query<{ total: number }>(query.totalSql ?? countSqlOf(query), query.totalSql && query.totalParams ? query.totalParams : query.params);
  return count?.total ?? 0;
}

const totalColumn = '__total_rows';

/** One page and the number of all rows, in one statement: a window count over the sorted rows (which keeps their order). */
async function pageWithTotal(sql: Sql, query: BuiltQuery, window: { limit: number; offset: number }) {
  const found = await sql.query<Record<string, unknown>>(
    `select sorted.*, (count(*) over ())::int as "${totalColumn}" from (${query.sql}) sorted limit ${window.limit} offset ${window.offset}`,
    query.params,
  );
  const totalRows = Number(found[0]?.[totalColumn] ?? 0);
  const rows = found.map(({ [totalColumn]: _total, ...row }) => row);
  return { rows, totalRows };
}
