/**
 * The table sort cycle of docs/product/account-exports-reports.md §4 and §9:
 * - a text column goes none → asc → desc → none;
 * - a numeric column goes none → desc → asc → none;
 * - clicking another column starts it at asc (text) or desc (numeric).
 * "none" means the table's own default order (the server's, for research tables).
 */
export type SortDirection = 'asc' | 'desc';
export type ColumnKind = 'text' | 'number';
/** Where empty values go: 'high' sorts them as the highest values, 'low' as the lowest (docs/product/account-exports-reports.md §4). */
export type EmptyValues = 'high' | 'low';

export interface SortState {
  column: string;
  direction: SortDirection;
}

export const firstDirection = (kind: ColumnKind): SortDirection => (kind === 'text' ? 'asc' : 'desc');

export function nextSort(current: SortState | null, column: string, kind: ColumnKind): SortState | null {
  const first = firstDirection(kind);
  if (!current || current.column !== column) return { column, direction: first };
  if (current.direction === first) return { column, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** The aria-sort value of a header. */
export const ariaSort = (sort: SortState | null, column: string): 'ascending' | 'descending' | 'none' =>
  sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';

const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));

/**
 * Compares two cell values for a sort in `direction`. Empty values (null, undefined, '', NaN: unknown) go last in
 * both directions unless the column says otherwise (docs/decisions.md, issue 19): `emptyValues` 'low' treats them as
 * lower than any value (last in a descending sort, first in an ascending one), 'high' as higher than any value. The
 * research API takes the same rule as its emptyValues parameter, so local and server sorting agree.
 */
export function compareCells(a: unknown, b: unknown, direction: SortDirection, emptyValues?: EmptyValues): number {
  const sign = direction === 'asc' ? 1 : -1;
  const aEmpty = isEmptyValue(a);
  const bEmpty = isEmptyValue(b);
  if (aEmpty || bEmpty) {
    if (aEmpty && bEmpty) return 0;
    // Unset: the empty one after the other, whatever the direction.
    if (emptyValues === undefined) return aEmpty ? 1 : -1;
    const emptyIsHigher = emptyValues === 'high';
    // a empty: a is the highest (high) or the lowest (low) value.
    const order = aEmpty ? (emptyIsHigher ? 1 : -1) : emptyIsHigher ? -1 : 1;
    return order * sign;
  }
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * sign;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' }) * sign;
}

/** Sorts a copy of rows locally (small tables that are not paged on the server); a null sort keeps their order. */
export function sortRows<Row>(rows: readonly Row[], sort: SortState | null, valueOf: (row: Row, column: string) => unknown, emptyValues: (column: string) => EmptyValues | undefined = () => undefined): Row[] {
  if (!sort) return [...rows];
  const empties = emptyValues(sort.column);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compareCells(valueOf(x.row, sort.column), valueOf(y.row, sort.column), sort.direction, empties) || x.index - y.index)
    .map(({ row }) => row);
}
