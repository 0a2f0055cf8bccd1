import { describe, expect, it } from '@jest/globals';
import { isPlainNumberText, spreadsheetCell, type CellValue } from '@serpwise/contracts';
import { PassThrough } from 'node:stream';
import { parseCsv, readXlsx, unzip } from '../../../../../../infra/test/spreadsheet-readers.js';
import { formulaPayloads } from '../../../../../../infra/test/test-data.js';
import { CsvWriter } from './csv-writer.js';
import type { RowTail, TableWriter } from './table-writer.js';
import { XlsxWriter } from './xlsx-writer.js';

const payloads = formulaPayloads();

async function write(make: (stream: PassThrough) => TableWriter, headers: string[], rows: CellValue[][], batch = 2, tails?: RowTail[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = make(stream);
  await writer.header(headers);
  for (let index = 0; index < rows.length; index += batch) await writer.rows(rows.slice(index, index + batch), tails?.slice(index, index + batch));
  await writer.finish();
  stream.end();
  return Buffer.concat(chunks);
}

const rows: CellValue[][] = [
  ['alpha shoes', 1200, 0.45, true],
  ['say "hi", then <go> & stay', -3, null, false],
  [spreadsheetCell('=HYPERLINK("http://attacker.example","x")'), 0, 1e-7, null],
];

describe('CsvWriter', () => {
  it('writes a UTF-8 CSV with a byte-order mark that a CSV parser reads back cell for cell', async () => {
    const bytes = await write((stream) => new CsvWriter(stream), ['Keyword', 'Volume', 'CPC', 'Question'], rows);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(bytes.toString('utf8'))).toEqual([
      ['Keyword', 'Volume', 'CPC', 'Question'],
      ['alpha shoes', '1200', '0.45', 'true'],
      ['say "hi", then <go> & stay', '-3', '', 'false'],
      [`'=HYPERLINK("http://attacker.example","x")`, '0', '1e-7', ''],
    ]);
  });
});

describe('XlsxWriter', () => {
  it('writes a valid workbook: numbers as numeric cells, text as inline strings, no formulas', async () => {
    const bytes = await write((stream) => new XlsxWriter(stream), ['Keyword', 'Volume', 'CPC', 'Question'], rows);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const sheet = readXlsx(bytes);
    expect(sheet[0]!.map((cell) => cell.value)).toEqual(['Keyword', 'Volume', 'CPC', 'Question']);
    expect(sheet[1]).toEqual([
      { type: 's', value: 'alpha shoes' },
      { type: 'n', value: 1200 },
      { type: 'n', value: 0.45 },
      { type: 'b', value: true },
    ]);
    expect(sheet[2]![0]).toEqual({ type: 's', value: 'say "hi", then <go> & stay' });
    expect(sheet[2]![1]).toEqual({ type: 'n', value: -3 });
    expect(sheet[2]![2]!.type).toBe('e');
    expect(sheet[3]![0]).toEqual({ type: 's', value: `'=HYPERLINK("http://attacker.example","x")` });
  });

  it('keeps every formula-injection payload as inert text', async () => {
    const bytes = await write((stream) => new XlsxWriter(stream), ['Payload'], payloads.map((payload) => [spreadsheetCell(payload)]), 7);
    const sheet = readXlsx(bytes).slice(1);
    expect(sheet).toHaveLength(payloads.length);
    sheet.forEach((row, index) => {
      expect(row[0]!.type).toBe('s');
      const text = row[0]!.value as string;
      // Text that is exactly a number ('-42') stays as it is: a text cell holding a number is no formula.
      expect(/^[ ]*[=+\-@\t\r\n]/.test(text) && !isPlainNumberText(text)).toBe(false);
      // Control characters XML cannot hold are dropped; the rest of the payload is kept after the apostrophe.
      // eslint-disable-next-line no-control-regex
      const kept = payloads[index]!.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
      expect([kept, `'${kept}`]).toContain(text);
    });
  });

  it('marks xml:space="preserve" exactly on the texts whose whitespace a reader could drop', async () => {
    const texts = ['plain words', ' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there', 'a & b', 'x'.repeat(40_000)];
    const bytes = await write((stream) => new XlsxWriter(stream), ['Text'], texts.map((text) => [text]), 3);
    const sheetXml = unzip(bytes).get('xl/worksheets/sheet1.xml')!.toString();
    const cellTags = [...sheetXml.matchAll(/<t( xml:space="preserve")?>/g)].slice(1).map((match) => match[1] !== undefined);
    expect(cellTags).toEqual([false, true, true, true, true, true, false, false]);
    expect(readXlsx(bytes).slice(1).map((row) => row[0]!.value)).toEqual([...texts.slice(0, 7), 'x'.repeat(32_767)]);
  });

  it('streams many rows in constant memory terms (one sheet, every row present)', async () => {
    const many = Array.from({ length: 5_000 }, (_, index): CellValue[] => [`keyword ${index}`, index]);
    const sheet = readXlsx(await write((stream) => new XlsxWriter(stream), ['Keyword', 'Rank'], many, 1_000));
    expect(sheet).toHaveLength(5_001);
    expect(sheet[5_000]).toEqual([{ type: 's', value: 'keyword 4999' }, { type: 'n', value: 4999 }]);
  });
});

describe('XlsxWriter resumed from a checkpoint', () => {
  it('goes on inside the sheet from the committed bytes: the workbook reads as one written without a stop', async () => {
    const many = Array.from({ length: 3_000 }, (_, index): CellValue[] => [`keyword ${index} & <more>`, index, index % 7 === 0 ? null : index / 3]);
    // Provenance tails: one source from the start, one first met after the commit (row 1,800), one among the cut rows.
    const sources = [['Demo data', '2026-10'], ['Your data: links.csv', '2026-09'], ['DataForSEO', null]] as const;
    const tailOf = (index: number): RowTail => (index >= 1_800 && index % 3 === 0 ? sources[1] : index >= 1_600 && index < 1_700 ? sources[2] : sources[0]);
    const tails = many.map((_, index) => tailOf(index));
    const headers = ['Keyword', 'Rank', 'Share', 'Data Source', 'Data Date'];
    const whole = await write((stream) => new XlsxWriter(stream), headers, many, 500, tails);

    // The first writer commits after 1,500 rows, writes another batch, and dies (its last bytes are cut off).
    const first = new PassThrough();
    const chunks: Buffer[] = [];
    first.on('data', (chunk: Buffer) => chunks.push(chunk));
    const killed = new XlsxWriter(first);
    await killed.header(headers);
    for (let index = 0; index < 1_500; index += 500) await killed.rows(many.slice(index, index + 500), tails.slice(index, index + 500));
    const point = killed.checkpoint()!;
    await new Promise((resolve) => setImmediate(resolve));
    const committed = Buffer.concat(chunks).length;
    await killed.rows(many.slice(1_500, 2_000), tails.slice(1_500, 2_000));
    await new Promise((resolve) => setImmediate(resolve));
    const part = Buffer.concat(chunks).subarray(0, committed);
    expect(point.sharedStrings).toEqual(['Demo data', '2026-10']);

    const second = new PassThrough();
    const rest: Buffer[] = [];
    second.on('data', (chunk: Buffer) => rest.push(chunk));
    const resumed = new XlsxWriter(second, { zip: point.zip!, bytes: committed, rows: 1_500, sharedStrings: point.sharedStrings });
    for (let index = 1_500; index < many.length; index += 500) await resumed.rows(many.slice(index, index + 500), tails.slice(index, index + 500));
    await resumed.finish();
    second.end();
    const file = Buffer.concat([part, ...rest]);

    expect(unzip(file).get('xl/worksheets/sheet1.xml')!.equals(unzip(whole).get('xl/worksheets/sheet1.xml')!)).toBe(true);
    expect(unzip(file).get('xl/sharedStrings.xml')!.equals(unzip(whole).get('xl/sharedStrings.xml')!)).toBe(true);
    expect(readXlsx(file)).toEqual(readXlsx(whole));
    expect(readXlsx(file)).toHaveLength(3_001);
    expect(readXlsx(file)[1_801]!.slice(3)).toEqual([{ type: 's', value: 'Your data: links.csv' }, { type: 's', value: '2026-09' }]);
  });

  it('keeps the tails inline in an archive begun without a shared-strings table (a checkpoint from before it)', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new XlsxWriter(stream);
    await writer.header(['Keyword']);
    const { zip } = writer.checkpoint()!;
    await new Promise((resolve) => setImmediate(resolve));
    const resumed = new XlsxWriter(new PassThrough(), { zip: zip!, bytes: Buffer.concat(chunks).length, rows: 0 });
    expect(resumed.checkpoint()).toEqual({ zip: expect.anything() });
  });
});
