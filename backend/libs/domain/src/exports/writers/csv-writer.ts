import { csvField, csvLine, type CellValue } from '@serpwise/contracts';
import type { Writable } from 'node:stream';
import { tailEncoder, writeTo, type RowTail, type TableWriter, type WriterCheckpoint } from './table-writer.js';

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

  /** A tail's fields and the line's end, encoded once: what csvLine would write after the row's own cells and a comma. */
  readonly tailText = tailEncoder((tail) => `${tail.map(csvField).join(',')}\r\n`);

  rows(rows: readonly (readonly CellValue[])[], tails?: readonly RowTail[]): Promise<void> {
    let text = '';
    if (tails) {
      for (let index = 0; index < rows.length; index += 1) {
        const row = rows[index]!;
        const tail = tails[index]!;
        // A row of no cells of its own (no separator before its tail), or a tail of none (the line's end alone).
        if (row.length === 0 || tail.length === 0) text += csvLine([...row, ...tail]);
        else {
          // The encoded tail (its fields and the line's end) joined as the line's last field: the line is one flat
          // string made by the join. Appended after the join (a comma, then the tail) it made two string objects a
          // row besides the joined cells (an untailed line makes one, its line end), held by the batch's text until
          // the write and copied by each young collection meanwhile (issue 27, the export-writers bench).
          const fields = row.map(csvField);
          fields.push(this.tailText(tail));
          text += fields.join(',');
        }
      }
    } else {
      for (const row of rows) text += csvLine(row);
    }
    return writeTo(this.stream, text);
  }

  /**
   * Lines made outside (copy-csv.ts: COPY's text straight to CSV), each row's own fields, a comma and its tailText:
   * written as they are, one write.
   */
  lines(text: string | Buffer): Promise<void> {
    return writeTo(this.stream, text);
  }

  /** A CSV file is its lines: the bytes written are all a later writer needs. */
  checkpoint(): WriterCheckpoint {
    return {};
  }

  async finish(): Promise<void> {}
}
