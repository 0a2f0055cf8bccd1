import { describe, expect, it } from '@jest/globals';
import { parseCsv } from '../../../../../infra/test/spreadsheet-readers.js';
import { formulaPayloads } from '../../../../../infra/test/test-data.js';
import { clipboardLine, csvLine, isPlainNumberText, neutraliseCellText, spreadsheetCell } from './spreadsheet-cell.js';

// The repository's payload list (infra/test/data/security/formula-injection.txt); the corpus tests run the real one.
const payloads = formulaPayloads();

/** What a spreadsheet would evaluate: text starting with = + - @ (after spaces too), a tab or a line break, that is not a plain number. */
const wouldBeFormula = (cell: string) => !isPlainNumberText(cell) && (/^[\t\r\n]/.test(cell) || /^[ \u00A0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell));

describe('formula-injection neutraliser', () => {
  it('reads the whole payload list', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    expect(payloads.filter(wouldBeFormula).length).toBeGreaterThan(40);
  });

  it.each(payloads.map((line) => [JSON.stringify(line), line]))('makes %s inert text in a CSV file', (_label, payload) => {
    const cell = spreadsheetCell(payload);
    expect(typeof cell).toBe('string');
    expect(wouldBeFormula(cell as string)).toBe(false);
    // Written to a CSV line and read back by a CSV parser, the cell is the neutralised text, whole.
    const [row] = parseCsv(csvLine(['before', cell, 'after']));
    expect(row).toEqual(['before', cell, 'after']);
    // The payload is still readable: at most one apostrophe was added in front.
    expect([payload, `'${payload}`]).toContain(row![1]);
  });

  it.each(payloads.map((line) => [JSON.stringify(line), line]))('makes %s inert on the clipboard (tab-separated for Sheets)', (_label, payload) => {
    const pasted = clipboardLine(['a', spreadsheetCell(payload), 'b']).split('\t');
    expect(pasted).toHaveLength(3);
    expect(wouldBeFormula(pasted[1]!)).toBe(false);
  });

  it('keeps numbers as numbers', () => {
    expect(spreadsheetCell(42)).toBe(42);
    expect(spreadsheetCell(-1.5)).toBe(-1.5);
    expect(spreadsheetCell(0)).toBe(0);
    expect(csvLine([spreadsheetCell(-3), spreadsheetCell(1234.5), spreadsheetCell(1e21)])).toBe('-3,1234.5,1e+21\r\n');
    // Text that is exactly a number stays that number (a negative CPC change, a bigint from PostgreSQL).
    expect(neutraliseCellText('-12.5')).toBe('-12.5');
    expect(neutraliseCellText('+7')).toBe('+7');
    expect(neutraliseCellText('1e3')).toBe('1e3');
    expect(spreadsheetCell(12345678901234567890n)).toBe('12345678901234567890');
    // Arithmetic is not a number.
    expect(neutraliseCellText('-1+1')).toBe("'-1+1");
    expect(neutraliseCellText('+1+1')).toBe("'+1+1");
  });

  it('writes empty values as empty cells, lists joined and objects as JSON', () => {
    expect(csvLine([spreadsheetCell(null), spreadsheetCell(undefined), spreadsheetCell(['a', 2, null])])).toBe(',,a; 2; \r\n');
    expect(spreadsheetCell({ a: 1 })).toBe('{"a":1}');
    expect(spreadsheetCell([{ x: '=1' }])).toBe('[{"x":"=1"}]');
    expect(spreadsheetCell(true)).toBe(true);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    expect(parseCsv(csvLine(['a,b', 'say "hi"', 'two\nlines']))).toEqual([['a,b', 'say "hi"', 'two\nlines']]);
  });
});
