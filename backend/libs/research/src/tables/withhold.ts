import { isPaidFigure, lockOverlay, visibleRowAllowance, type LockedRow, type TablePage, type Viewer } from '@serpwise/contracts';

/**
 * Withholds paid data on the server (docs/product/site.md §6): a visitor or free user sees the first rows of a table
 * (visibleRowAllowance, counted from the table's first row, so paging further does not reveal more) with the
 * paid columns nulled, and every later row as a LockedRow. Full users get everything.
 */
export function withholdPage<Row extends object>(input: {
  rows: Row[];
  totalRows: number;
  startRow: number;
  pageSize: number;
  viewer: Viewer;
  /** Columns only full users see besides the paid figures every table withholds (contracts' paidFigures). */
  paidColumns: readonly (keyof Row & string)[];
}): TablePage<Row> {
  const { rows, viewer, startRow } = input;
  // One paywall: a paid figure is withheld in every table that has it, whatever the table's own list says.
  const paidColumns = [...new Set([...input.paidColumns, ...Object.keys(rows[0] ?? {}).filter(isPaidFigure)])];
  if (viewer === 'full') {
    return { rows, totalRows: input.totalRows, startRow, pageSize: input.pageSize, viewer, lockedRows: 0, throttledColumns: [], lock: null };
  }
  const allowance = visibleRowAllowance[viewer];
  let lockedRows = 0;
  const shown = rows.map((row, index): Row | LockedRow => {
    const rowNumber = startRow + index;
    if (rowNumber > allowance) {
      lockedRows += 1;
      return { locked: true, rowNumber };
    }
    const throttled = { ...row } as Record<string, unknown>;
    for (const column of paidColumns) throttled[column] = null;
    return throttled as Row;
  });
  return {
    rows: shown,
    totalRows: input.totalRows,
    startRow,
    pageSize: input.pageSize,
    viewer,
    lockedRows,
    throttledColumns: paidColumns,
    lock: lockOverlay[viewer],
  };
}
