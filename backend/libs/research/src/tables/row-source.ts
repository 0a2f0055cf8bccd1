/**
 * The warehouse sources behind each row of a research table (issue 20, point 3; docs/decisions.md, "Issue 20:
 * provenance per row"). A table's base query may select, next to its columns, the `source_id` of the warehouse row
 * that made the row (organic_rank, paid_ad, backlink …), or for a row made of several (a keyword's best position
 * over the subject's ranks, a competitor's shared keywords) the array of their distinct `source_id`s, under this
 * name. The export writes it as the row's Data Source; the pages do not show it (pageOf drops it), so the API rows
 * stay as they were.
 */
export const rowSourceColumn = '__source';

/** SQL selecting one warehouse row's source as the row's source. */
export const rowSourceOf = (sourceIdSql: string) => `${sourceIdSql} as "${rowSourceColumn}"`;

/** The source ids a row's column holds: one id, an array of them (nulls dropped), or none. */
export function rowSourceIds(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.filter((id): id is number => typeof id === 'number' || (typeof id === 'string' && id !== '')).map(Number);
  const id = Number(value);
  return Number.isFinite(id) ? [id] : [];
}

/** A row without its source column (what a page answers). */
export function withoutRowSource<Row extends Record<string, unknown>>(row: Row): Row {
  if (!(rowSourceColumn in row)) return row;
  const { [rowSourceColumn]: _source, ...rest } = row;
  return rest as Row;
}
