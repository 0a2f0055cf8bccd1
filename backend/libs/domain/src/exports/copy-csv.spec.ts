import { describe, expect, it } from '@jest/globals';
import { rowSourceColumn, type ExportProvenance } from '@serpwise/research';
import { PassThrough } from 'node:stream';
import { copyCsvLines, copySourceValue } from './copy-csv.js';
import { batchCellsFor, exportColumns, provenanceTails } from './export-row-cells.js';
import { LineBatch, LineBatcher } from './copy-lines.js';
import { numericTextTypes, parsedBatch, parsersOf, type BatchFields } from './table-batches.js';
import { CsvWriter } from './writers/csv-writer.js';

// COPY text-format cells (escaped as PostgreSQL escapes them, \N for NULL) of every kind the row path treats apart:
// the formula guard's starts (ASCII, full-width, after spaces), numbers as text, CSV quoting, COPY's escapes, NULL.
const texts = [
  '', 'plain', '=SUM(A1)', '-12.5', '-abc', '+1', '@x', ' =x', '\u00A0+x', '\uFF1Dx', 'a,b', 'say "hi"', 'a\\tb', '\\tlead',
  'l1\\nl2', 'l1\\r\\nl2', '\\\\back', "'quote", 'naïve ✓ 😀', '1e3', '\\N', '  spaced', '\\\\N',
  '\uFF0B1', '\uFF20x', '\uFF41 full-width a', '\u00A0', '\u00A9 2026', '[{"month":"2026-10","position":3},{"month":"2026-11","position":null}]',
  'a"b', '"', ',', 'end,', 'x\\ty,"z"',
];
/** [type oid, cells] for every type the encoders treat apart, and types the row path's own parser writes. */
const columns: [string, number, string[]][] = [
  ['textCell', 25, texts],
  ['varcharCell', 1043, texts],
  ['flag', 16, ['t', 'f', '\\N']],
  ['small', 21, ['0', '-5', '32767', '\\N']],
  ['whole', 23, ['2147483647', '-2147483648', '7', '\\N']],
  ['big', 20, ['9007199254740993', '-1', '0', '\\N', '123456789012345', '-123456789012345', '1234567890123456', '42']],
  ['decimal', 1700, ['1.50', 'NaN', '-0.000', '12345678901234567890.5', '\\N', '7', '-0', '0', '0.0', '100', '-12']],
  ['real', 701, ['1e+20', 'Infinity', '-Infinity', '-0', '0.1', 'NaN', '\\N', '2.91', '419.04', '-0.5', '0', '144', '123456789012345.5', '1234567890123456', '1e-05', '0.30000000000000004', '-12', '100.10', '007', '.5', '5.', '-']],
  ['day', 1082, ['2026-11-28', '\\N']],
  ['stamp', 1184, ['2026-11-28 13:00:00.123456+00', '\\N']],
  ['list', 1009, ['{a,"b,c",NULL,"=x"}', '{}', '\\N']],
  ['numbers', 1005, ['{1,2}', '\\N']],
  ['document', 3802, ['{"a": 1, "b": "=x"}', '\\N']],
];
// Provenance per source, as rowProvenance keeps them: one object per source; texts the guard and the quoting change.
const demo: ExportProvenance = { dataSource: 'Demo data', dataDate: '2026-10' };
const own: ExportProvenance = { dataSource: 'Your data: "shop", =1', dataDate: null };
const provenanceOf = (value: unknown): ExportProvenance => (value === 1 ? own : demo);

/** COPY lines of `count` rows, every column's cells taken in turn, and each row's source (1, 2 or NULL). */
function copyLines(count: number, withSource: boolean): LineBatch {
  const fields: BatchFields = columns.map(([name, dataTypeID]) => ({ name, dataTypeID }));
  if (withSource) fields.push({ name: rowSourceColumn, dataTypeID: 21 });
  const lines = Array.from({ length: count }, (_, row) => {
    const cells = columns.map(([, , values], column) => values[(row + column) % values.length]!);
    if (withSource) cells.push(['1', '2', '\\N'][row % 3]!);
    return cells.join('\t');
  });
  return LineBatch.of(lines, fields);
}

async function written(write: (writer: CsvWriter) => Promise<void>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(new CsvWriter(stream));
  stream.end();
  return Buffer.concat(chunks);
}

/** The row path of TableExports.stream: parsed rows, numbers from text, provenance, withheld columns, cells, tails. */
function rowPath(batch: LineBatch, withhold: string[]) {
  return written(async (writer) => {
    const { rows, fields } = parsedBatch(batch, parsersOf(batch.fields));
    const numeric = fields.filter((field) => numericTextTypes.has(field.dataTypeID)).map((field) => field.name);
    for (const raw of rows) for (const name of numeric) if (typeof raw[name] === 'string') raw[name] = Number(raw[name]);
    const provenances = rows.map((raw) => provenanceOf(raw[rowSourceColumn]));
    for (const row of rows) for (const column of withhold) if (column in row) row[column] = null;
    const fileColumns = exportColumns(rows[0], fields.map((field) => field.name));
    await writer.header(fileColumns);
    const { cells, tails } = batchCellsFor(fileColumns, provenanceTails())(rows, provenances);
    await writer.rows(cells, tails);
  });
}

/** The same batch straight from COPY's lines, as TableExports.stream writes a CSV file of them. */
function linePath(batch: LineBatch, withhold: string[]) {
  return written(async (writer) => {
    const source = batch.fields.find((field) => field.name === rowSourceColumn);
    const value = source ? copySourceValue(source) : null;
    const tailOf = provenanceTails();
    const lines = copyCsvLines(batch.fields, {
      tailColumn: rowSourceColumn,
      withheld: new Set(withhold),
      tailOf: (cell) => writer.tailText(tailOf(provenanceOf(cell === undefined || !value ? undefined : value(cell)))),
    });
    await writer.header(exportColumns(undefined, batch.fields.map((field) => field.name)));
    await writer.lines(lines(batch, 0, batch.count));
  });
}

describe('copyCsvLines (COPY text straight to CSV, issue 27 point 4)', () => {
  it('writes byte for byte the file the row path writes, for every column type and cell kind', async () => {
    const batch = copyLines(400, true);
    const direct = await linePath(batch, []);
    expect(direct.equals(await rowPath(batch, []))).toBe(true);
    // The guard and the quoting did work: a neutralised formula, a quoted comma, a doubled quote, an unescaped tab.
    const text = direct.toString('utf8');
    expect(text).toContain(",'=SUM(A1),");
    expect(text).toContain(',"a,b",');
    expect(text).toContain(',"say ""hi""",');
    expect(text).toContain(",'\tlead,");
    expect(text).toContain(',"Your data: ""shop"", =1",\r\n');
  });

  it('writes withheld columns empty, and rows without a source column with the file\'s provenance', async () => {
    for (const withSource of [true, false]) {
      const batch = copyLines(60, withSource);
      const withhold = ['decimal', 'textCell', 'missing'];
      expect((await linePath(batch, withhold)).equals(await rowPath(batch, withhold))).toBe(true);
    }
  });

  it('writes a part of a batch: the rows from `from` to `to`', () => {
    const batch = copyLines(10, true);
    const lines = copyCsvLines(batch.fields, { tailColumn: rowSourceColumn, withheld: new Set(), tailOf: () => 'tail\r\n' });
    const all = lines(batch, 0, 10);
    expect(Buffer.concat([lines(batch, 0, 4), lines(batch, 4, 10)]).equals(all)).toBe(true);
    expect(all.toString('utf8').split('\r\n')).toHaveLength(11);
  });

  it('writes the same file however COPY\'s bytes came in chunks (cut inside lines and characters) and were batched', async () => {
    const whole = copyLines(300, true);
    const expected = await linePath(whole, ['small']);
    for (const [chunkBytes, maxLines, budget] of [[1, 7, 1 << 20], [13, 5_000, 512], [4_096, 64, 1 << 20], [whole.text.length, 5_000, 1 << 20]] as const) {
      const batcher = new LineBatcher(whole.fields, [], maxLines, budget);
      const batches: LineBatch[] = [];
      for (let at = 0; at < whole.text.length; at += chunkBytes) batches.push(...batcher.push(whole.text.subarray(at, at + chunkBytes)));
      const last = batcher.end();
      if (last) batches.push(last);
      expect(batches.flatMap((batch) => batch.lines)).toEqual(whole.lines);
      expect(batches.every((batch) => batch.count <= maxLines)).toBe(true);
      const file = await written(async (writer) => {
        const source = whole.fields.find((field) => field.name === rowSourceColumn)!;
        const value = copySourceValue(source);
        const tailOf = provenanceTails();
        const lines = copyCsvLines(whole.fields, {
          tailColumn: rowSourceColumn,
          withheld: new Set(['small']),
          tailOf: (cell) => writer.tailText(tailOf(provenanceOf(cell === undefined ? undefined : value(cell)))),
        });
        await writer.header(exportColumns(undefined, whole.fields.map((field) => field.name)));
        for (const batch of batches) await writer.lines(lines(batch, 0, batch.count));
      });
      expect(file.equals(expected)).toBe(true);
    }
  });
});

describe('LineBatch', () => {
  it('answers a row\'s key cells as PostgreSQL wrote them, also when keyAt is handed on alone', () => {
    const batch = LineBatch.of(['a\t1\tx', 'b\\tc\t\\N\ty'], [{ name: 'k', dataTypeID: 25 }, { name: 'n', dataTypeID: 23 }, { name: 'z', dataTypeID: 25 }], [0, 1]);
    const { keyAt } = batch;
    expect(keyAt(0)).toEqual(['a', '1']);
    expect(keyAt(1)).toEqual(['b\tc', null]);
    expect(batch.withoutFirst(1).keyAt(0)).toEqual(['b\tc', null]);
    expect(batch.withoutFirst(1).lines).toEqual(['b\\tc\t\\N\ty']);
  });
});
