import type { CellValue, ZipResumeState } from '@serpwise/contracts';
import type { Writable } from 'node:stream';
import { tailEncoder, type RowTail, type TableWriter } from './table-writer.js';
import { ZipStream, type ZipEntryWriter } from './zip-stream.js';

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts written before the sheet; the shared-strings table (its content known at the end) is written after it. */
const parts = {
  '[Content_Types].xml': `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  '_rels/.rels': `${xmlHead}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${xmlHead}<workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${xmlHead}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${relationships}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  'xl/styles.xml': `${xmlHead}<styleSheet xmlns="${main}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

/** Characters XML 1.0 does not allow, and & < > which it must escape. Excel holds at most 32,767 characters a cell. */
// eslint-disable-next-line no-control-regex
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const needsEscaping = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const maxCellCharacters = 32_767;
function escapeXml(text: string): string {
  // Most cells (domains, URLs, keywords) hold none of these: one test instead of four replaces.
  if (text.length <= maxCellCharacters && !needsEscaping.test(text)) return text;
  return text.replace(notXml, '').slice(0, maxCellCharacters).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Whitespace a spreadsheet application may drop from a `<t>` without xml:space="preserve": at either end, tabs and
 * line breaks, runs of spaces. Only texts holding some carry the attribute (21 bytes a cell spared on the rest).
 */
const droppableWhitespace = /^\s|\s$|[\t\n\r]| {2}/;

/**
 * A text cell is an inline string (t="inlineStr"): Excel never evaluates it, and its text is already neutralised
 * like the CSV's, so it stays inert when copied or saved as CSV. Numbers are numeric cells.
 */
function cellXml(value: CellValue, style = ''): string {
  if (value === null) return '<c/>';
  if (typeof value === 'number') return `<c${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c t="b"${style}><v>${value ? 1 : 0}</v></c>`;
  return `<c t="inlineStr"${style}><is>${textElement(value)}</is></c>`;
}

/** A text as the `<t>` of an inline string or a shared-strings item: escaped, its whitespace kept where it could be lost. */
function textElement(value: string): string {
  const text = escapeXml(value);
  return droppableWhitespace.test(text) ? `<t xml:space="preserve">${text}</t>` : `<t>${text}</t>`;
}

/** Where an XLSX file written so far can be taken up again: its archive's state and the data rows in it. */
export interface XlsxResumePoint {
  zip: ZipResumeState;
  /** The committed bytes of the file (the archive's offset). */
  bytes: number;
  /** Data rows in the sheet (the header not counted). */
  rows: number;
  /** The shared strings the committed rows use; absent: the archive was begun without that part (tails stay inline). */
  sharedStrings?: readonly string[];
}

/**
 * Office Open XML (.xlsx) written as a stream: one worksheet whose rows go out as they come, header bold and frozen.
 * Memory stays flat whatever the row count (no shared-strings table, no whole-sheet model). After any batch of rows
 * it can say where the file stands (`checkpoint`), and a writer made with that point (and the file's bytes up to
 * it) goes on with the next row: a killed export's retry continues the sheet instead of starting over.
 */
export class XlsxWriter implements TableWriter {
  /** Excel's 1,048,576 rows, less the header. */
  readonly maxRows = 1_048_575;
  private readonly zip: ZipStream;
  private sheet: ZipEntryWriter | null = null;
  private rowNumber = 0;
  /**
   * The tails' texts as shared strings, in index order, or null for an archive begun without that part. A row's two
   * provenance cells take a quarter of its sheet XML inline, and deflate reads every byte of it (issue 27: the writer
   * with its tails ≤ 1.1× the writer without); as `<c t="s"><v>0</v></c>` they take half of that.
   */
  private readonly sharedStrings: string[] | null = [];
  private readonly sharedIndex = new Map<string, number>();

  constructor(stream: Writable, from?: XlsxResumePoint) {
    if (from) {
      const { zip, entry } = ZipStream.resumed(stream, from.zip, from.bytes);
      this.zip = zip;
      this.sheet = entry;
      this.rowNumber = from.rows + 1;
      this.sharedStrings = from.sharedStrings ? [...from.sharedStrings] : null;
      this.sharedStrings?.forEach((text, index) => this.sharedIndex.set(text, index));
    } else {
      this.zip = new ZipStream(stream);
    }
  }

  async header(headers: readonly string[]): Promise<void> {
    for (const [name, text] of Object.entries(parts)) await this.zip.file(name, text);
    this.sheet = await this.zip.entry('xl/worksheets/sheet1.xml');
    await this.sheet.write(
      `${xmlHead}<worksheet xmlns="${main}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`,
    );
    this.rowNumber = 1;
    await this.sheet.write(`<row r="1">${headers.map((header) => cellXml(header, ' s="1"')).join('')}</row>`);
  }

  /**
   * A tail's cells as sheet XML, encoded once (they carry no row number: a cell's reference is left implicit); its
   * texts as shared strings.
   */
  private readonly tailXml = tailEncoder((tail) => tail.map((value) => (typeof value === 'string' && this.sharedStrings ? this.sharedCellXml(value) : cellXml(value))).join(''));

  private sharedCellXml(text: string): string {
    let index = this.sharedIndex.get(text);
    if (index === undefined) {
      index = this.sharedStrings!.push(text) - 1;
      this.sharedIndex.set(text, index);
    }
    return `<c t="s"><v>${index}</v></c>`;
  }

  async rows(rows: readonly (readonly CellValue[])[], tails?: readonly RowTail[]): Promise<void> {
    let xml = '';
    for (let index = 0; index < rows.length; index += 1) {
      this.rowNumber += 1;
      xml += `<row r="${this.rowNumber}">`;
      for (const value of rows[index]!) xml += cellXml(value);
      if (tails) xml += this.tailXml(tails[index]!);
      xml += '</row>';
    }
    await this.sheet!.write(xml);
  }

  /** The archive as far as the settled writes: with the bytes written so far, where a later writer goes on. */
  checkpoint(): { zip: ZipResumeState; sharedStrings?: string[] } | null {
    const zip = this.zip.state();
    if (!zip) return null;
    return this.sharedStrings ? { zip, sharedStrings: [...this.sharedStrings] } : { zip };
  }

  async finish(): Promise<void> {
    await this.sheet!.write('</sheetData></worksheet>');
    await this.sheet!.end();
    if (this.sharedStrings) {
      // uniqueCount only: `count` (every reference) is optional, and counting rows' references would cost each row.
      const count = this.sharedStrings.length;
      await this.zip.file('xl/sharedStrings.xml', `${xmlHead}<sst xmlns="${main}" uniqueCount="${count}">${this.sharedStrings.map((text) => `<si>${textElement(text)}</si>`).join('')}</sst>`);
    }
    await this.zip.finish();
  }
}
