import { googleSheetsMaxRows, type CellValue } from '@serpwise/contracts';
import type { SheetsClient } from '@serpwise/platform';
import type { TableWriter } from './table-writer.js';

/** Rows sent in one append: few requests (Google allows 60 writes a minute) yet well under its 2 MB payload advice. */
export const sheetsAppendRows = 5_000;

/**
 * Writes a table into a new spreadsheet in the user's Google Drive: created on the header, rows buffered and sent
 * in large appends (values RAW, so text is never parsed as a formula; cells arrive already neutralised and numbers
 * as numbers). Holds at most 100,000 data rows (docs/product/account-exports-reports.md §9).
 */
export class SheetsWriter implements TableWriter {
  readonly maxRows = googleSheetsMaxRows;
  private spreadsheet: { spreadsheetId: string; url: string; sheetTitle: string } | null = null;
  private buffer: CellValue[][] = [];

  constructor(
    private readonly sheets: SheetsClient,
    private readonly title: string,
    private readonly appendRows = sheetsAppendRows,
  ) {}

  get url(): string | null {
    return this.spreadsheet?.url ?? null;
  }

  async header(headers: readonly string[]): Promise<void> {
    this.spreadsheet = await this.sheets.createSpreadsheet(this.title);
    if (headers.length) this.buffer.push([...headers]);
  }

  async rows(rows: readonly (readonly CellValue[])[]): Promise<void> {
    for (const row of rows) this.buffer.push([...row]);
    while (this.buffer.length >= this.appendRows) await this.flush(this.appendRows);
  }

  async finish(): Promise<void> {
    while (this.buffer.length) await this.flush(this.appendRows);
  }

  private async flush(count: number): Promise<void> {
    if (!this.spreadsheet) throw new Error('SheetsWriter: header() must come first');
    const batch = this.buffer.splice(0, count);
    if (batch.length) await this.sheets.append(this.spreadsheet.spreadsheetId, this.spreadsheet.sheetTitle, batch);
  }
}
