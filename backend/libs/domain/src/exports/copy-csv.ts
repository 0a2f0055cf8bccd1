import { csvField, neutraliseCellText, spreadsheetCell } from '@serpwise/contracts';
import { copyValue, numericTextTypes, parsersOf, unescapeCopyText, type BatchFields } from './table-batches.js';

/**
 * COPY's text lines straight to CSV lines (issue 27 point 4): what a CSV export of a table without per-row mapping
 * writes, byte for byte the file the row path writes (COPY text → row object → spreadsheet cells → csvLine), without
 * the row objects, cell arrays and parsed values in between. On 500,000 backlinks that path spent about two thirds of
 * the worker's CPU making and collecting those objects (docs/benchmarks.md, "Exports: COPY text straight to CSV").
 */

/** One cell of COPY's text (escaped, `\N` for NULL) as the CSV field the row path writes for it. */
export type CopyCellEncoder = (cell: string) => string;

/** Characters that may make neutraliseCellText change a text: the formula starts, and the spaces it looks past. */
const mayNeutralise = new Set([...'=+-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n \u00A0'].map((character) => character.charCodeAt(0)));
const needsQuotes = /[",\r\n]/;

/** A text cell: unescaped, neutralised, quoted as csvField does; most cells need none of it and are written as sent. */
function textCell(cell: string): string {
  if (cell === '\\N') return '';
  const text = cell.includes('\\') ? unescapeCopyText(cell) : cell;
  const safe = text.length > 0 && mayNeutralise.has(text.charCodeAt(0)) ? neutraliseCellText(text) : text;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** PostgreSQL writes a boolean as t or f; the row path writes the parsed value, true or false. */
const booleanCell: CopyCellEncoder = (cell) => (cell === 't' ? 'true' : cell === 'f' ? 'false' : '');

/** An int2 or int4 as PostgreSQL writes it is the text String(parseInt(text)) gives back: written as sent. */
const integerCell: CopyCellEncoder = (cell) => (cell === '\\N' ? '' : cell);

/**
 * Types written without parsing, with the text node-postgres's default parser would give back: text, varchar, bool,
 * int2, int4. Only while that parser is node-postgres's own (nothing in Serpwise replaces it process-wide).
 */
const textEncoders = new Map<number, CopyCellEncoder>([
  [25, textCell],
  [1043, textCell],
  [16, booleanCell],
  [21, integerCell],
  [23, integerCell],
]);

/** The encoder of one column: a text one above, else the row path itself on the cell (parse, spreadsheetCell, csvField). */
export function copyCellEncoder(field: { dataTypeID: number }): CopyCellEncoder {
  const own = textEncoders.get(field.dataTypeID);
  if (own) return own;
  const [parse] = parsersOf([field]);
  const numeric = numericTextTypes.has(field.dataTypeID);
  return (cell) => {
    const value = copyValue(cell, parse!);
    return csvField(spreadsheetCell(numeric && typeof value === 'string' ? Number(value) : value));
  };
}

/** The parsed value of a row's source column as the row path hands it to the row's provenance (numbers as numbers). */
export function copySourceValue(field: { dataTypeID: number }): (cell: string) => unknown {
  const [parse] = parsersOf([field]);
  const numeric = numericTextTypes.has(field.dataTypeID);
  return (cell) => {
    const value = copyValue(cell, parse!);
    return numeric && typeof value === 'string' ? Number(value) : value;
  };
}

/**
 * The CSV lines of COPY lines for a file whose columns are the query's own (`written`, in the query's order, none
 * left out but `skipped`), each line ended by its row's tail: `tailOf` gets the text of the row's `tailColumn`
 * (undefined when the query has none) and answers the tail's fields and the line's end, as CsvWriter writes them.
 * `withheld` columns are written empty, as the row path writes a withheld (nulled) value.
 */
export function copyCsvLines(
  fields: BatchFields,
  options: { tailColumn: string; withheld: ReadonlySet<string>; tailOf: (sourceCell: string | undefined) => string },
): (lines: readonly string[], from: number, to: number) => string {
  const source = fields.findIndex((field) => field.name === options.tailColumn);
  // Per cell of a line, in the line's order: its encoder, or null for the source column (it is not written).
  const encoders = fields.map((field, index): CopyCellEncoder | null =>
    index === source ? null : options.withheld.has(field.name) ? () => '' : copyCellEncoder(field));
  const last = fields.length - 1;
  return (lines, from, to) => {
    let text = '';
    for (let row = from; row < to; row += 1) {
      const line = lines[row]!;
      let start = 0;
      let first = true;
      let sourceCell: string | undefined;
      for (let index = 0; index <= last; index += 1) {
        const end = index === last ? line.length : line.indexOf('\t', start);
        const cell = line.slice(start, end);
        start = end + 1;
        const encode = encoders[index];
        if (!encode) {
          sourceCell = cell;
          continue;
        }
        text += first ? encode(cell) : `,${encode(cell)}`;
        first = false;
      }
      text += `,${options.tailOf(sourceCell)}`;
    }
    return text;
  };
}
