import type { BuiltQuery, OrderKey } from './built-query.js';

/**
 * The values of a row's order keys as PostgreSQL writes them as text (null for SQL NULL). Text, not parsed values,
 * so a key read back compares exactly as the row did: a timestamp keeps its microseconds, a numeric its digits.
 */
export type KeyValues = readonly (string | null)[];

const quote = (column: string) => `"${column}"`;

/** SQL saying `column` sorts after `value` within its own key (nulls where the key puts them). */
function after(key: OrderKey, value: string | null, params: unknown[]): string | null {
  const column = `k.${quote(key.column)}`;
  if (value === null) return key.nulls === 'last' ? null : `${column} is not null`;
  params.push(value);
  const beyond = `${column} ${key.direction === 'asc' ? '>' : '<'} ?`;
  // coalesce(… , true) rather than `… or column is null`: the column (an expression under the alias, such as a
  // to_char) is computed once per row here, not twice (nullsAfter).
  return key.nulls === 'last' ? nullsAfter(beyond) : beyond;
}

/**
 * A comparison that also lets the NULLs through (they sort last): true where it is, or where the column is null and
 * it is therefore null. PostgreSQL does not compute a shared expression once: each mention of an output column in
 * the keyset's filter computes it again for every row scanned (the backlinks' first key is a to_char of a date).
 */
const nullsAfter = (comparison: string) => `coalesce(${comparison}, true)`;

/** The first key at or after `value` (nulls where the key puts them); null when that is every row. */
function firstKeyBound(key: OrderKey | undefined, value: string | null, params: unknown[]): string | null {
  if (!key) return null;
  const column = `k.${quote(key.column)}`;
  if (value === null) return key.nulls === 'last' ? `${column} is null` : null;
  params.push(value);
  const atOrBeyond = `${column} ${key.direction === 'asc' ? '>=' : '<='} ?`;
  return key.nulls === 'last' ? nullsAfter(atOrBeyond) : atOrBeyond;
}

function equal(key: OrderKey, value: string | null, params: unknown[]): string {
  const column = `k.${quote(key.column)}`;
  if (value === null) return `${column} is null`;
  params.push(value);
  return `${column} = ?`;
}

/**
 * The query's rows from the row whose order keys are `last` on: those after it in the query's full order (sort keys
 * and tie-break), and with `orEqual` the rows equal to it as well (the caller skips the ones it already has: a
 * tie-break that is not unique loses no row). The values are bound as untyped parameters, so each takes its column's
 * type. Same columns, same order as the query; null when the query carries no keyset (never for the research tables).
 */
export function keysetFrom(query: BuiltQuery, last: KeyValues, orEqual: boolean): BuiltQuery | null {
  const keyset = query.keyset;
  if (!keyset || last.length !== keyset.keys.length) return null;
  const params: unknown[] = [];
  const branches: string[] = [];
  keyset.keys.forEach((key, index) => {
    // Branch i: equal on the keys before it, after on key i. Its parameters are kept only when the branch is.
    const own: unknown[] = [];
    const before = keyset.keys.slice(0, index).map((earlier, at) => equal(earlier, last[at] ?? null, own));
    const beyond = after(key, last[index] ?? null, own);
    // Nothing sorts after a null that goes last within its key: that branch matches no row.
    if (beyond === null) return;
    branches.push([...before, beyond].join(' and '));
    params.push(...own);
  });
  if (orEqual) branches.push(keyset.keys.map((key, index) => equal(key, last[index] ?? null, params)).join(' and '));
  // The same rows bounded by the first key alone (implied by the branches): a condition on one column, which
  // PostgreSQL can push down to that column's table below the joins, so a resumed read joins and sorts only the rest.
  const boundParams: unknown[] = [];
  const bound = firstKeyBound(keyset.keys[0], last[0] ?? null, boundParams);
  // The query's own ORDER BY would sort every row before the filter: the outer query sorts only those it keeps.
  const suffix = ` order by ${keyset.orderSql}`;
  const inner = query.sql.endsWith(suffix) ? query.sql.slice(0, -suffix.length) : query.sql;
  const bounded = bound !== null && branches.length > 0;
  const where = branches.length ? `${bounded ? `${bound} and ` : ''}(${branches.map((branch) => `(${branch})`).join(' or ')})` : 'false';
  // Rows to read, not to count: no countSql (the whole table's would be wrong here).
  return {
    sql: `select t.* from (select k.* from (${inner}) k where ${where}) t order by ${keyset.orderSql}`,
    // In the order of their placeholders: the query's, the bound's, the branches'.
    params: [...query.params, ...(bounded ? boundParams : []), ...params],
    ...(query.decorate ? { decorate: query.decorate } : {}),
    ...(query.map ? { map: query.map } : {}),
    keyset,
  };
}

/** The names of the output columns a query's order reads, in order (empty without a keyset). */
export const keysetColumns = (query: BuiltQuery): string[] => (query.keyset ? query.keyset.keys.map((key) => key.column) : []);
