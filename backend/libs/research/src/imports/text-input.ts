import { TextDecoder } from 'node:util';
import { DelimitedTextError, parseDelimitedRecords, withoutByteOrderMark, type DelimitedRecord } from '@serpwise/contracts';
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

/** A record of a file with the line it starts on (the shared reading rules: @serpwise/contracts, imports/delimited-text.ts). */
export type CsvRecord = DelimitedRecord;
export { delimiterOf } from '@serpwise/contracts';

/** The shared parser, with an unclosed quote refusing the file like every wrong file. */
function parseRecords(text: string, delimiter: number, startLine: number, final: boolean) {
  try {
    return parseDelimitedRecords(text, delimiter, startLine, final);
  } catch (error) {
    throw error instanceof DelimitedTextError ? new WrongFileError(error.message) : error;
  }
}

/**
 * Streams CSV (or tab-separated) records with the line each starts on, by the shared reading rules (RFC 4180: quoted
 * cells with doubled quotes may span lines; a quote inside an unquoted cell is kept; rows may have more or fewer
 * cells than the header, the parsers decide what that means; empty lines are skipped; a leading BOM is dropped).
 */
export async function* csvRecords(text: AsyncIterable<string>, delimiter = ','): AsyncGenerator<CsvRecord> {
  const code = delimiter.charCodeAt(0);
  let buffer = '';
  let line = 1;
  let first = true;
  for await (const chunk of text) {
    buffer = buffer ? buffer + chunk : chunk;
    if (first && buffer) {
      buffer = withoutByteOrderMark(buffer);
      first = false;
    }
    const parsed = parseRecords(buffer, code, line, false);
    buffer = parsed.consumed ? buffer.slice(parsed.consumed) : buffer;
    line = parsed.line;
    yield* parsed.records;
  }
  if (buffer) yield* parseRecords(buffer, code, line, true).records;
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
