import { describe, expect, it } from '@jest/globals';
import { spreadsheetCell, type CellValue } from '@serpwise/contracts';
import { rowSourceColumn, type ExportProvenance } from '@serpwise/research';
import { PassThrough } from 'node:stream';
import { parseCsv, readXlsx, unzip } from '../../../../../infra/test/spreadsheet-readers.js';
import { batchCellsFor, exportColumns, provenanceTails } from './export-row-cells.js';
import { CsvWriter } from './writers/csv-writer.js';
import type { RowTail, TableWriter } from './writers/table-writer.js';
import { XlsxWriter } from './writers/xlsx-writer.js';

// One object per source (or set of sources), as rowProvenance gives them; texts that need CSV quoting, XML escaping
// and the formula guard, and an unknown date.
const demo: ExportProvenance = { dataSource: 'Demo data', dataDate: '2026-10' };
const provider: ExportProvenance = { dataSource: 'DataForSEO', dataDate: '2026-11-20' };
const own: ExportProvenance = { dataSource: 'Your data: SERP file, "shop" <&>', dataDate: '2026-09' };
const odd: ExportProvenance = { dataSource: '=HYPERLINK("http://attacker.example")', dataDate: null };

const provenances = [demo, provider, demo, own, odd, provider, own, demo];
const raws = provenances.map((_, index) => ({ term: `term ${index}, "q"`, volume: index * 10, [rowSourceColumn]: index }));

/** A whole file: header, then the batches, each written as `write` says. */
async function file(make: (stream: PassThrough) => TableWriter, columns: string[], batches: ((writer: TableWriter) => Promise<void>)[]) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = make(stream);
  await writer.header(columns);
  for (const batch of batches) await batch(writer);
  await writer.finish();
  stream.end();
  return Buffer.concat(chunks);
}

/** The rows as the export wrote them before tails: provenance set on each row, every cell through the generic path. */
const inlineBatch = (columns: string[], from: number, to: number) => (writer: TableWriter) =>
  writer.rows(raws.slice(from, to).map((raw, index): CellValue[] => {
    const row: Record<string, unknown> = { ...raw, dataSource: provenances[from + index]!.dataSource, dataDate: provenances[from + index]!.dataDate };
    return columns.map((column) => spreadsheetCell(row[column]));
  }));

/** The rows as the export writes them now: own cells, and each row's provenance as its tail. */
const tailedBatch = (cellsOf: ReturnType<typeof batchCellsFor>, from: number, to: number) => (writer: TableWriter) => {
  const { cells, tails } = cellsOf(raws.slice(from, to), provenances.slice(from, to));
  return writer.rows(cells, tails);
};

describe('export row cells: each row its own Data Source and Data Date, encoded once per source', () => {
  const columns = exportColumns(raws[0], []);

  it('puts the provenance after the row\'s own columns, and hands it to the writer as tails', () => {
    expect(columns).toEqual(['term', 'volume', 'dataSource', 'dataDate']);
    const { cells, tails } = batchCellsFor(columns, provenanceTails())(raws, provenances);
    expect(cells[3]).toEqual(['term 3, "q"', 30]);
    expect(tails!.map((tail) => [...tail])).toEqual(provenances.map((provenance) => [spreadsheetCell(provenance.dataSource), provenance.dataDate]));
    // One tail object per source: the writer's cache of encoded tails holds one entry per source.
    expect(new Set<RowTail>(tails).size).toBe(4);
  });

  it('writes a CSV with several sources in one batch byte for byte as every row\'s cells would, each row its own source and date', async () => {
    const cellsOf = batchCellsFor(columns, provenanceTails());
    const tailed = await file((stream) => new CsvWriter(stream), columns, [tailedBatch(cellsOf, 0, 5), tailedBatch(cellsOf, 5, 8)]);
    const inline = await file((stream) => new CsvWriter(stream), columns, [inlineBatch(columns, 0, 5), inlineBatch(columns, 5, 8)]);
    expect(tailed.equals(inline)).toBe(true);
    const rows = parseCsv(tailed.toString('utf8')).slice(1);
    expect(rows.map((row) => row.slice(2))).toEqual([
      ['Demo data', '2026-10'],
      ['DataForSEO', '2026-11-20'],
      ['Demo data', '2026-10'],
      ['Your data: SERP file, "shop" <&>', '2026-09'],
      [`'=HYPERLINK("http://attacker.example")`, ''],
      ['DataForSEO', '2026-11-20'],
      ['Your data: SERP file, "shop" <&>', '2026-09'],
      ['Demo data', '2026-10'],
    ]);
  });

  it('writes the XLSX sheet the same way: the same cells, each row its own source and date, the tails as shared strings', async () => {
    const cellsOf = batchCellsFor(columns, provenanceTails());
    const tailed = await file((stream) => new XlsxWriter(stream), columns, [tailedBatch(cellsOf, 0, 8)]);
    const inline = await file((stream) => new XlsxWriter(stream), columns, [inlineBatch(columns, 0, 8)]);
    expect(readXlsx(tailed)).toEqual(readXlsx(inline));
    // The tails' texts are each in the table once, and their cells point there.
    const sharedStrings = unzip(tailed).get('xl/sharedStrings.xml')!.toString();
    expect(sharedStrings.match(/<si>/g)).toHaveLength(new Set(provenances.flatMap((provenance) => [spreadsheetCell(provenance.dataSource), provenance.dataDate]).filter((text) => text !== null)).size);
    expect(unzip(tailed).get('xl/worksheets/sheet1.xml')!.toString()).toMatch(/<c t="s"><v>0<\/v><\/c>/);
    const sheet = readXlsx(tailed).slice(1);
    expect(sheet.map((row) => row[2]!.value)).toEqual(provenances.map((provenance) => spreadsheetCell(provenance.dataSource)));
    expect(sheet.map((row) => (row[3]!.type === 'e' ? null : row[3]!.value))).toEqual(provenances.map((provenance) => provenance.dataDate));
  });

  it('writes rows of no columns of their own, and columns that place the provenance elsewhere, as before', async () => {
    const bare = exportColumns(undefined, [rowSourceColumn]);
    expect(bare).toEqual(['dataSource', 'dataDate']);
    const emptyRows = raws.map(() => ({}));
    const onlyTails = await file((stream) => new CsvWriter(stream), bare, [(writer) => {
      const { cells, tails } = batchCellsFor(bare, provenanceTails())(emptyRows, provenances);
      return writer.rows(cells, tails);
    }]);
    expect(parseCsv(onlyTails.toString('utf8')).slice(1)).toEqual(parseCsv(
      (await file((stream) => new CsvWriter(stream), bare, [inlineBatch(bare, 0, 8)])).toString('utf8')).slice(1));

    // A resumed file's columns are its own: Data Source first, say. The cells follow them.
    const reordered = ['dataSource', 'term', 'dataDate', 'volume'];
    const { cells, tails } = batchCellsFor(reordered, provenanceTails())(raws.slice(0, 2), provenances.slice(0, 2));
    expect(tails).toBeUndefined();
    expect(cells).toEqual([['Demo data', 'term 0, "q"', '2026-10', 0], ['DataForSEO', 'term 1, "q"', '2026-11-20', 10]]);
  });
});
