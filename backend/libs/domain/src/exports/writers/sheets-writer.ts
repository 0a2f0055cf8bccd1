import { googleSheetsMaxRows, type CellValue } from '@serpwise/contracts';
import type { SheetsClient } from '@serpwise/platform';
import type { RowTail, TableWriter, WriterCheckpoint } from './table-writer.js';

/** Rows sent in one append: few requests (Google allows 60 writes a minute) yet well under its 2 MB payload advice. */
export const sheetsAppendRows = 5_000;

export interface Spreadsheet {
  spreadsheetId: string;
  url: string;
  sheetTitle: string;
}

/**
 * Writes a table into a new spreadsheet in the user's Google Drive: created on the header, rows buffered and sent
 * in large appends (values RAW, so text is never parsed as a formula; cells arrive already neutralised and numbers
 * as numbers). Holds at most 100,000 data rows (docs/product/account-exports-reports.md §9). Once the buffer reaches
 * an append's size it is sent whole, so after such a batch every row written is in the spreadsheet and the export
 * can commit (`checkpoint`); a retried export goes on in the same spreadsheet (`SheetsWriter.resumed`), or starts
 * over in it when no rows were committed (`SheetsWriter.reusing`). `created` hears of a new spreadsheet before any
 * row goes into it (the export records it, so no retry makes a second one).
 */
export class SheetsWriter implements TableWriter {
  readonly maxRows = googleSheetsMaxRows;
  private spreadsheet: Spreadsheet | null = null;
  /** An earlier attempt's spreadsheet to start over in: emptied by header() instead of making a new one. */
  private reused: Spreadsheet | null = null;
  private buffer: CellValue[][] = [];

  constructor(
    private readonly sheets: SheetsClient,
    private readonly title: string,
    private readonly appendRows = sheetsAppendRows,
    private readonly created: (spreadsheet: Spreadsheet) => Promise<void> = async () => undefined,
  ) {}

  /**
   * Starts over in the spreadsheet an earlier attempt made and recorded but committed no rows to (or rows of another
   * export: its plan changed): header() empties it first. Gone (deleted by its owner): header() makes a new one.
   */
  static reusing(sheets: SheetsClient, title: string, appendRows: number, spreadsheet: Spreadsheet, created?: (spreadsheet: Spreadsheet) => Promise<void>): SheetsWriter {
    const writer = new SheetsWriter(sheets, title, appendRows, created);
    writer.reused = { ...spreadsheet };
    return writer;
  }

  /**
   * Goes on in the spreadsheet of an earlier attempt that committed `rows` data rows of `columns` columns: the rows
   * it appended after that commit are cleared first (it was killed before saying it had sent them; they are sent
   * again), so the next append lands right under the committed rows. Null when the spreadsheet is gone (deleted by
   * its owner): the export starts over in a new one.
   */
  static async resumed(sheets: SheetsClient, title: string, appendRows: number, from: { spreadsheet: Spreadsheet; rows: number; columns: number }): Promise<SheetsWriter | null> {
    try {
      // Row 1 is the header; the committed data rows are 2 … rows + 1.
      await sheets.clearRowsFrom(from.spreadsheet.spreadsheetId, from.spreadsheet.sheetTitle, from.rows + 2, from.columns);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
    const writer = new SheetsWriter(sheets, title, appendRows);
    writer.spreadsheet = { ...from.spreadsheet };
    return writer;
  }

  get url(): string | null {
    return this.spreadsheet?.url ?? null;
  }

  async header(headers: readonly string[]): Promise<void> {
    this.spreadsheet = (this.reused && (await this.emptied(this.reused, headers.length))) || (await this.create());
    if (headers.length) this.buffer.push([...headers]);
  }

  private async create(): Promise<Spreadsheet> {
    const spreadsheet = await this.sheets.createSpreadsheet(this.title);
    await this.created(spreadsheet);
    return spreadsheet;
  }

  /** The earlier attempt's spreadsheet with every row of its columns cleared; null when it is gone. */
  private async emptied(spreadsheet: Spreadsheet, columns: number): Promise<Spreadsheet | null> {
    try {
      await this.sheets.clearRowsFrom(spreadsheet.spreadsheetId, spreadsheet.sheetTitle, 1, columns);
      return spreadsheet;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  async rows(rows: readonly (readonly CellValue[])[], tails?: readonly RowTail[]): Promise<void> {
    // The Sheets API takes cell values, not bytes: a tail is appended as its cells.
    rows.forEach((row, index) => this.buffer.push(tails ? [...row, ...tails[index]!] : [...row]));
    if (this.buffer.length >= this.appendRows) await this.flush();
  }

  /** The spreadsheet, once every row written is in it; null while some are still buffered. */
  checkpoint(): WriterCheckpoint | null {
    return this.spreadsheet && this.buffer.length === 0 ? { sheet: { ...this.spreadsheet } } : null;
  }

  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.spreadsheet) throw new Error('SheetsWriter: header() must come first');
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length) await this.sheets.append(this.spreadsheet.spreadsheetId, this.spreadsheet.sheetTitle, batch);
  }
}
