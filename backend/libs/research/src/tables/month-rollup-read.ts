import type { BuiltQuery } from './built-query.js';

/** A CTE named `top` of the ids a narrowed statement is for, with its parameters. */
export interface TopIds {
  sql: string;
  params: unknown[];
}

/**
 * A large domain's month read from its precomputed per-month table (warehouse/organic-rollup.ts): the stored count,
 * and in an order whose first key the table stores (`keys`: output column → stored column; the clicks order, the
 * default) a page of K = offset + limit rows found among the K ids first in that key (FETCH … WITH TIES: with those
 * that tie with the K-th) — the table's own statement for those ids only (`narrowed`) gives their rows exactly, and
 * its order (the same first key, then the tie-break) sorts them. The stored key must equal the output column.
 */
export function readFromMonthRollup(
  query: BuiltQuery,
  rollup: {
    key: [number, string, string]; totalSql: string; table: string; idColumn: string; where?: string; keys?: Readonly<Record<string, string>>;
    /** The total's parameters when they are not `key` (the walk reads another month than the count). */
    totalParams?: unknown[];
    /**
     * The stored copy of the table's tie-break (`column`, ascending, never null, unique in the domain-month; `stored`
     * in the same collation): when the order is the leading key then it, the K first are exactly K ids, no ties.
     */
    tieBreak?: { column: string; stored: string };
  },
  narrowed: (top: TopIds) => BuiltQuery,
): BuiltQuery {
  const counted: BuiltQuery = { ...query, totalSql: rollup.totalSql, totalParams: rollup.totalParams ?? rollup.key };
  const [leading, second, ...rest] = query.keyset?.keys ?? [];
  const tie = rollup.tieBreak && second?.column === rollup.tieBreak.column && second.direction === 'asc' && !rest.length ? rollup.tieBreak.stored : undefined;
  const keys = rollup.keys ?? { clicks: 'clicks' };
  const stored = leading && Object.hasOwn(keys, leading.column) ? keys[leading.column] : undefined;
  if (!leading || stored === undefined) return counted;
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const top = {
        sql: `top as (select k.${rollup.idColumn} from ${rollup.table} k where k.domain_id = ? and k.territory = ? and k.month = ?::date ${rollup.where ?? ''}
          order by k.${stored} ${leading.direction} nulls ${leading.nulls}${tie ? `, k.${tie}` : ''} fetch first (?::bigint) rows ${tie ? 'only' : 'with ties'})`,
        params: [...rollup.key, offset + limit],
      };
      const page = narrowed(top);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}
