import type { ReactNode } from 'react';
import { emptyText, formatChange, formatCompact, formatCurrency, formatDate, formatMonth, formatNumber, formatPercent } from '@/lib/format';
import type { ColumnKind, EmptyValues } from './sort-cycle';

/** How a cell's value is written (docs/product/account-exports-reports.md §9 number formatting). */
export type CellFormat = 'text' | 'number' | 'compact' | 'currency' | 'percent' | 'position' | 'change' | 'date' | 'month' | 'ratio';
export type CellAlign = 'left' | 'right' | 'center';

export interface ColumnDef<Row> {
  /** The row field, and the sort name the server knows. */
  key: string;
  label: string;
  kind: ColumnKind;
  format?: CellFormat;
  /** The cell's value when it is not row[key] (also what a local sort compares). */
  value?: (row: Row) => unknown;
  /** Custom cell content; the value's formatted text otherwise. */
  render?: (row: Row) => ReactNode;
  align?: CellAlign;
  /** Default true. Columns the server cannot sort by say false. */
  sortable?: boolean;
  /**
   * Where empty values go in a sort. Unset: last in both directions (an unknown volume or CPC is neither small nor
   * large); ranking positions use 'high' (not ranked = worse than any position, so last when sorted best first).
   */
  emptyValues?: EmptyValues;
  /** An optional column the column picker shows or hides. */
  pickable?: boolean;
  /** Shown at first when pickable. */
  defaultVisible?: boolean;
  /** The column has broad / phrase / exact forms (column picker). */
  matchTypes?: boolean;
  /** Header tooltip: what the number means. */
  description?: string;
  /** Keep the column visible while the table scrolls sideways (the row's name). */
  sticky?: boolean;
  minWidth?: number;
  /**
   * Long text (an address, an anchor, a title) that takes the room the other columns leave and ends in an ellipsis
   * (the full text is in its title), so the table fits its frame instead of pushing the columns after it out of view
   * (issue 24 point 2: docs/decisions.md "Tables fit").
   */
  shrinks?: boolean;
}

export const alignOf = <Row,>(column: ColumnDef<Row>): CellAlign => column.align ?? (column.kind === 'number' ? 'right' : 'left');

export const cellValue = <Row,>(row: Row, column: ColumnDef<Row>): unknown =>
  column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];

/** The text of a value in a format; null, undefined and NaN read as an em dash. */
export function formatCell(value: unknown, format: CellFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return emptyText;
  if (typeof value === 'number') {
    switch (format) {
      case 'compact':
        return formatCompact(value);
      case 'currency':
        return formatCurrency(value);
      case 'percent':
        return formatPercent(value);
      case 'ratio':
        return formatPercent(value * 100);
      case 'change':
        return formatChange(value);
      case 'position':
        return formatNumber(value, 1);
      default:
        return formatNumber(value);
    }
  }
  if (typeof value === 'string') {
    if (format === 'date') return formatDate(value);
    if (format === 'month') return formatMonth(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
