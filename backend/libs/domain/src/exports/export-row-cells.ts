import { spreadsheetCell, type CellValue } from '@serpwise/contracts';
import { provenanceColumns, rowSourceColumn, type ExportProvenance } from '@serpwise/research';
import type { RowTail } from './writers/table-writer.js';

/**
 * The columns of an export's file: the first row's own (its hidden source column left out), then Data Source and
 * Data Date (docs/decisions.md, "Issue 20: provenance per row"); a row that already names one keeps it where it is.
 */
export function exportColumns(firstRow: Record<string, unknown> | undefined, fields: readonly string[]): string[] {
  if (!firstRow) return [...fields.filter((name) => name !== rowSourceColumn), ...provenanceColumns];
  const own = Object.keys(firstRow).filter((name) => name !== rowSourceColumn);
  return [...own, ...provenanceColumns.filter((name) => !own.includes(name))];
}

/**
 * Each row's provenance as the cells that end it. A row's provenance is one object per source, or set of sources, of
 * the export (rowProvenance keeps them), so its two cells are neutralised once and stay one array: the writer then
 * encodes them once per file too (RowTail). Before, every row had its two cells made and encoded anew: ~0.5 s of CPU
 * on a 500,000-row CSV export, ~0.8 s on an XLSX one (docs/benchmarks.md, "Issue 18: before and after").
 */
export function provenanceTails(): (provenance: ExportProvenance) => RowTail {
  const tails = new Map<ExportProvenance, RowTail>();
  return (provenance) => {
    let tail = tails.get(provenance);
    if (!tail) {
      // In provenanceColumns' order.
      tail = Object.freeze([spreadsheetCell(provenance.dataSource), spreadsheetCell(provenance.dataDate)]);
      tails.set(provenance, tail);
    }
    return tail;
  };
}

/** A batch as the writer takes it: each row's cells, and (when the file's columns end with the provenance) its tail. */
export interface BatchCells {
  cells: CellValue[][];
  tails?: RowTail[];
}

/**
 * Cells of rows for a file of `columns`, each row's provenance given beside it. When the columns end with Data Source
 * and Data Date, as every export's do, those come as the row's tail; a file whose columns place them elsewhere (none
 * is written so, but a resumed file's columns are its own) gets them as cells like any other.
 */
export function batchCellsFor(columns: readonly string[], tailOf: (provenance: ExportProvenance) => RowTail) {
  const [source, date] = provenanceColumns;
  const at = columns.length - provenanceColumns.length;
  const tailed = at >= 0 && columns[at] === source && columns[at + 1] === date && !columns.slice(0, at).some((name) => name === source || name === date);
  const own = tailed ? columns.slice(0, at) : columns;
  return (rows: readonly Record<string, unknown>[], provenances: readonly ExportProvenance[]): BatchCells => {
    if (tailed) {
      return {
        cells: rows.map((row) => own.map((column) => spreadsheetCell(row[column]))),
        tails: provenances.map(tailOf),
      };
    }
    return {
      cells: rows.map((row, index) => {
        const provenance = provenances[index]!;
        return own.map((column) =>
          spreadsheetCell(column === source ? provenance.dataSource : column === date ? provenance.dataDate : row[column]));
      }),
    };
  };
}
