import { escapeLike } from '../sql.js';
import { invalidSortMessage, ResearchQueryError, type BuiltQuery } from './built-query.js';
import { nullsClause } from './ordering.js';
import type { SortKey, TableOrder, TableSpec } from './table-spec.js';

const quote = (column: string) => `"${column}"`;

/** The keys of the order: the requested sort column, or the table's default order; then its tie-break. */
function orderKeys(spec: TableSpec<never, unknown>, order: TableOrder): { keys: SortKey[]; tieBreak: readonly SortKey[] } {
  const [first, ...rest] = spec.defaultOrder;
  if (order.sort) {
    // Own properties only: a sort name like "constructor" passes the request's pattern.
    const column = Object.hasOwn(spec.sortColumns, order.sort) ? spec.sortColumns[order.sort] : undefined;
    if (column === undefined) throw new ResearchQueryError(invalidSortMessage);
    const unspecified = spec.unspecified.sortDirection === 'desc' ? 'desc' : (first?.direction ?? 'desc');
    return { keys: [{ column, direction: order.sortDirection ?? unspecified }], tieBreak: spec.tieBreak };
  }
  if (first && order.sortDirection && spec.unspecified.directionAlone === 'applies') {
    return { keys: [{ column: first.column, direction: order.sortDirection }, ...rest], tieBreak: spec.tieBreak };
  }
  return { keys: [...spec.defaultOrder], tieBreak: spec.tieBreak };
}

function orderBy(spec: TableSpec<never, unknown>, order: TableOrder): string {
  const { keys, tieBreak } = orderKeys(spec, order);
  const sorted = keys.map((key) => `t.${quote(key.column)} ${key.direction} ${nullsClause(key.direction, order.emptyValues)}`);
  const ties = tieBreak.map((key) =>
    spec.unspecified.tieBreakEmptyValues ? `t.${quote(key.column)} ${key.direction} ${nullsClause(key.direction, order.emptyValues)}` : `t.${quote(key.column)} ${key.direction}`,
  );
  return [...sorted, ...ties].join(', ');
}

/**
 * Wraps a table's base query with the filter and order of a request: the one research table engine. The sort name
 * must be one of the table's sort columns (else ResearchQueryError). Empty values (nulls) sort as the lowest values
 * unless emptyValues = 'high'. The filter is trimmed; empty, it filters nothing.
 */
export function orderedTable<Raw, Row>(base: BuiltQuery, spec: TableSpec<Raw, Row>, order: TableOrder): BuiltQuery {
  const generic = spec as unknown as TableSpec<never, unknown>;
  const orderSql = orderBy(generic, order);
  const params = [...base.params];
  const filter = order.filter?.trim();
  let where = '';
  if (filter) {
    const pattern = `%${escapeLike(filter)}%`;
    where = `where ${spec.filterColumns.map((column) => `t.${quote(column)}::text ilike ?`).join(' or ')}`;
    for (let index = 0; index < spec.filterColumns.length; index += 1) params.push(pattern);
  }
  return {
    sql: `select t.* from (${base.sql}) t ${where} order by ${orderSql}`,
    // The filter reads output columns, so a filtered count needs the whole row; an unfiltered one the base's own count.
    countSql: where ? `select t.* from (${base.sql}) t ${where}` : (base.countSql ?? base.sql),
    params,
    ...(base.decorate ? { decorate: base.decorate } : {}),
    ...(spec.map ? { map: spec.map as unknown as (raw: Record<string, unknown>) => object } : {}),
    ...(base.fewRows ? { fewRows: true } : {}),
  };
}
