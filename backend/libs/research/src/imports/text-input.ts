import { TextDecoder } from 'node:util';
import { WrongFileError } from './import-parser.js';

/**
 * Turns a byte stream into text chunks: UTF-16LE when it starts with its BOM (Keyword Planner), UTF-16BE likewise,
 * else UTF-8 (a UTF-8 BOM is dropped). A file with NUL bytes in UTF-8 is binary, not text: refused.
 */
export async function* textChunks(input: AsyncIterable<Uint8Array>, what: string): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of input) {
    let bytes = chunk;
    if (!decoder) {
      if (bytes[0] === 0xff && bytes[1] === 0xfe) decoder = new TextDecoder('utf-16le');
      else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoder = new TextDecoder('utf-16be');
      else {
        decoder = new TextDecoder('utf-8');
        if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
          throw new WrongFileError(`This is a ZIP archive, not ${what}.`);
        }
        if (bytes.subarray(0, 4096).includes(0)) throw new WrongFileError(`This is not a text file, so it is not ${what}.`);
      }
      // TextDecoder drops the BOM itself (ignoreBOM is false by default).
      bytes = chunk;
    }
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  const rest = decoder?.decode();
  if (rest) yield rest;
}

export interface CsvRecord {
  /** The line the record starts on, 1-based. */
  line: number;
  fields: string[];
}

const quote = 34;
const lineFeed = 10;
const carriageReturn = 13;

/** Line breaks in a quoted cell's text (CRLF counts once). */
function lineBreaks(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  for (let index = text.indexOf('\r'); index >= 0; index = text.indexOf('\r', index + 1)) if (text.charCodeAt(index + 1) !== lineFeed) count++;
  return count;
}

/**
 * Parses the complete records at the start of `text`. Stops before a record that may continue in the next chunk
 * (unless `final`), and says how far it got, so the caller keeps the rest for later.
 */
function parseRecords(text: string, delimiter: number, startLine: number, final: boolean): { records: CsvRecord[]; consumed: number; line: number } {
  const records: CsvRecord[] = [];
  const end = text.length;
  let consumed = 0;
  let consumedLine = startLine;
  let line = startLine;
  let position = 0;
  records: while (position < end) {
    const recordLine = line;
    const fields: string[] = [];
    let index = position;
    for (;;) {
      let value: string;
      if (index < end && text.charCodeAt(index) === quote) {
        // A quoted cell: doubled quotes are one quote; it may span lines.
        let from = index + 1;
        let cell = '';
        for (;;) {
          const closing = text.indexOf('"', from);
          if (closing < 0) {
            if (final) throw new WrongFileError(`The file is not valid CSV: the quoted cell that starts on line ${line} is never closed.`);
            break records;
          }
          cell += text.slice(from, closing);
          if (closing + 1 >= end && !final) break records;
          if (text.charCodeAt(closing + 1) === quote) {
            cell += '"';
            from = closing + 2;
            continue;
          }
          from = closing + 1;
          break;
        }
        line += lineBreaks(cell);
        // Text after the closing quote (a stray quote in a cell) is kept as it is.
        let after = from;
        while (after < end) {
          const code = text.charCodeAt(after);
          if (code === delimiter || code === lineFeed || code === carriageReturn) break;
          after++;
        }
        if (after >= end && !final) break records;
        value = after > from ? cell + text.slice(from, after) : cell;
        index = after;
      } else {
        let after = index;
        while (after < end) {
          const code = text.charCodeAt(after);
          if (code === delimiter || code === lineFeed || code === carriageReturn) break;
          after++;
        }
        if (after >= end && !final) break records;
        value = text.slice(index, after);
        index = after;
      }
      fields.push(value);
      if (index >= end) {
        position = end;
        break;
      }
      const code = text.charCodeAt(index);
      if (code === delimiter) {
        index++;
        continue;
      }
      if (code === carriageReturn && index + 1 >= end && !final) break records;
      index += code === carriageReturn && text.charCodeAt(index + 1) === lineFeed ? 2 : 1;
      line++;
      position = index;
      break;
    }
    // Empty lines are skipped.
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    consumed = position;
    consumedLine = line;
  }
  return { records, consumed, line: consumedLine };
}

/**
 * Streams CSV (or tab-separated) records with the line each starts on (RFC 4180: quoted cells with doubled quotes
 * may span lines; a quote inside an unquoted cell is kept; rows may have more or fewer cells than the header, the
 * parsers decide what that means; empty lines are skipped; a leading BOM is dropped). Written for speed: a million
 * rows are a few hundred milliseconds of parsing, so an import is not bound by it.
 */
export async function* csvRecords(text: AsyncIterable<string>, delimiter = ','): AsyncGenerator<CsvRecord> {
  const code = delimiter.charCodeAt(0);
  let buffer = '';
  let line = 1;
  let first = true;
  for await (const chunk of text) {
    buffer = buffer ? buffer + chunk : chunk;
    if (first && buffer) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    const parsed = parseRecords(buffer, code, line, false);
    buffer = parsed.consumed ? buffer.slice(parsed.consumed) : buffer;
    line = parsed.line;
    yield* parsed.records;
  }
  if (buffer) yield* parseRecords(buffer, code, line, true).records;
}

/** The delimiter of a header line: a tab or semicolon when it has more of those than commas. */
export function delimiterOf(headerLine: string): string {
  const counts = { ',': headerLine.split(',').length, '\t': headerLine.split('\t').length, ';': headerLine.split(';').length };
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]);
}

/** Lower case, accents and punctuation dropped, single spaces: for comparing header names. */
export const headerKey = (name: string) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9%]+/g, ' ').trim();

const plainInteger = /^\d{1,15}$/;

/**
 * A number as spreadsheets and tools write it: '' or '-' → null; '1,234' or '10,720,000,000' → thousands;
 * '64.37%' → 64.37; '1,27' (a decimal comma) → 1.27. NaN when it is not a number at all.
 */
export function parseNumber(text: string | undefined): number | null {
  if (!text) return null;
  // Most cells are plain whole numbers (every row's position): no clean-up needed.
  if (plainInteger.test(text)) return Number(text);
  const value = (text ?? '').trim().replace(/^"|"$/g, '').replace(/%$/, '').replace(/[\s\u00a0]/g, '');
  if (value === '' || value === '-' || value === '--') return null;
  let normal = value;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) normal = value.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(value)) normal = value.replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(value)) normal = value.replace(/\./g, '').replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(normal)) return Number.NaN;
  return Number(normal);
}

/** Cells of a record by the header's column index; a missing cell is ''. */
export const cell = (fields: string[], index: number | undefined) => (index === undefined || index < 0 ? '' : (fields[index] ?? '').trim());
