import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Independent readers for the files exports write, so tests read an export back the way a spreadsheet would:
 * an RFC 4180 CSV parser and an XLSX reader (ZIP central directory → sheet1.xml → cells with their types).
 */

/** Rows of an RFC 4180 CSV text (quoted fields, doubled quotes, CRLF or LF); a leading byte-order mark is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || (character === '\r' && text[index + 1] === '\n')) {
      if (character === '\r') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The files inside a ZIP archive, read through its central directory (as unzip and Excel do). */
export function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let entry = 0; entry < count; entry += 1) {
    if (archive.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = archive.readUInt16LE(offset + 10);
    const compressed = archive.readUInt32LE(offset + 20);
    const size = archive.readUInt32LE(offset + 24);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extra = archive.readUInt16LE(offset + 30);
    const comment = archive.readUInt16LE(offset + 32);
    const local = archive.readUInt32LE(offset + 42);
    const name = archive.subarray(offset + 46, offset + 46 + nameLength).toString();
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataStart, dataStart + compressed);
    const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    if (content.length !== size) throw new Error(`size mismatch for ${name}`);
    // As Excel does: an entry whose content does not match its CRC-32 is a broken file.
    if (crc32(content) !== archive.readUInt32LE(offset + 16)) throw new Error(`CRC-32 mismatch for ${name}`);
    files.set(name, content);
    offset += 46 + nameLength + extra + comment;
  }
  return files;
}

export interface XlsxCell {
  /** 'n' number, 's' text (inline or shared string), 'b' boolean, 'f' a formula, 'e' empty. */
  type: 'n' | 's' | 'b' | 'f' | 'e';
  value: string | number | boolean | null;
}

const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The text of an inline string or a shared-strings item: its `<t>` runs, joined and unescaped. */
const textOfRuns = (xml: string) => unescapeXml([...xml.matchAll(/<t\b[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''));

/**
 * The workbook's shared strings, or null without the part. As Excel does, a table the workbook's relationships or the
 * content types do not name is not read.
 */
function sharedStringsOf(files: Map<string, Buffer>): string[] | null {
  const table = files.get('xl/sharedStrings.xml')?.toString();
  const related = /Target="sharedStrings\.xml"/.test(files.get('xl/_rels/workbook.xml.rels')!.toString());
  if (!table) {
    if (related) throw new Error('xl/sharedStrings.xml is named by the workbook but missing');
    return null;
  }
  if (!related) throw new Error('xl/sharedStrings.xml has no relationship');
  if (!/PartName="\/xl\/sharedStrings\.xml"/.test(files.get('[Content_Types].xml')!.toString())) throw new Error('xl/sharedStrings.xml has no content type');
  return [...table.matchAll(/<si>(.*?)<\/si>/gs)].map((item) => textOfRuns(item[1]!));
}

/** The first worksheet's rows as typed cells. */
export function readXlsx(archive: Buffer): XlsxCell[][] {
  const files = unzip(archive);
  for (const part of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']) {
    if (!files.has(part)) throw new Error(`missing ${part}`);
  }
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString();
  if (!sheet) throw new Error('missing xl/worksheets/sheet1.xml');
  const shared = sharedStringsOf(files);
  const rows: XlsxCell[][] = [];
  for (const rowMatch of sheet.matchAll(/<row\b[^>]*>(.*?)<\/row>/gs)) {
    const cells: XlsxCell[] = [];
    for (const cell of rowMatch[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const attributes = cell[1] ?? '';
      const body = cell[2] ?? '';
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1];
      if (/<f[\s>]/.test(body)) cells.push({ type: 'f', value: body });
      else if (type === 'inlineStr' || type === 'str') cells.push({ type: 's', value: textOfRuns(body) });
      else if (type === 's') {
        const index = Number(/<v>(\d+)<\/v>/.exec(body)?.[1]);
        if (!shared || !(index < shared.length)) throw new Error(`shared string ${index} is not in xl/sharedStrings.xml`);
        cells.push({ type: 's', value: shared[index]! });
      } else if (type === 'b') cells.push({ type: 'b', value: /<v>1<\/v>/.test(body) });
      else if (/<v>/.test(body)) cells.push({ type: 'n', value: Number(/<v>(.*?)<\/v>/s.exec(body)![1]) });
      else cells.push({ type: 'e', value: null });
    }
    rows.push(cells);
  }
  return rows;
}
