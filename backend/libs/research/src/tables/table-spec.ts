/** One key of an ORDER BY: an output column of the table's base query and a direction. */
export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * What a table does with the parts of an order a request leaves open. The research tables came from two engines
 * that answered these differently; each table keeps its answers (docs/decisions.md, "One research table engine").
 */
export interface UnspecifiedOrder {
  /**
   * A sort column named without a direction: the direction of the table's default order, always descending, or the
   * column's own (`TableSpec.firstDirections`: the projects' keyword table starts text ascending, numbers descending).
   */
  sortDirection: 'default-order' | 'desc' | 'per-column';
  /** A direction given without a sort column: it sorts the default order's first key, or it is ignored. */
  directionAlone: 'applies' | 'ignored';
  /** The request's emptyValues also places the empty values of the tie-break keys (else PostgreSQL's default for the direction). */
  tieBreakEmptyValues: boolean;
}

/** The SEO and outreach tables (docs/research-data.md, "SEO research tables"). */
export const seoTableOrder: UnspecifiedOrder = { sortDirection: 'default-order', directionAlone: 'applies', tieBreakEmptyValues: false };
/** The PPC and keyword research tables, and the bulk keyword table. */
export const ppcKeywordTableOrder: UnspecifiedOrder = { sortDirection: 'desc', directionAlone: 'ignored', tieBreakEmptyValues: true };

/** The projects' keyword table (tracked keywords, docs/product/projects.md §3), as it answered when it sorted in memory. */
export const trackedKeywordTableOrder: UnspecifiedOrder = { sortDirection: 'per-column', directionAlone: 'applies', tieBreakEmptyValues: false };

/**
 * How the free-text filter matches: 'ilike' (the research tables): any filter column, as text, contains the filter
 * ignoring case (PostgreSQL's); 'lowercase-contains' (the projects' keyword table, as it matched in memory): a filter
 * column contains the filter lowercased by JavaScript, as it is stored (tracked keywords are stored lowercase).
 */
export type FilterMatch = 'ilike' | 'lowercase-contains';

/**
 * How a table may be ordered and filtered. Its base query selects one row per table row with named output columns
 * (no ORDER BY, no LIMIT); the engine (ordered-table.ts) wraps it with the request's filter and order.
 */
export interface TableSpec<Raw = never, Row = unknown> {
  // Raw: a row of the base query when `map` turns it into Row; Row: the endpoint's row (also when the SQL names it so).
  /** API sort name → output column of the base query (the same name where the SQL names its columns as the API does). */
  sortColumns: Readonly<Record<string, string>>;
  /** Output columns the free-text filter matches (case-insensitive substring of any of them). */
  filterColumns: readonly string[];
  /** How the filter matches them; 'ilike' when absent. */
  filterMatch?: FilterMatch;
  /** Natural order when the request names no sort column. */
  defaultOrder: readonly SortKey[];
  /** Appended to every order so pages never overlap (a unique column set of the base query). */
  tieBreak: readonly SortKey[];
  unspecified: UnspecifiedOrder;
  /** Per sort name, the direction it sorts in when the request names none (`unspecified.sortDirection` 'per-column'; else descending). */
  firstDirections?: Readonly<Record<string, 'asc' | 'desc'>>;
  /** Turns one SQL row into the row the endpoint answers; absent when the SQL names its columns as the API does. */
  map?: (raw: Raw) => Row;
}

/** The filter and order of a table request. */
export interface TableOrder {
  sort?: string | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  filter?: string | undefined;
  /** 'high': empty values count as the highest (first in a descending sort); 'low': as the lowest; unset: last either way. */
  emptyValues?: 'high' | 'low' | undefined;
}

/** The names a request may sort by, for the endpoint's zod schema. */
export const sortNames = (spec: { sortColumns: Readonly<Record<string, string>> }) => Object.keys(spec.sortColumns);

/** Sort columns for a table whose SQL output columns carry the API's names. */
export const sortableAsNamed = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, name]));
