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
          // One line is one join of an array made at its final size: the row's fields, then the encoded tail (its
          // fields and the line's end) as the last field. Mapped and then pushed to, the array was made twice (its
          // growth copies it); appended after the join, the tail made two more string objects a row, held by the
          // batch's text until the write. Either way a tailed line cost more than an untailed one; made so, it costs
          // less (issue 27, the export-writers bench: writer CPU ~0.9x of csvLine's map, join and template).
          const last = row.length;
          const fields = new Array<string>(last + 1);
          for (let cell = 0; cell < last; cell += 1) fields[cell] = csvField(row[cell] as CellValue);
          fields[last] = this.tailText(tail);
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
