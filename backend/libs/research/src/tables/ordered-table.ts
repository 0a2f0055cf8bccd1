import { escapeLike } from '../sql.js';
import { invalidSortMessage, ResearchQueryError, type BuiltQuery, type OrderKey } from './built-query.js';
import { nullsClause } from './ordering.js';
import type { SortKey, TableOrder, TableSpec } from './table-spec.js';

const quote = (column: string) => `"${column}"`;

/** The direction of a sort column the request names without one. */
function directionOf(spec: TableSpec<never, unknown>, sort: string, first: SortKey | undefined): 'asc' | 'desc' {
  switch (spec.unspecified.sortDirection) {
    case 'desc':
      return 'desc';
    case 'per-column':
      return (Object.hasOwn(spec.firstDirections ?? {}, sort) ? spec.firstDirections![sort] : undefined) ?? 'desc';
    default:
      return first?.direction ?? 'desc';
  }
}

/** The filter of a request as SQL over the table's output columns, and its parameters (one per filter column). */
function filterOf(spec: TableSpec<never, unknown>, filter: string): { where: string; params: string[] } {
  if (spec.filterMatch === 'lowercase-contains') {
    return { where: spec.filterColumns.map((column) => `strpos(t.${quote(column)}::text, ?) > 0`).join(' or '), params: spec.filterColumns.map(() => filter.toLowerCase()) };
  }
  const pattern = `%${escapeLike(filter)}%`;
  return { where: spec.filterColumns.map((column) => `t.${quote(column)}::text ilike ?`).join(' or '), params: spec.filterColumns.map(() => pattern) };
}

/** The keys of the order: the requested sort column, or the table's default order; then its tie-break. */
function orderKeys(spec: TableSpec<never, unknown>, order: TableOrder): { keys: SortKey[]; tieBreak: readonly SortKey[] } {
  const [first, ...rest] = spec.defaultOrder;
  if (order.sort) {
    // Own properties only: a sort name like "constructor" passes the request's pattern.
    const column = Object.hasOwn(spec.sortColumns, order.sort) ? spec.sortColumns[order.sort] : undefined;
    if (column === undefined) throw new ResearchQueryError(invalidSortMessage);
    const unspecified = directionOf(spec, order.sort, first);
    return { keys: [{ column, direction: order.sortDirection ?? unspecified }], tieBreak: spec.tieBreak };
  }
  if (first && order.sortDirection && spec.unspecified.directionAlone === 'applies') {
    return { keys: [{ column: first.column, direction: order.sortDirection }, ...rest], tieBreak: spec.tieBreak };
  }
  return { keys: [...spec.defaultOrder], tieBreak: spec.tieBreak };
}

/** Where PostgreSQL puts nulls for an ORDER BY key without a NULLS clause: as if larger than any value. */
const defaultNulls = (direction: 'asc' | 'desc'): 'first' | 'last' => (direction === 'asc' ? 'last' : 'first');
const nullsOf = (clause: string): 'first' | 'last' => (clause === 'nulls first' ? 'first' : 'last');

/** The whole order of a request (sort keys, then tie-break), each key with where its nulls go. */
function orderOf(spec: TableSpec<never, unknown>, order: TableOrder): OrderKey[] {
  const { keys, tieBreak } = orderKeys(spec, order);
  const sorted = keys.map((key) => ({ ...key, nulls: nullsOf(nullsClause(key.direction, order.emptyValues)) }));
  const ties = tieBreak.map((key) => ({
    ...key,
    nulls: spec.unspecified.tieBreakEmptyValues ? nullsOf(nullsClause(key.direction, order.emptyValues)) : defaultNulls(key.direction),
  }));
  return [...sorted, ...ties];
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
 * must be one of the table's sort columns (else ResearchQueryError). Empty values (nulls: unknown) sort last in both
 * directions unless the request says 'high' or 'low' (ordering.ts). The filter is trimmed; empty, it filters nothing.
 */
export function orderedTable<Raw, Row>(base: BuiltQuery, spec: TableSpec<Raw, Row>, order: TableOrder): BuiltQuery {
  const generic = spec as unknown as TableSpec<never, unknown>;
  const orderSql = orderBy(generic, order);
  const params = [...base.params];
  const filter = order.filter?.trim();
  let where = '';
  if (filter) {
    const matched = filterOf(generic, filter);
    where = `where ${matched.where}`;
    params.push(...matched.params);
  }
  return {
    sql: `select t.* from (${base.sql}) t ${where} order by ${orderSql}`,
    // The filter reads output columns, so a filtered count needs the whole row; an unfiltered one the base's own count.
    countSql: where ? `select t.* from (${base.sql}) t ${where}` : (base.countSql ?? base.sql),
    params,
    ...(base.decorate ? { decorate: base.decorate } : {}),
    // The export's variant gets the same filter and order (and so the same params).
    ...(base.whole ? { whole: orderedTable({ ...base.whole, countSql: base.countSql ?? base.sql }, spec, order) } : {}),
    ...(spec.map ? { map: spec.map as unknown as (raw: Record<string, unknown>) => object } : {}),
    ...(base.fewRows ? { fewRows: true } : {}),
    keyset: { keys: orderOf(generic, order), orderSql },
  };
}
