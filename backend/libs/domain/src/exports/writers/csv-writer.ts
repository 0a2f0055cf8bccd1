import { csvLine, type CellValue } from '@serpwise/contracts';
import type { Writable } from 'node:stream';
import { writeTo, type TableWriter, type WriterCheckpoint } from './table-writer.js';

/**
 * CSV as Excel and Google Sheets read it: UTF-8 with a byte-order mark, comma-separated, CRLF lines, RFC 4180 quoting.
 * Cells arrive already neutralised (spreadsheetCell), so no text becomes a formula.
 */
export class CsvWriter implements TableWriter {
  readonly maxRows = Number.MAX_SAFE_INTEGER;

  constructor(private readonly stream: Writable) {}

  header(headers: readonly string[]): Promise<void> {
    return writeTo(this.stream, `\uFEFF${csvLine(headers)}`);
  }

  rows(rows: readonly (readonly CellValue[])[]): Promise<void> {
    let text = '';
    for (const row of rows) text += csvLine(row);
    return writeTo(this.stream, text);
  }

  /** A CSV file is its lines: the bytes written are all a later writer needs. */
  checkpoint(): WriterCheckpoint {
    return {};
  }

  async finish(): Promise<void> {}
}
