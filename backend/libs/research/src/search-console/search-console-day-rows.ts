import { isUtf8 } from 'node:buffer';
import { copyValue } from '../demo-market/copy-text.js';
import { CopyBuffer, type CopyChunkPool } from '../warehouse/copy-buffer.js';
import { readSearchAnalyticsAnswer, StringKind, type AnswerRow } from './search-analytics-answer.js';

/** The COPY text's chunk size. */
export const searchConsoleChunkSize = 128 * 1024;

/** search_console_row's columns in the order the COPY text has them. */
export const searchConsoleRowColumns = 'property_id, day, query, page, country, device, clicks, impressions, position';

/**
 * One day's rows of a property as search_console_row's COPY text, written as each page of Google's answer is read.
 * A backfill reads millions of rows: kept as objects until their day was kept, the rows of the days fetched ahead
 * outlived the young generation's collections and made the worker's collector its largest cost; as bytes they live
 * outside the JavaScript heap. A page of Google's answer is read from its bytes (`addAnswer`): each key is copied from
 * the answer into the text, without being made a string (docs/decisions.md, "Search Console answers read as bytes").
 */
export class SearchConsoleDayRows {
  private readonly chunks: Buffer[] = [];
  private readonly buffer: CopyBuffer;
  /** The property id and the day, the same on every line. */
  private readonly prefix: string;
  private readonly prefixBytes: Buffer;
  private rows = 0;

  /** `pool`: chunks to write into (made for `searchConsoleChunkSize`), given back by the caller once the day is kept. */
  constructor(readonly propertyId: string, readonly day: string, chunkSize = searchConsoleChunkSize, pool?: CopyChunkPool) {
    // Both go into the text as they are: checked here.
    if (!/^\d+$/.test(propertyId)) throw new Error(`Not a Search Console property id: ${propertyId}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a day: ${day}`);
    this.prefix = `${propertyId}\t${day}\t`;
    this.prefixBytes = Buffer.from(this.prefix, 'latin1');
    this.buffer = new CopyBuffer(chunkSize, pool);
  }

  /** How many rows were added. */
  get count(): number {
    return this.rows;
  }

  /** Adds one row (searchAnalytics.query keys query, page, date, country, device and its figures). */
  add(query: string, page: string, country: string, device: string, clicks: number, impressions: number, position: number): void {
    const buffer = this.buffer;
    buffer.text(this.prefix).text(copyValue(query)).tab().text(copyValue(page)).tab().text(copyValue(country)).tab().text(copyValue(device)).tab()
      .number(clicks).tab().number(impressions).tab().number(position).newline();
    this.rows += 1;
    if (buffer.full) this.chunks.push(buffer.take());
  }

  /**
   * Adds every row of one page of searchAnalytics.query's answer (its bytes), asked with the dimensions query, page,
   * date, country, device; answers how many rows the page held. The same text as `add` with each row's keys and
   * figures as `JSON.parse` reads them (a missing key is empty). An answer that is not JSON, or a row that is not
   * Google's shape, is refused (SearchAnalyticsAnswerError) part-way: the day's rows are then not to be kept (the sync
   * fails the day's fetch, and asks for it again on its next attempt).
   */
  addAnswer(answer: Uint8Array): number {
    return readSearchAnalyticsAnswer(answer, (row) => this.addRead(row));
  }

  private addRead(row: AnswerRow): void {
    const buffer = this.buffer;
    buffer.raw(this.prefixBytes, 0, this.prefixBytes.length);
    this.key(row, 0).tab();
    this.key(row, 1).tab();
    this.key(row, 3).tab();
    this.key(row, 4).tab();
    buffer.number(row.clicks).tab().number(row.impressions).tab();
    // The position's text as the answer has it, when that is the text its value would be written as.
    if (row.positionEnd >= 0) buffer.raw(row.bytes, row.positionStart, row.positionEnd).newline();
    else buffer.number(row.position).newline();
    this.rows += 1;
    if (buffer.full) this.chunks.push(buffer.take());
  }

  /** Key `index` of the row read, as COPY text: copied from the answer when its bytes are its text, else decoded. */
  private key(row: AnswerRow, index: number): CopyBuffer {
    const buffer = this.buffer;
    if (index >= row.keyCount) return buffer;
    const start = row.keyStart[index]!;
    const end = row.keyEnd[index]!;
    const kind = row.keyKind[index]!;
    const bytes = row.bytes;
    // Neither kind can hold a backslash or a control character (JSON allows neither unescaped), so nothing to escape.
    if (kind === StringKind.Ascii || (kind === StringKind.Unescaped && isUtf8(bytes.subarray(start, end)))) return buffer.raw(bytes, start, end);
    // Escapes, or bytes that are not UTF-8 (read as JSON.parse reads them, each bad one a replacement character).
    const text = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start - 1, end - start + 2).toString('utf8')) as string;
    return buffer.text(copyValue(text));
  }

  /** The COPY text of every row added so far, in chunks (no more rows are expected after). */
  copyText(): Buffer[] {
    if (this.buffer.size) this.chunks.push(this.buffer.take());
    return this.chunks;
  }
}
