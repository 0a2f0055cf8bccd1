import { isLockedRow, type LockedRow } from '@serpwise/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { alignOf, cellValue, formatCell, type ColumnDef } from './columns';
import { LockOverlay, ThrottledCell, type TableLock } from './lock-overlay';
import { headerState, toggleAll, toggleRow, type RowSelection } from './row-selection';
import { ariaSort, nextSort, type SortState } from './sort-cycle';
import './table.css';

/** docs/product/account-exports-reports.md §9: the table body animates only when it holds 1 to 50 rows (bigger pages would stutter). */
export const animatesRows = (count: number) => count >= 1 && count <= 50;

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  caption: string;
  columns: ColumnDef<Row>[];
  rows: readonly (Row | LockedRow)[];
  rowKey: (row: Row) => string;
  sort: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** The number of the first row (paged tables), for the row numbers. */
  startRow?: number;
  showRowNumbers?: boolean;
  lock?: TableLock | null;
  /** Columns whose values the server withheld (sent as null) for this viewer. */
  throttledColumns?: readonly string[];
  selection?: RowSelection;
  loading?: boolean;
  emptyMessage?: ReactNode;
  /** Where the login link of the lock returns to. */
  returnTo?: string;
}

function SortGlyph({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg className={`sort-glyph sort-glyph--${state}`} width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" focusable="false">
      <path d="M5 1 9 6H1z" className="sort-glyph__up" />
      <path d="M5 13 1 8h8z" className="sort-glyph__down" />
    </svg>
  );
}

function HeaderCheckbox({ state, onChange, disabled }: { state: 'all' | 'some' | 'none'; onChange: () => void; disabled: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return <input ref={ref} type="checkbox" aria-label="Select all rows on this page" checked={state === 'all'} onChange={onChange} disabled={disabled} />;
}

/**
 * The research table: sortable headers with the documented sort cycle, row selection, paid cells withheld for the
 * viewer, and the lock overlay over the rows beyond the viewer's allowance. Paging, filtering and the column
 * picker sit around it (ResearchTable in features/research).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  startRow = 1,
  showRowNumbers = false,
  lock = null,
  throttledColumns = [],
  selection,
  loading = false,
  emptyMessage = 'No results.',
  returnTo,
}: DataTableProps<Row>) {
  const visibleRows = rows.filter((row): row is Row => !isLockedRow(row));
  const lockedRows = rows.length - visibleRows.length;
  const pageKeys = visibleRows.map(rowKey);
  const throttled = new Set(throttledColumns);
  const columnCount = columns.length + (selection ? 1 : 0) + (showRowNumbers ? 1 : 0);
  const atLimit = selection?.limit !== undefined && selection.selected.length >= selection.limit;
  // Sticky columns sit after the (sticky) checkbox and row-number columns: table.css offsets them by these classes.
  const layout = `${selection ? ' sw-table--selectable' : ''}${showRowNumbers ? ' sw-table--numbers' : ''}`;

  return (
    <div className={`sw-table${layout}${loading ? ' sw-table--loading' : ''}`} aria-busy={loading}>
      <table className="sw-table__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="sw-table__select">
                {selection.limit === undefined ? (
                  <HeaderCheckbox
                    state={headerState(selection.selected, pageKeys)}
                    onChange={() => selection.onChange(toggleAll(selection.selected, pageKeys))}
                    disabled={pageKeys.length === 0}
                  />
                ) : (
                  <span className="visually-hidden">Select</span>
                )}
              </th>
            )}
            {showRowNumbers && (
              <th scope="col" className="sw-table__number">
                #
              </th>
            )}
            {columns.map((column) => {
              const state = ariaSort(sort, column.key);
              const sortable = (column.sortable ?? true) && onSortChange;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortable ? state : undefined}
                  className={`sw-table__cell--${alignOf(column)}${column.sticky ? ' sw-table__sticky' : ''}`}
                  style={column.minWidth ? { minWidth: column.minWidth } : undefined}
                  title={column.description}
                >
                  {sortable ? (
                    <button type="button" className="sw-table__sort" onClick={() => onSortChange(nextSort(sort, column.key, column.kind))}>
                      {column.label}
                      <SortGlyph state={state} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={animatesRows(visibleRows.length) ? 'sw-table__body--animate' : undefined}>
          {visibleRows.map((row, index) => {
            const key = rowKey(row);
            const checked = selection?.selected.includes(key) ?? false;
            return (
              <tr key={key} className={checked ? 'sw-table__row--selected' : undefined}>
                {selection && (
                  <td className="sw-table__select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${key}`}
                      checked={checked}
                      disabled={!checked && atLimit}
                      onChange={() => selection.onChange(toggleRow(selection.selected, key))}
                    />
                  </td>
                )}
                {showRowNumbers && (
                  <td className="sw-table__number">
                    {startRow + index}
                  </td>
                )}
                {columns.map((column) => {
                  const value = cellValue(row, column);
                  const withheld = throttled.has(column.key) && (value === null || value === undefined);
                  return (
                    <td key={column.key} className={`sw-table__cell--${alignOf(column)}${column.sticky ? ' sw-table__sticky' : ''}${column.shrinks ? ' sw-table__shrinks' : ''}`}>
                      {withheld ? <ThrottledCell lock={lock} /> : column.render ? column.render(row) : formatCell(value, column.format)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {lockedRows > 0 && lock && (
            <tr className="sw-table__locked">
              <td colSpan={columnCount}>
                <LockOverlay lock={lock} lockedRows={lockedRows} returnTo={returnTo} />
              </td>
            </tr>
          )}
          {rows.length === 0 && !loading && (
            <tr>
              <td colSpan={columnCount} className="sw-table__empty">
                {emptyMessage}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
