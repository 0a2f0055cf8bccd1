import { DelimitedTextError, parseDelimitedRecords, TextFileDecoder, withoutByteOrderMark, type DelimitedRecord } from '@serpwise/contracts';
import { domainByUrlParser } from '../warehouse/warehouse-row.js';
import { WrongFileError } from './import-parser.js';

/**
 * Turns a byte stream into text chunks: UTF-16LE when it starts with its BOM (Keyword Planner), UTF-16BE likewise,
 * else UTF-8 (a UTF-8 BOM is dropped) or, when the bytes are not UTF-8, Windows-1252 (TextFileDecoder in @serpwise/contracts). A file with
 * NUL bytes that is not UTF-16 is binary, not text: refused.
 */
export async function* textChunks(input: AsyncIterable<Uint8Array>, what: string): AsyncGenerator<string> {
  let decoder: TextFileDecoder | null = null;
  for await (const bytes of input) {
    if (!decoder) {
      const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
      if (!utf16 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
        if (isExcelWorkbook(bytes)) throw new WrongFileError(`This is an Excel workbook (.xlsx), not ${what}: save it as CSV (File, Save As, CSV UTF-8) and upload that.`);
        throw new WrongFileError(`This is a ZIP archive, not ${what}.`);
      }
      if (!utf16 && bytes.subarray(0, 4096).includes(0)) throw new WrongFileError(`This is not a text file, so it is not ${what}.`);
      decoder = new TextFileDecoder();
    }
    const text = decoder.decode(bytes);
    if (text) yield text;
  }
  const rest = decoder?.end();
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
 * `firstLine` is the file's line the text starts on, when the caller has read lines before it.
 */
export async function* csvRecords(text: AsyncIterable<string>, delimiter = ',', firstLine = 1): AsyncGenerator<CsvRecord> {
  for await (const batch of csvRecordBatches(text, delimiter, firstLine)) yield* batch;
}

/**
 * The same records a text chunk at a time (a few hundred per 64 KB read): a caller going through a million rows then
 * takes an async step per chunk instead of one per record (each step is a few promises; per row they cost more than
 * parsing the row).
 */
export async function* csvRecordBatches(text: AsyncIterable<string>, delimiter = ',', firstLine = 1): AsyncGenerator<CsvRecord[]> {
  const code = delimiter.charCodeAt(0);
  let buffer = '';
  let line = firstLine;
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
    if (parsed.records.length) yield parsed.records;
  }
  if (buffer) {
    const { records } = parseRecords(buffer, code, line, true);
    if (records.length) yield records;
  }
}

/** Lower case, accents and punctuation dropped, single spaces: for comparing header names. */
export const headerKey = (name: string) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9%]+/g, ' ').trim();

export { decideNumberStyles, parseDollars, parseNumber, styleOfCell, type NumberColumn, type NumberKind, type NumberStyle } from './number-style.js';

/** Records a file's number style is decided from (number-style.ts): the first ones after the header. */
export const numberSampleRecords = 1_000;

/**
 * Reads up to `count` items of a stream ahead: those items, and the whole stream (them first, then the rest), so a
 * parser can look at its first rows before it reads any (the file's number style).
 */
export async function lookAhead<T>(items: AsyncIterable<T>, count: number): Promise<{ head: T[]; all: AsyncGenerator<T> }> {
  const iterator = items[Symbol.asyncIterator]();
  const head: T[] = [];
  let done = false;
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  async function* all() {
    yield* head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, all: all() };
}

/** Cells of a record by the header's column index; a missing cell is ''. */
export const cell = (fields: string[], index: number | undefined) => (index === undefined || index < 0 ? '' : (fields[index] ?? '').trim());

/** A text that starts with a scheme ('https:', 'ftp:', 'mailto:'). */
const hasScheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A result's page as a cell gives it: the trimmed text, null when empty. SEO tools and hand-made lists often write
 * pages without their scheme ('example.com/page', 'www.example.com', '//example.com/page'): when what follows is a
 * site's address, it is read as https (what nearly every site serves today); anything else stays as written, for
 * the row check to refuse in words.
 */
export function pageUrlOfCell(text: string): string | null {
  const url = text.trim();
  if (!url) return null;
  if (hasScheme.test(url)) return url;
  const https = `https://${url.replace(/^\/\//, '')}`;
  return domainByUrlParser(https) ? https : url;
}

const dottedDay = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/;

/**
 * A day cell as YYYY-MM-DD: ISO as written (a time after it dropped: '2026-10-05T12:00:00Z'), or day first with full
 * stops ('05.10.2026'), as a spreadsheet in a German, Dutch, Polish … locale saves an ISO day again; anything else as
 * written, for the row check to refuse in words. A day with slashes ('10/05/2026') is left so: month first or day
 * first cannot be told apart.
 */
export function dayOfCell(text: string): string {
  const day = text.trim();
  // Nearly every cell is ISO already.
  if (day.charCodeAt(4) === 45) return day.slice(0, 10);
  const dotted = dottedDay.exec(day);
  return dotted ? `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}` : day.slice(0, 10);
}

/**
 * Excel's "sep=;" first line, which some tools write before the header so that Excel splits the columns whatever the
 * user's locale: the delimiter it names and the text after it (its records start on line 2); null without one.
 */
export function separatorLine(text: string): { delimiter: string; body: string } | null {
  const match = /^sep=([,;\t|])[ \t]*(?:\r\n|\n|\r)/i.exec(withoutByteOrderMark(text));
  return match ? { delimiter: match[1]!, body: withoutByteOrderMark(text).slice(match[0].length) } : null;
}

/**
 * Whether ZIP bytes are an Excel workbook (.xlsx: what "Download Excel" gives in Search Console and what Excel saves
 * by default): its first entry is `[Content_Types].xml` or a part under `xl/`, `docProps/` or `_rels/`.
 */
export function isExcelWorkbook(bytes: Uint8Array): boolean {
  if (bytes.length < 30) return false;
  const nameLength = bytes[26]! | (bytes[27]! << 8);
  const name = new TextDecoder().decode(bytes.subarray(30, 30 + nameLength));
  return name === '[Content_Types].xml' || /^(?:xl|docProps|_rels)\//.test(name);
}
