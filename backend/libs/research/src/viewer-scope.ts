import type { Sql } from './sql.js';
import { type BuiltQuery } from './tables/index.js';

/**
 * Imported rows are private (docs/decisions.md, "Imported rows are private"): a user sees installation data (the
 * demo market, provider fetches) and their own imports, nobody else's. Research SQL names the warehouse tables as
 * usual; a viewer-scoped Sql replaces each table it reads with the rows that viewer may see, so every research read
 * — tables, overviews, search, suggestions, exports — is scoped in one place and a new query cannot forget it.
 */

/** organic_rank.owner_user_id of installation data (a primary-key column cannot be null). */
export const installationOwner = '00000000-0000-0000-0000-000000000000';

/** What a viewer may see of each scoped table, `?` being the viewer's user id (null for a visitor). */
const visibleRows: Record<string, string> = {
  organic_rank: `owner_user_id in ('${installationOwner}', ?::uuid)`,
  serp_observation: `owner_user_id in ('${installationOwner}', ?::uuid)`,
  data_source: '(owner_user_id is null or owner_user_id = ?::uuid)',
  keyword: '(owner_user_ids is null or ?::uuid = any(owner_user_ids))',
  domain: '(owner_user_ids is null or ?::uuid = any(owner_user_ids))',
  page: '(owner_user_ids is null or ?::uuid = any(owner_user_ids))',
};

/** Words that can follow a table name and are not its alias. */
const notAliases = new Set([
  'where', 'join', 'left', 'right', 'inner', 'full', 'cross', 'natural', 'on', 'using', 'group', 'order', 'limit', 'offset',
  'union', 'except', 'intersect', 'having', 'window', 'for', 'fetch', 'returning', 'tablesample', 'and', 'or', 'by', 'set',
]);

// A read of a scoped table: after FROM or JOIN (not DELETE FROM), the name alone (not organic_rank_default, not a
// function call), then its alias if it has one.
const tableRead = /(?<!\bdelete\s+)\b(from|join)(\s+)(organic_rank|serp_observation|data_source|keyword|domain|page)\b(?![\w(])(\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;

export interface ScopedText {
  text: string;
  /** Where the viewer's id goes among the statement's `?` parameters (positions in the original list, ascending). */
  viewerAt: number[];
}

/** Rewrites a research statement so that it reads only what the viewer may see. */
export function scopeToViewer(text: string): ScopedText {
  const viewerAt: number[] = [];
  let placeholdersBefore = 0;
  let scannedTo = 0;
  const scoped = text.replace(tableRead, (match, keyword: string, space: string, table: string, aliasPart: string | undefined, alias: string | undefined, offset: number) => {
    // A line comment may mention a table: it reads nothing (and must not gain a placeholder).
    if (text.slice(text.lastIndexOf('\n', offset) + 1, offset).includes('--')) return match;
    placeholdersBefore += countPlaceholders(text.slice(scannedTo, offset));
    scannedTo = offset + match.length;
    const name = table.toLowerCase();
    const hasAlias = alias !== undefined && !notAliases.has(alias.toLowerCase());
    viewerAt.push(placeholdersBefore);
    const rows = `(select * from ${name} where ${visibleRows[name]}) ${hasAlias ? alias : name}`;
    return `${keyword}${space}${rows}${hasAlias ? '' : aliasPart ?? ''}`;
  });
  return { text: scoped, viewerAt };
}

/** `?` parameters in a stretch of SQL, counted the way toNumberedPlaceholders and knex count them. */
const countPlaceholders = (text: string) => (text.match(/\?/g) ?? []).length;

/** The parameters of a scoped statement: the viewer's id spliced in where scopeToViewer put its placeholders. */
export function withViewer(params: readonly unknown[], viewerAt: readonly number[], viewerUserId: string | null): unknown[] {
  const result: unknown[] = [];
  let next = 0;
  for (const position of viewerAt) {
    while (next < position) result.push(params[next++]);
    result.push(viewerUserId);
  }
  while (next < params.length) result.push(params[next++]);
  return result;
}

/**
 * An Sql that reads what `viewer()` may see (asked at each query: the backend's port is shared by every request).
 * Named statements keep one text per name (the viewer is a parameter), so they stay prepared.
 */
export function viewerScopedSql(base: Sql, viewer: () => string | null): Sql {
  const scopedTexts = new Map<string, ScopedText>();
  const scope = (text: string, name?: string) => {
    if (!name) return scopeToViewer(text);
    let scoped = scopedTexts.get(text);
    if (!scoped) scopedTexts.set(text, (scoped = scopeToViewer(text)));
    return scoped;
  };
  return {
    query: <T extends object>(text: string, params: readonly unknown[] = [], name?: string) => {
      const scoped = scope(text, name);
      return base.query<T>(scoped.text, withViewer(params, scoped.viewerAt, viewer()), name);
    },
  };
}

/**
 * A table query run outside an Sql port (the export worker streams it with COPY or a cursor), scoped to one viewer:
 * its SQL reads what the viewer may see, and its decorate step does too.
 */
export function scopeBuiltQuery(query: BuiltQuery, viewerUserId: string | null): BuiltQuery {
  const scoped = scopeToViewer(query.sql);
  const decorate = query.decorate;
  return {
    sql: scoped.text,
    params: withViewer(query.params, scoped.viewerAt, viewerUserId),
    ...(decorate ? { decorate: (sql: Sql, rows: Record<string, unknown>[]) => decorate(viewerScopedSql(sql, () => viewerUserId), rows) } : {}),
    ...(query.map ? { map: query.map } : {}),
  };
}
