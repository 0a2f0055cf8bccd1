import { expect, it } from '@jest/globals';
import { clipboardLine, csvLine, isPlainNumberText, spreadsheetCell } from '@serpwise/contracts';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { corpusPath, describeCorpus, hasCorpus } from '../../../infra/test/corpus.js';
import { parseCsv, readXlsx } from '../../../infra/test/spreadsheet-readers.js';
import { CsvWriter, XlsxWriter } from '@serpwise/domain';

/**
 * The real formula-injection payload list of ../shared/fixtures (security/csv-injection.txt) through the neutraliser
 * and the CSV and XLSX writers. Skipped when the folder is not next to the repository (infra/test/corpus.ts).
 */
const payloads = hasCorpus ? readFileSync(corpusPath('security/csv-injection.txt'), 'utf8').split('\n').filter(Boolean) : [];

/** What a spreadsheet would evaluate: text starting with = + - @ (after spaces too), a tab or a line break, that is not a plain number. */
const wouldBeFormula = (cell: string) => !isPlainNumberText(cell) && (/^[\t\r\n]/.test(cell) || /^[ \u00A0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell));

async function written(writer: (stream: PassThrough) => CsvWriter | XlsxWriter): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const target = writer(stream);
  await target.header(['Payload']);
  await target.rows(payloads.map((payload) => [spreadsheetCell(payload)]));
  await target.finish();
  stream.end();
  return Buffer.concat(chunks);
}

describeCorpus('real files: formula-injection payloads', () => {
  it('reads the whole list', () => {
    expect(payloads).toHaveLength(54);
    expect(payloads.filter(wouldBeFormula).length).toBeGreaterThan(40);
  });

  it('makes every payload inert text on a CSV line and on the clipboard, keeping it readable', () => {
    for (const payload of payloads) {
      const cell = spreadsheetCell(payload) as string;
      expect(wouldBeFormula(cell)).toBe(false);
      expect(parseCsv(csvLine(['before', cell, 'after']))).toEqual([['before', cell, 'after']]);
      expect([payload, `'${payload}`]).toContain(cell);
      expect(wouldBeFormula(clipboardLine(['a', cell, 'b']).split('\t')[1]!)).toBe(false);
    }
  });

  it('writes every payload as inert text into a CSV file and an XLSX sheet', async () => {
    const csv = parseCsv((await written((stream) => new CsvWriter(stream))).toString('utf8')).slice(1);
    expect(csv).toHaveLength(payloads.length);
    csv.forEach((row, index) => expect([payloads[index], `'${payloads[index]}`]).toContain(row[0]));
    const sheet = readXlsx(await written((stream) => new XlsxWriter(stream))).slice(1);
    expect(sheet).toHaveLength(payloads.length);
    sheet.forEach((row) => {
      expect(row[0]!.type).toBe('s');
      expect(wouldBeFormula(row[0]!.value as string)).toBe(false);
    });
  });
});
