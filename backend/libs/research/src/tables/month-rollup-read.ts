import type { BuiltQuery } from './built-query.js';

/** A CTE named `top` of the ids a narrowed statement is for, with its parameters. */
export interface TopIds {
  sql: string;
  params: unknown[];
}

/**
 * A large domain's month read from its precomputed per-month table (warehouse/organic-rollup.ts): the stored count,
 * and in the clicks order (the default) a page of K = offset + limit rows found among the K ids with the most clicks
 * (the fewest, ascending) and those with the K-th one's clicks (FETCH … WITH TIES) — the table's own statement for
 * those ids only (`narrowed`) gives their rows exactly, and its order sorts them.
 */
export function readFromMonthRollup(
  query: BuiltQuery,
  rollup: { key: [number, string, string]; totalSql: string; table: string; idColumn: string; where?: string },
  narrowed: (top: TopIds) => BuiltQuery,
): BuiltQuery {
  const counted: BuiltQuery = { ...query, totalSql: rollup.totalSql, totalParams: rollup.key };
  const [leading] = query.keyset?.keys ?? [];
  if (leading?.column !== 'clicks') return counted;
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const top = {
        sql: `top as (select k.${rollup.idColumn} from ${rollup.table} k where k.domain_id = ? and k.territory = ? and k.month = ?::date ${rollup.where ?? ''}
          order by k.clicks ${leading.direction} nulls ${leading.nulls} fetch first (?::bigint) rows with ties)`,
        params: [...rollup.key, offset + limit],
      };
      const page = narrowed(top);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}
