import { copyValue } from '../demo-market/copy-text.js';
import { CopyBuffer } from '../warehouse/copy-buffer.js';

/** search_console_row's columns in the order the COPY text has them. */
export const searchConsoleRowColumns = 'property_id, day, query, page, country, device, clicks, impressions, position';

/**
 * One day's rows of a property as search_console_row's COPY text, written as each page of Google's answer is read.
 * A backfill reads millions of rows: kept as objects until their day was kept, the rows of the days fetched ahead
 * outlived the young generation's collections and made the worker's collector its largest cost; as bytes they live
 * outside the JavaScript heap, and each parsed page dies young (docs/decisions.md, "Issue 20: a backfill's speed").
 */
export class SearchConsoleDayRows {
  private readonly chunks: Buffer[] = [];
  private readonly buffer: CopyBuffer;
  /** The property id and the day, the same on every line. */
  private readonly prefix: string;
  private rows = 0;

  constructor(readonly propertyId: string, readonly day: string, chunkSize = 128 * 1024) {
    // Both go into the text as they are: checked here.
    if (!/^\d+$/.test(propertyId)) throw new Error(`Not a Search Console property id: ${propertyId}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a day: ${day}`);
    this.prefix = `${propertyId}\t${day}\t`;
    this.buffer = new CopyBuffer(chunkSize);
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

  /** The COPY text of every row added so far, in chunks (no more rows are expected after). */
  copyText(): Buffer[] {
    if (this.buffer.size) this.chunks.push(this.buffer.take());
    return this.chunks;
  }
}
