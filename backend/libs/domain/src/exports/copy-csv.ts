import { csvField, neutraliseCellText, spreadsheetCell } from '@serpwise/contracts';
import { copyValue, numericTextTypes, parsersOf, unescapeCopyText, type BatchFields, type LineBatch } from './table-batches.js';

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
 * How copyCsvLines writes a column's cells from COPY's bytes: as sent (`integer`: int2, int4; `wholeNumber`: int8 and
 * numeric cells that are whole numbers of at most 15 digits, which Number() gives back unchanged; `decimal`: float8
 * cells that are plain decimals, isPlainDecimal), `text` (as sent
 * unless the cell has an escape or may start a formula, quoted when it holds a quote or a comma), `boolean`,
 * `withheld` (empty), `source` (not written: the row's tail), or `other`: the cell decoded and written by its encoder.
 */
type CellKind = 'integer' | 'wholeNumber' | 'decimal' | 'text' | 'boolean' | 'withheld' | 'source' | 'other';

function cellKindOf(field: { dataTypeID: number }): CellKind {
  switch (field.dataTypeID) {
    case 21:
    case 23:
      return 'integer';
    case 20:
    case 1700:
      return 'wholeNumber';
    case 701:
      return 'decimal';
    case 25:
    case 1043:
      return 'text';
    case 16:
      return 'boolean';
    default:
      return 'other';
  }
}

const tab = 0x09;
const backslash = 0x5c;
const quote = 0x22;
const comma = 0x2c;
const minus = 0x2d;
const digit0 = 0x30;
const digit9 = 0x39;
/**
 * First bytes of a text cell that may make neutraliseCellText change it: = + - @ and a space (a formula after spaces),
 * and the lead bytes of U+00A0 (C2) and of the full-width = + - @ (EF). Tab, CR and LF come escaped (a backslash).
 */
const mayNeutraliseByte = new Uint8Array(256);
for (const byte of [0x3d, 0x2b, 0x2d, 0x40, 0x20, 0xc2, 0xef]) mayNeutraliseByte[byte] = 1;
const trueBytes = Buffer.from('true');
const falseBytes = Buffer.from('false');

/**
 * The CSV lines of COPY lines for a file whose columns are the query's own (`written`, in the query's order, none
 * left out but the source column), each line ended by its row's tail: `tailOf` gets the text of the row's
 * `tailColumn` (undefined when the query has none) and answers the tail's fields and the line's end, as CsvWriter
 * writes them. `withheld` columns are written empty, as the row path writes a withheld (nulled) value.
 *
 * It works on COPY's bytes and writes the file's bytes (issue 27 point 4): most cells are copied as they came, and only
 * a cell that needs the row path's own treatment (an escape, a possible formula, a type written as parsed) becomes a
 * string. Made into strings, the 300,000-row ranking history's lines, cells and file text kept the worker's garbage
 * collector busy for seconds (docs/benchmarks.md, "Exports: COPY bytes straight to CSV bytes").
 */
export function copyCsvLines(
  fields: BatchFields,
  options: { tailColumn: string; withheld: ReadonlySet<string>; tailOf: (sourceCell: string | undefined) => string },
): (batch: LineBatch, from: number, to: number) => Buffer {
  const kinds = fields.map((field): CellKind =>
    field.name === options.tailColumn ? 'source' : options.withheld.has(field.name) ? 'withheld' : cellKindOf(field));
  // The string path of the cells that need it (copyCellEncoder: the row path's own result).
  const encoders = fields.map((field) => copyCellEncoder(field));
  // Each distinct source cell's tail as bytes (a file has a few); the last one's bytes answer the next row mostly.
  const tails = new Map<string | undefined, Buffer>();
  const tailOf = (cell: string | undefined): Buffer => {
    let tail = tails.get(cell);
    if (!tail) tails.set(cell, (tail = Buffer.from(`,${options.tailOf(cell)}`, 'utf8')));
    return tail;
  };
  let lastSource: Buffer | null = null;
  let lastTail: Buffer | null = null;
  /** The tail of the row whose source cell is text[start, end) (start -1: the query has no source column). */
  const tailBytesOf = (text: Buffer, start: number, end: number): Buffer => {
    if (start < 0) return tailOf(undefined);
    if (lastSource && lastTail && sameBytes(lastSource, text, start, end)) return lastTail;
    lastTail = tailOf(text.toString('utf8', start, end));
    lastSource = Buffer.from(text.subarray(start, end));
    return lastTail;
  };
  const last = fields.length - 1;

  return (batch, from, to) => {
    const { text, starts } = batch;
    let out: Buffer = Buffer.allocUnsafe(Math.max(64, Math.ceil((starts[to]! - starts[from]!) * 1.25) + (to - from) * 64));
    let at = 0;
    for (let row = from; row < to; row += 1) {
      let start = starts[row]!;
      const lineEnd = starts[row + 1]! - 1;
      let sourceStart = -1;
      let sourceEnd = -1;
      let first = true;
      for (let index = 0; index <= last; index += 1) {
        let end = start;
        if (index === last) end = lineEnd;
        else while (end < lineEnd && text[end] !== tab) end += 1;
        const kind = kinds[index]!;
        if (kind === 'source') {
          sourceStart = start;
          sourceEnd = end;
          start = end + 1;
          continue;
        }
        // The most a cell can take: every byte doubled (quotes), its two quotes and the comma before it.
        if (at + 2 * (end - start) + 3 > out.length) out = grown(out, at, 2 * (end - start) + 3);
        if (!first) out[at++] = comma;
        first = false;
        const isNull = end - start === 2 && text[start] === backslash && text[start + 1] === 0x4e;
        let written = -1;
        if (isNull || kind === 'withheld') written = at; // NULL and a withheld value: an empty field
        else if (kind === 'integer') written = copyBytes(text, start, end, out, at);
        else if (kind === 'text') written = textCellBytes(text, start, end, out, at);
        else if (kind === 'boolean') written = copyBytes(text[start] === 0x74 ? trueBytes : falseBytes, 0, text[start] === 0x74 ? 4 : 5, out, at);
        else if (kind === 'wholeNumber' && isWholeNumber(text, start, end)) written = copyBytes(text, start, end, out, at);
        else if (kind === 'decimal' && isPlainDecimal(text, start, end)) written = copyBytes(text, start, end, out, at);
        if (written < 0) {
          // The string path: decoded, encoded as the row path would (copyCellEncoder), written.
          const field = encoders[index]!(text.toString('utf8', start, end));
          if (at + field.length * 3 > out.length) out = grown(out, at, field.length * 3);
          written = at + out.write(field, at, 'utf8');
        }
        at = written;
        start = end + 1;
      }
      const tail = tailBytesOf(text, sourceStart, sourceEnd);
      if (at + tail.length > out.length) out = grown(out, at, tail.length);
      at += tail.copy(out, at);
    }
    return out.subarray(0, at);
  };
}

/**
 * Whether text[start, end) holds exactly `bytes`. A row's source cell is a few digits: a loop is several times cheaper
 * than Buffer.compare's native call, which cost about a tenth of a 500,000-row export's conversion (profile).
 */
function sameBytes(bytes: Buffer, text: Buffer, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let index = 0; index < bytes.length; index += 1) if (bytes[index] !== text[start + index]) return false;
  return true;
}

/** `out` with room for `bytes` more after `at`: a larger copy. */
function grown(out: Buffer, at: number, bytes: number): Buffer {
  const larger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
  out.copy(larger, 0, 0, at);
  return larger;
}

/** Copies text[start, end) to out at `at`; answers where the copy ends. Short cells byte by byte (a native copy costs more). */
function copyBytes(text: Buffer, start: number, end: number, out: Buffer, at: number): number {
  if (end - start > 32) return at + text.copy(out, at, start, end);
  for (let byte = start; byte < end; byte += 1) out[at++] = text[byte]!;
  return at;
}

/** What a text cell's bytes hold that CSV or COPY cares about: a backslash (an escape), a quote, a comma. */
const textByteFlags = new Uint8Array(256);
textByteFlags[backslash] = 1;
textByteFlags[quote] = 2;
textByteFlags[comma] = 4;

/**
 * A text cell's CSV field, written to out at `at`: as sent, or quoted with its quotes doubled. Answers where it ends,
 * or -1 when the string path must write it (an escape to undo, or a start that may make it a formula).
 */
function textCellBytes(text: Buffer, start: number, end: number, out: Buffer, at: number): number {
  if (start === end) return at;
  if (mayNeutraliseByte[text[start]!]) return -1;
  let flags = 0;
  for (let byte = start; byte < end; byte += 1) flags |= textByteFlags[text[byte]!]!;
  if (flags & 1) return -1;
  if (flags === 0) return copyBytes(text, start, end, out, at);
  out[at++] = quote;
  if (flags & 2) {
    for (let byte = start; byte < end; byte += 1) {
      const value = text[byte]!;
      out[at++] = value;
      if (value === quote) out[at++] = quote;
    }
  } else at = copyBytes(text, start, end, out, at);
  out[at++] = quote;
  return at;
}

/**
 * Whether COPY's float8 cell is a plain decimal that String(Number(cell)) gives back unchanged: digits, at most one
 * point, an optional minus, at most 15 digits before the point — never an exponent, Infinity, NaN or -0, which the row
 * path writes otherwise. PostgreSQL (12 and later, extra_float_digits > 0, the default) writes the shortest text that
 * reads back as the same double, as JavaScript does; with extra_float_digits ≤ 0 it writes at most 15 significant
 * digits, which read back and print unchanged too.
 */
function isPlainDecimal(text: Buffer, start: number, end: number): boolean {
  const digitsFrom = text[start] === minus ? start + 1 : start;
  if (end - digitsFrom < 1) return false;
  let point = -1;
  for (let byte = digitsFrom; byte < end; byte += 1) {
    const value = text[byte]!;
    if (value === 0x2e && point < 0) point = byte;
    else if (value < digit0 || value > digit9) return false;
  }
  if (point === digitsFrom || point === end - 1) return false;
  if ((point < 0 ? end : point) - digitsFrom > 15) return false;
  // A leading zero other than "0" or "0.…", and a fraction's trailing zero, would not come back unchanged.
  if (text[digitsFrom] === digit0 && (point < 0 ? end - digitsFrom > 1 : point - digitsFrom > 1)) return false;
  if (point >= 0 && text[end - 1] === digit0) return false;
  // -0 is written 0 by the row path.
  if (digitsFrom > start && isZero(text, digitsFrom, end)) return false;
  return true;
}

const isZero = (text: Buffer, start: number, end: number) => {
  for (let byte = start; byte < end; byte += 1) if (text[byte] !== digit0 && text[byte] !== 0x2e) return false;
  return true;
};

/** Whether COPY's cell is a whole number of 1 to 15 digits (optionally negative): Number() writes it back unchanged. */
function isWholeNumber(text: Buffer, start: number, end: number): boolean {
  const digitsFrom = text[start] === minus ? start + 1 : start;
  const digits = end - digitsFrom;
  if (digits < 1 || digits > 15) return false;
  // A leading zero (other than 0 itself) or -0 would not come back unchanged; PostgreSQL writes neither, but be sure.
  if (text[digitsFrom] === digit0 && (digits > 1 || digitsFrom > start)) return false;
  for (let byte = digitsFrom; byte < end; byte += 1) {
    const value = text[byte]!;
    if (value < digit0 || value > digit9) return false;
  }
  return true;
}
