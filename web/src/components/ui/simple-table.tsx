import type { HTMLAttributes, ReactNode } from 'react';

/** A column of a plain table: its header (none for a column of buttons) and what a row shows in it. */
export interface SimpleColumn<Row> {
  header?: ReactNode;
  /** The header's accessible name when it shows none ('Actions'). */
  headerLabel?: string;
  cell: (row: Row) => ReactNode;
  /** On the header and every cell of the column ('num' for figures). */
  className?: string;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;

/**
 * A plain HTML table of a short list (projects, receipts, outreach lists): a header row, then one row per item.
 * For research data with sorting, paging and column choice, use DataTable (components/ui/table) instead.
 */
export function SimpleTable<Row>({
  columns,
  rows,
  rowKey,
  className,
  label,
  rowAttributes,
}: {
  columns: readonly SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  className?: string;
  /** The table's accessible name. */
  label?: string;
  /** Extra attributes of a row (test ids, state). */
  rowAttributes?: (row: Row) => RowAttributes;
}) {
  // The frame scrolls sideways when the table is wider than its place (a phone): the page itself never does.
  return (
    <div className="simple-table__frame">
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} className={column.className} aria-label={column.headerLabel}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column, index) => (
              <td key={index} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
